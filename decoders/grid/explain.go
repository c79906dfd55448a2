package grid

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/nonogram"
)

// GroupWords returns a group's name in a nonogram's words, as the
// sentence after an explanation says it: `row 3 "2 1"` is "row 3 (2 1)";
// other names ("given r2c5", a queen's "row 1 rule") are as they are.
func GroupWords(name string) string {
	g, ok := nonogram.ParseGroupName(name)
	if !ok {
		return name
	}
	return nonogram.LineName(g.IsRow, g.Index) + " (" + g.Clue + ")"
}

// Marks are the lines and givens of a conflict, to be marked in the
// drawing of the puzzle.
type Marks struct {
	Rows, Cols []bool
	Cells      map[nonogram.Cell]bool // givens in the conflict
}

// conflictMarks returns the rows, columns and givens e names, for a grid
// of w x h.
func conflictMarks(e *dimacs.Explanation, w, h int) Marks {
	m := Marks{Rows: make([]bool, h), Cols: make([]bool, w), Cells: map[nonogram.Cell]bool{}}
	for _, g := range e.Groups {
		if lg, ok := nonogram.ParseGroupName(g.Name); ok {
			switch {
			case lg.IsRow && lg.Index < h:
				m.Rows[lg.Index] = true
			case !lg.IsRow && lg.Index < w:
				m.Cols[lg.Index] = true
			}
			continue
		}
		if c, ok := givenCell(g.Name); ok {
			m.Cells[c] = true
		}
	}
	return m
}

// givenCell reads the cell of a given's group name: "given r2c5", "given
// r2c5=a", "given r2c5 not background" (see nonogram.GivenGroupName).
func givenCell(name string) (nonogram.Cell, bool) {
	rest, ok := strings.CutPrefix(name, "given r")
	if !ok {
		return nonogram.Cell{}, false
	}
	end := strings.IndexAny(rest, "= ")
	if end < 0 {
		end = len(rest)
	}
	r, c, ok := strings.Cut(rest[:end], "c")
	R, err1 := strconv.Atoi(r)
	C, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil || R < 1 || C < 1 {
		return nonogram.Cell{}, false
	}
	return nonogram.Cell{Row: R - 1, Col: C - 1}, true
}

// cluesOfGroups returns the clue of each row and column of a w x h
// nonogram, as their group names write them ("2 1", "2a 1b", "0"), read
// from the pipesat lines satrun forwards ("pipesat group ID NAME"), and
// the givens they name; ok is false unless every line has its group.
func cluesOfGroups(lines []string, w, h int) (rows, cols []string, givens []nonogram.Cell, ok bool) {
	rows, cols = make([]string, h), make([]string, w)
	n := 0
	for _, l := range lines {
		if !dimacs.IsGroupLine(l) {
			continue
		}
		_, name, err := dimacs.ParseGroupLine(l)
		if err != nil {
			continue
		}
		if c, ok := givenCell(name); ok {
			givens = append(givens, c)
			continue
		}
		g, ok := nonogram.ParseGroupName(name)
		if !ok {
			continue
		}
		switch {
		case g.IsRow && g.Index < h && rows[g.Index] == "":
			rows[g.Index] = g.Clue
			n++
		case !g.IsRow && g.Index < w && cols[g.Index] == "":
			cols[g.Index] = g.Clue
			n++
		}
	}
	return rows, cols, givens, n == w+h
}

// puzzleOfClues returns the puzzle whose clues rows and cols write (as
// cluesOfGroups returns them) in the palette of layout h, for a drawing;
// ok is false if a clue does not read.
func puzzleOfClues(h Layout, rows, cols []string, givens []nonogram.Cell) (*nonogram.Puzzle, bool) {
	p := &nonogram.Puzzle{Width: h.Width, Height: h.Height, Givens: givens}
	if h.Palette != "" {
		_, _, cs, ok, err := nonogram.ReadPuzzleLines([]string{h.Line()})
		if !ok || err != nil {
			return nil, false
		}
		p.Colours = cs
	}
	read := func(s string) (nonogram.Clue, []int, bool) {
		var c nonogram.Clue
		var k []int
		if s == "0" {
			return c, k, true
		}
		for _, tok := range strings.Fields(s) {
			i := 0
			for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
				i++
			}
			n, err := strconv.Atoi(tok[:i])
			if err != nil || n < 1 {
				return nil, nil, false
			}
			colour := 1 // the default colour, '1'
			if p.Colours != nil {
				ch := byte('1')
				if i < len(tok) {
					ch = tok[i]
				}
				colour = p.ColourIndex(ch)
				if colour < 1 || i+1 < len(tok) {
					return nil, nil, false
				}
			} else if i != len(tok) {
				return nil, nil, false
			}
			c = append(c, n)
			k = append(k, colour)
		}
		return c, k, true
	}
	for _, s := range rows {
		c, k, ok := read(s)
		if !ok {
			return nil, false
		}
		p.Rows = append(p.Rows, c)
		p.RowColours = append(p.RowColours, k)
	}
	for _, s := range cols {
		c, k, ok := read(s)
		if !ok {
			return nil, false
		}
		p.Cols = append(p.Cols, c)
		p.ColColours = append(p.ColColours, k)
	}
	if p.Colours == nil {
		p.RowColours, p.ColColours = nil, nil
	}
	return p, true
}

