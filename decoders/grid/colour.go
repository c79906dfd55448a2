package grid

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"golang.org/x/term"
)

// WantANSI decides Options.ANSI from the --colour flag: "always", "never",
// or "auto" (or ""): ANSI only when the output is stdout (output "" or "-")
// and stdout is a terminal, so pipes and files stay plain text, and the
// environment variable NO_COLOR is unset or empty (https://no-color.org:
// any other value turns the colours off; "always" keeps them, as the user
// asked for them by name).
func WantANSI(mode, output string, stdout io.Writer) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto", "":
		if output != "" && output != "-" || os.Getenv("NO_COLOR") != "" {
			return false, nil
		}
		f, ok := stdout.(*os.File)
		return ok && term.IsTerminal(int(f.Fd())), nil
	}
	return false, fmt.Errorf("unknown colour mode %q (want auto, always or never)", mode)
}

// colours returns the colours of a colour nonogram: the puzzle's (with
// their names) when there is one, else the puzzle lines'.
func colours(h Layout, p *nonogram.Puzzle) ([]nonogram.Colour, error) {
	if p != nil && p.IsColour() {
		return p.Colours, nil
	}
	_, _, cs, _, err := nonogram.ReadPuzzleLines([]string{h.Line()})
	return cs, err
}

// decodeColour is Decode's second half for a colour nonogram: each model's
// cells have K variables, exactly one true.
func decodeColour(out *dimacs.Output, models []dimacs.Model, h Layout, f Format, opts Options, w, msg io.Writer, res Result) (Result, error) {
	cs, err := colours(h, opts.Puzzle)
	if err != nil {
		return res, err
	}
	pics, reps, err := pictures(models, func(m dimacs.Model) ([]int, error) {
		pic, err := colourPicture(m, h, len(cs))
		if err == nil && opts.Puzzle != nil {
			err = opts.Puzzle.VerifyColours(pic)
		}
		return pic, err
	})
	if err != nil {
		return res, err
	}
	var after error
	switch {
	case f.IsDrawing():
		if len(pics) > 1 {
			fmt.Fprintf(msg, "drawing the first of %d solutions\n", len(pics))
		}
		clues := opts.Puzzle
		if clues == nil {
			clues = ColourCluesOf(pics[0], h.Width, h.Height, cs)
		}
		if err := opts.Drawer.DrawColour(w, f, pics[0], opts.drawOptions(clues)); err != nil {
			return res, err
		}
		res.Decoded, after = colourVerdict(msg, out, pics, reps, h)
	case f == Unicode:
		if !opts.ANSI {
			return res, ErrANSIOnly
		}
		fallthrough
	default:
		bw := bufio.NewWriterSize(w, bufSize(h, len(pics)))
		for k, pic := range pics {
			if k > 0 && f != Goal {
				bw.WriteByte('\n')
			}
			if f == Unicode {
				writeHalfBlocks(bw, pic, h.Width, cs)
			} else {
				writeColour(bw, pic, h.Width, cs, f, opts.ANSI)
			}
		}
		res.Decoded, after = colourVerdict(bw, out, pics, reps, h)
		if err := bw.Flush(); err != nil {
			return res, err
		}
	}
	return res, after
}

// colourPicture reads the colour of each cell from m: cell i in colour k
// is variable i*K+k+1, and exactly one of a cell's K must be true.
func colourPicture(m dimacs.Model, h Layout, K int) ([]int, error) {
	pic := make([]int, h.Width*h.Height)
	for i := range pic {
		n := 0
		for k := range K {
			v, ok := m.Value(i*K + k + 1)
			if !ok {
				return nil, fmt.Errorf("the model leaves variable %d (%s) unassigned", i*K+k+1, nonogram.CellName(i/h.Width, i%h.Width))
			}
			if v {
				pic[i] = k
				n++
			}
		}
		if n != 1 {
			return nil, fmt.Errorf("the model gives cell %s %d colours, want exactly 1", nonogram.CellName(i/h.Width, i%h.Width), n)
		}
	}
	return pic, nil
}

// writeColour writes a colour picture: Goal as the .non goal string ('0'
// the background, else each colour's character), Text and Board as rows
// of characters with '.' for the background, with ansi each cell on its
// colour.
func writeColour(w *bufio.Writer, pic []int, width int, cs []nonogram.Colour, f Format, ansi bool) {
	if f == Goal {
		for _, k := range pic {
			w.WriteByte(cs[k].Char)
		}
		w.WriteByte('\n')
		return
	}
	for r := 0; r < len(pic)/width; r++ {
		for _, k := range pic[r*width : (r+1)*width] {
			ch := cs[k].Char
			if k == 0 {
				ch = '.'
			}
			if ansi {
				c := cs[k].RGB
				fg := "0;0;0"
				if 299*int(c[0])+587*int(c[1])+114*int(c[2]) < 128000 {
					fg = "255;255;255"
				}
				fmt.Fprintf(w, "\x1b[38;2;%sm\x1b[48;2;%d;%d;%dm", fg, c[0], c[1], c[2])
			}
			w.WriteByte(ch)
		}
		if ansi {
			w.WriteString("\x1b[0m")
		}
		w.WriteByte('\n')
	}
}

// writeHalfBlocks writes a colour picture two rows a line: each character
// is an upper half block in the top cell's colour on the bottom cell's
// (the background below the last row of an odd height).
func writeHalfBlocks(w *bufio.Writer, pic []int, width int, cs []nonogram.Colour) {
	height := len(pic) / width
	for r := 0; r < height; r += 2 {
		for c := range width {
			top, bot := cs[pic[r*width+c]].RGB, cs[0].RGB
			if r+1 < height {
				bot = cs[pic[(r+1)*width+c]].RGB
			}
			fmt.Fprintf(w, "\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm▀", top[0], top[1], top[2], bot[0], bot[1], bot[2])
		}
		w.WriteString("\x1b[0m\n")
	}
}

// colourVerdict is verdict for colour pictures.
func colourVerdict(w io.Writer, out *dimacs.Output, pics [][]int, reps []dimacs.Repeat, h Layout) (dimacs.Decoded, error) {
	if len(pics) < 2 {
		return ending(w, out, len(pics), "", reps)
	}
	var names []string
	more := 0
	for i := range pics[0] {
		for _, p := range pics[1:] {
			if p[i] != pics[0][i] {
				if len(names) < 20 {
					names = append(names, nonogram.CellName(i/h.Width, i%h.Width))
				} else {
					more++
				}
				break
			}
		}
	}
	s := strings.Join(names, " ")
	if more > 0 {
		s += " and " + strconv.Itoa(more) + " more"
	}
	return ending(w, out, len(pics), s, reps)
}

// ColourCluesOf returns the colour puzzle, with palette cs, whose clues a
// colour picture (colour indexes, 0 the background) has.
func ColourCluesOf(pic []int, w, h int, cs []nonogram.Colour) *nonogram.Puzzle {
	p := &nonogram.Puzzle{Width: w, Height: h, Colours: cs}
	for r := range h {
		c, k := nonogram.ColourClueOf(pic[r*w : (r+1)*w])
		p.Rows = append(p.Rows, c)
		p.RowColours = append(p.RowColours, k)
	}
	col := make([]int, h)
	for c := range w {
		for r := range h {
			col[r] = pic[r*w+c]
		}
		cl, k := nonogram.ColourClueOf(col)
		p.Cols = append(p.Cols, cl)
		p.ColColours = append(p.ColColours, k)
	}
	return p
}
