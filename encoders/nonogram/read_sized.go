package nonogram

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/textpos"
)

// The formats that give the size first and then one clue a line, black
// and white only (facts from pbnsolve's doc/input.md and readers, and
// Jakub Wilk's nonogram manual):
//
//	mk  = H " " W NL { clue NL } × H "#" NL { clue NL } × W .  (* Olsak *)
//	nin = W " " H NL { clue NL } × H { clue NL } × W .        (* Wilk *)
//	cwd = H NL W NL { clue NL } × H blank { clue NL } × W .    (* QNonograms *)
//
// H is the height (rows), W the width (columns). Blank lines are not
// clues: an empty line's clue is 0. The mk separator is a line that starts
// with '#'. Anything after the column clues but blank lines is an error.

// sizedLines walks the lines of a sized format.
type sizedLines struct {
	name  string
	t     *text
	lines []string
	i     int // the next line
}

func (s *sizedLines) errAt(line, col int, format string, args ...any) error {
	return &textpos.Error{Name: s.name, Pos: textpos.Pos{Line: line, Col: col}, Msg: fmt.Sprintf(format, args...)}
}

// skipBlank moves to the next non-blank line, and reports whether a
// blank line was skipped.
func (s *sizedLines) skipBlank() bool {
	skipped := false
	for s.i < len(s.lines) && strings.TrimSpace(s.lines[s.i]) == "" {
		s.i++
		skipped = true
	}
	return skipped
}

// numbers reads the next non-blank line as want sizes (1 to MaxSide),
// separated by blanks; what says what they are, for messages.
func (s *sizedLines) numbers(want int, what string) ([]int, error) {
	s.skipBlank()
	if s.i >= len(s.lines) {
		return nil, s.errAt(s.t.num(s.i), 1, "the input ends: expected %s", what)
	}
	ln, lno := s.lines[s.i], s.t.num(s.i)
	s.i++
	var out []int
	j := 0
	for {
		for j < len(ln) && (ln[j] == ' ' || ln[j] == '\t') {
			j++
		}
		if j >= len(ln) {
			break
		}
		k := j
		for k < len(ln) && isDigit(ln[k]) {
			k++
		}
		if k == j || k < len(ln) && ln[k] != ' ' && ln[k] != '\t' {
			return nil, s.errAt(lno, j+1, "%q: expected %s", strings.TrimSpace(ln), what)
		}
		if len(out) == want {
			return nil, s.errAt(lno, j+1, "%q: expected %s, then the end of the line", strings.TrimSpace(ln), what)
		}
		n, err := strconv.Atoi(ln[j:k])
		if err != nil || n < 1 || n > MaxSide {
			return nil, s.errAt(lno, j+1, "size %s: must be between 1 and %d", ln[j:k], MaxSide)
		}
		out = append(out, n)
		j = k
	}
	if len(out) < want {
		return nil, s.errAt(lno, len(ln)+1, "%q: expected %s", strings.TrimSpace(ln), what)
	}
	return out, nil
}

// clues reads n clue lines, blank lines skipped, for rows (isRow) or
// columns; size names the dimension in messages ("height"). It stops
// early at a line that does not start with a digit, for the caller to
// name.
func (s *sizedLines) clues(isRow bool, n int, size string) ([]Clue, []pos, error) {
	var cs []Clue
	var ps []pos
	what := "row"
	if !isRow {
		what = "column"
	}
	for len(cs) < n {
		s.skipBlank()
		if s.i >= len(s.lines) {
			return nil, nil, s.errAt(s.t.num(s.i), 1, "%d %s clues, %s is %d", len(cs), what, size, n)
		}
		ln := s.lines[s.i]
		if t := strings.TrimSpace(ln); !isDigit(t[0]) {
			return cs, ps, nil
		}
		c, _, err := parseClue(ln, s.name, LineName(isRow, len(cs)), s.t.num(s.i), 1, false)
		if err != nil {
			return nil, nil, err
		}
		cs = append(cs, c)
		ps = append(ps, pos{s.t.num(s.i), indent(ln)})
		s.i++
	}
	return cs, ps, nil
}

// parseSized reads the mk, nin and cwd formats.
func parseSized(in *text, name string, f Format) (*Puzzle, error) {
	s := &sizedLines{name: name, t: in, lines: in.lines}
	p := &Puzzle{name: name}
	switch f {
	case MK:
		hw, err := s.numbers(2, `the height and the width ("H W", an mk file's first line)`)
		if err != nil {
			return nil, err
		}
		p.Height, p.Width = hw[0], hw[1]
	case NIN:
		wh, err := s.numbers(2, `the width and the height ("W H", a nin file's first line)`)
		if err != nil {
			return nil, err
		}
		p.Width, p.Height = wh[0], wh[1]
	case CWD:
		h, err := s.numbers(1, "the height (a cwd file's first line; the width is on the second)")
		if err != nil {
			return nil, err
		}
		w, err := s.numbers(1, "the width (a cwd file's second line, after the height)")
		if err != nil {
			return nil, err
		}
		p.Height, p.Width = h[0], w[0]
	}
	if p.Width*p.Height > MaxCells {
		return nil, s.errAt(s.t.num(s.i-1), 1, "%dx%d grid has more than %d cells", p.Width, p.Height, MaxCells)
	}
	var err error
	if p.Rows, p.rowPos, err = s.clues(true, p.Height, "height"); err != nil {
		return nil, err
	}
	// What ends the rows: mk's "#" line, cwd's blank line.
	blank := s.skipBlank()
	at := func() (int, int, string) {
		if s.i >= len(s.lines) {
			return s.t.num(s.i), 1, ""
		}
		return s.t.num(s.i), indent(s.lines[s.i]), strings.TrimSpace(s.lines[s.i])
	}
	line, col, t := at()
	switch {
	case len(p.Rows) < p.Height:
		return nil, s.errAt(line, col, "%d row clues, height is %d: %q is not a clue", len(p.Rows), p.Height, t)
	case f == MK && !strings.HasPrefix(t, "#"):
		if t == "" {
			return nil, s.errAt(line, col, `the input ends: expected a "#" line after the %d row clues`, p.Height)
		}
		return nil, s.errAt(line, col, `expected a "#" line after the %d row clues (height is %d), not %q`, p.Height, p.Height, t)
	case f == MK:
		s.i++
	case f == CWD && t != "" && !blank:
		return nil, s.errAt(line, col, "expected a blank line after the %d row clues (height is %d), not %q", p.Height, p.Height, t)
	}
	p.colsKey = pos{line, col}
	if p.Cols, p.colPos, err = s.clues(false, p.Width, "width"); err != nil {
		return nil, err
	}
	s.skipBlank()
	line, col, t = at()
	switch {
	case len(p.Cols) < p.Width:
		return nil, s.errAt(line, col, "%d column clues, width is %d: %q is not a clue", len(p.Cols), p.Width, t)
	case t != "" && isDigit(t[0]):
		return nil, s.errAt(line, col, "more than %d column clues (width is %d)", p.Width, p.Width)
	case t != "":
		return nil, s.errAt(line, col, "unexpected line after the column clues: %q", t)
	}
	return p, nil
}