// clueTexts returns p's clues as their group names write them.
func clueTexts(p *nonogram.Puzzle) (rows, cols []string) {
	for r := range p.Height {
		g, _ := nonogram.ParseGroupName(p.GroupName(true, r))
		rows = append(rows, g.Clue)
	}
	for c := range p.Width {
		g, _ := nonogram.ParseGroupName(p.GroupName(false, c))
		cols = append(cols, g.Clue)
	}
	return rows, cols
}

// explainConflict writes what Decode shows for an unsatisfiable answer
// satrun explained (out.Explain, a conflict): the empty grid with its
// clues, the lines of the conflict marked (text: ">" before a row's clue,
// "v" above a column's, "*" on a given of the conflict, "+" on another;
// PNG, SVG and PDF: the lines and givens highlighted), then the sentence
// "c no solution: ..." as the last line of w ("no solution" on msg, as
// without an explanation), or on msg for a drawing.
// The clues come from opts.Puzzle, else from the group lines satrun
// forwards; without them, or for queens and rooks, only the sentence is
// written.
func explainConflict(out *dimacs.Output, h Layout, ok bool, f Format, opts Options, w, msg io.Writer) error {
	e := out.Explain
	sentence := "c " + e.Sentence(GroupWords) + "\n"
	var rows, cols []string
	var givens []nonogram.Cell
	clued := false
	if ok && h.Kind == Nonogram {
		if p := opts.Puzzle; p != nil {
			rows, cols = clueTexts(p)
			givens, clued = p.Givens, true
		} else {
			rows, cols, givens, clued = cluesOfGroups(out.Pipesat, h.Width, h.Height)
		}
	}
	m := conflictMarks(e, h.Width, h.Height)
	if f.IsDrawing() {
		if clued {
			p := opts.Puzzle
			if p == nil {
				p, clued = puzzleOfClues(h, rows, cols, givens)
			}
			if clued {
				o := opts.drawOptions(p)
				o.Mark = m
				var err error
				if p.IsColour() {
					err = opts.Drawer.DrawColour(w, f, make([]int, h.Width*h.Height), o)
				} else {
					err = opts.Drawer.Draw(w, f, make([]bool, h.Width*h.Height), h.Width, h.Height, o)
				}
				if err != nil {
					return err
				}
			}
		}
		if !clued {
			hint := ""
			if opts.CluesHint != "" {
				hint = ": " + opts.CluesHint
			}
			fmt.Fprintf(msg, "no solution (no clues to draw%s)\n", hint)
		}
		_, err := io.WriteString(msg, sentence)
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if clued {
		writeMarked(bw, rows, cols, givens, m)
	}
	bw.WriteString(sentence)
	// As every decoder says it, explained or not.
	fmt.Fprintln(msg, "no solution")
	return bw.Flush()
}

// writeMarked writes the empty grid of a puzzle with clues rows and cols
// (as group names write them) as text: the column clues stacked above
// their columns, each row's clue before it, "." for a cell, "+" for a
// given, and the marks of m: "v" above a column, ">" before a row, "*"
// on a given.
func writeMarked(w *bufio.Writer, rows, cols []string, givens []nonogram.Cell, m Marks) {
	colToks := make([][]string, len(cols))
	cw, depth := 1, 0
	for c, s := range cols {
		colToks[c] = strings.Fields(s)
		depth = max(depth, len(colToks[c]))
		for _, t := range colToks[c] {
			cw = max(cw, len(t))
		}
	}
	rw := 0
	for _, s := range rows {
		rw = max(rw, len(s))
	}
	given := map[nonogram.Cell]bool{}
	for _, g := range givens {
		given[g] = true
	}
	pad := func(s string, n int) string { return strings.Repeat(" ", max(n-len(s), 0)) + s }
	lead := strings.Repeat(" ", 2+rw)
	line := func(cell func(c int) string) {
		var b strings.Builder
		for c := range cols {
			b.WriteString(" ")
			b.WriteString(pad(cell(c), cw))
		}
		w.WriteString(strings.TrimRight(b.String(), " "))
		w.WriteByte('\n')
	}
	if slices.Contains(m.Cols, true) {
		w.WriteString(lead)
		line(func(c int) string {
			if m.Cols[c] {
				return "v"
			}
			return ""
		})
	}
	for d := range depth {
		w.WriteString(lead)
		line(func(c int) string {
			toks := colToks[c]
			if k := d - (depth - len(toks)); k >= 0 {
				return toks[k]
			}
			return ""
		})
	}
	for r, s := range rows {
		mark := "  "
		if m.Rows[r] {
			mark = "> "
		}
		w.WriteString(mark + pad(s, rw))
		line(func(c int) string {
			cell := nonogram.Cell{Row: r, Col: c}
			switch {
			case m.Cells[cell]:
				return "*"
			case given[cell]:
				return "+"
			}
			return "."
		})
	}
}
