package grid

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/encoders/queens"
)

// Kind is what a grid's cells mean.
type Kind int

const (
	Nonogram Kind = iota // black and blank cells
	Queens               // N queens on an N x N board
	Rooks                // N rooks on an N x N board
)

// Format is an output format.
type Format string

// The output formats.
const (
	Text    Format = "text"    // H rows of W characters '#' and '.'
	Unicode Format = "unicode" // half blocks: two rows per line
	Goal    Format = "goal"    // one line of W*H '1' and '0', the .non goal string
	PNG     Format = "png"     // the grid with its clues, drawn
	SVG     Format = "svg"     // the same as SVG
	PDF     Format = "pdf"     // the same as PDF
	Board   Format = "board"   // a board of 'Q' (or 'R') and '.'
)

// ParseFormat returns the format called s.
func ParseFormat(s string) (Format, error) {
	switch f := Format(s); f {
	case Text, Unicode, Goal, PNG, SVG, PDF, Board:
		return f, nil
	}
	return "", fmt.Errorf("unknown format %q (want text, unicode, goal, png, svg, pdf or board)", s)
}

// FileFormat returns the format a file's name says by its extension,
// case ignored: PNG, SVG or PDF for .png, .svg, .pdf, Text for .txt (a
// text format), "" for any other.
func FileFormat(name string) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".png":
		return PNG
	case ".svg":
		return SVG
	case ".pdf":
		return PDF
	case ".txt":
		return Text
	}
	return ""
}

// IsDrawing reports whether f is a drawing (PNG, SVG or PDF) rather than
// text.
func (f Format) IsDrawing() bool { return f == PNG || f == SVG || f == PDF }

// ErrNoLayout is Decode's error for an answer with models and nothing
// that gives the grid's size: no puzzle lines ("c pipesat nonogram W H",
// "c pipesat queens N"), no Options.Puzzle, no Options.Width and Height.
var ErrNoLayout = errors.New("no puzzle header (\"c pipesat nonogram W H\" or \"c pipesat queens N\") in the solver output")

// ErrANSIOnly is Decode's error for a colour picture in the Unicode
// format without Options.ANSI: its half blocks show colours only as ANSI
// colours.
var ErrANSIOnly = errors.New("the unicode format shows colours only as ANSI colours")

// Options control Decode.
type Options struct {
	// Format is the output format; "" means Board for queens and rooks,
	// Text otherwise.
	Format Format
	// Puzzle, when not nil, gives the size and is checked against every
	// picture: a picture that breaks a clue is an error naming the line.
	Puzzle *nonogram.Puzzle
	// Width and Height give the size when neither the puzzle lines nor
	// Puzzle do (a raw solver's output): of a nonogram, or with the Board
	// format of N queens (Width and Height N).
	Width, Height int
	// Count prints only the number of models.
	Count bool
	// ANSI colours the text of a colour picture with ANSI escapes (24-bit
	// background colours), for a terminal; see WantANSI.
	ANSI bool
	// Title is drawn above a PNG, SVG or PDF picture; "" takes the
	// puzzle's own title (the .non "title", XML <title>), if any.
	Title string
	// CluesHint, if not "", says how to give the clues when an explained
	// conflict has none to draw: "no solution (no clues to draw: HINT)"
	// (cnf2grid's "give --puzzle FILE").
	CluesHint string
	// Drawer draws the PNG, SVG and PDF formats (package grid/draw's
	// Drawer); without one they are an error. It is a field, not an
	// import, so that a program that writes only text links no fonts and
	// image writers: their package initialisation costs every start of it
	// about 0.7 ms.
	Drawer Drawer
}

// Drawer draws a picture as an image: package grid/draw's Drawer.
type Drawer interface {
	// Draw draws a black-and-white picture (row-major, true black) of
	// width x height cells in format f (PNG, SVG or PDF) to w.
	Draw(w io.Writer, f Format, pic []bool, width, height int, o DrawOptions) error
	// DrawColour draws a colour picture (row-major colour indexes into
	// o.Clues.Colours, 0 the background) as Draw does.
	DrawColour(w io.Writer, f Format, pic []int, o DrawOptions) error
}

// DrawOptions say what a drawing shows besides the cells.
type DrawOptions struct {
	// Title, when not "", is drawn above the grid.
	Title string
	// Clues, when not nil, is the puzzle whose clue numbers stand left of
	// the rows and above the columns, and whose givens are marked with a
	// dot. For a colour picture it is also the palette, and must not be
	// nil.
	Clues *nonogram.Puzzle
	// Mark holds the rows, columns and givens to highlight: the clues of
	// a conflict (satrun --explain), drawn over a band of mark colour
	// across the line and its clue.
	Mark Marks
}

// drawOptions returns what a drawing shows besides the cells: the clues
// (and givens) of clues, and opts' title or else the puzzle's.
func (opts Options) drawOptions(clues *nonogram.Puzzle) DrawOptions {
	t := opts.Title
	if t == "" && opts.Puzzle != nil {
		t = opts.Puzzle.Title
	}
	return DrawOptions{Title: t, Clues: clues}
}

// Result is what Decode found.
type Result struct {
	dimacs.Decoded // Solutions: the models shown
}

// Layout is the grid the puzzle lines ("c pipesat nonogram W H", "c
// pipesat queens N", ...) describe: its kind, its size and, in colour,
// its palette.
type Layout struct {
	Kind          Kind
	Width, Height int
	// Palette is a colour nonogram's palette as its puzzle line writes it
	// (nonogram.PaletteLine: "0=ffffff a=d62728"), "" in black and white.
	Palette string
}

// ParseLayout reads the grid's kind and size from the pipesat lines
// (without "c "): "pipesat nonogram W H", "pipesat nonogram W H colours
// ...", "pipesat queens N", "pipesat rooks N". ok is false when none is
// there. An error is a *dimacs.PipesatLineError (see dimacs.Output.Locate).
func ParseLayout(lines []string) (h Layout, ok bool, err error) {
	// The first line of either kind wins; each encoder package reads its own.
	for i := range lines {
		l := lines[i : i+1]
		w, ht, cs, ok, err := nonogram.ReadPuzzleLines(l)
		if err != nil {
			return h, false, dimacs.PipesatLineErr(i, err)
		}
		if ok {
			h := Layout{Kind: Nonogram, Width: w, Height: ht}
			if cs != nil {
				h.Palette = nonogram.PaletteLine(cs)
			}
			return h, true, nil
		}
		n, rooks, ok, err := queens.ReadPuzzleLines(l)
		if err != nil {
			return h, false, dimacs.PipesatLineErr(i, err)
		}
		if ok {
			k := Queens
			if rooks {
				k = Rooks
			}
			return Layout{Kind: k, Width: n, Height: n}, true, nil
		}
	}
	return h, false, nil
}

// Decode reads a solver's output from r (satrun's, or any solver's in a
// dialect dimacs.ReadOutput knows) and writes each model as a picture to
// w, then dimacs.Output.WriteEnding's lines ("c unique solution", or "c not
// unique: K solutions" and "c they differ in CELLS") as the last lines of
// w, or on msg for PNG and SVG, which have no comment lines; after satrun
// --explain's groups a unique solution needs, then the sentence that
// names them ("c the solution needs row 3 (2 1) and ..."). An
// unsatisfiable answer writes "no solution" on msg; one satrun explained,
// the puzzle's grid with the lines of the conflict marked and the
// sentence "c no solution: row 3 (2 1) and column 12 (1 1 3) cannot all
// hold; ..." (see explainConflict); an unknown one a message. The size comes from the forwarded "c pipesat" header, else from
// opts. name is used only in messages.
//
// Input with no answer, garbage or a model cut short is an error (see
// dimacs.ReadAnswer). Two errors come after a complete output, and
// dimacs.AfterOutput tells them apart: the *dimacs.UpstreamError of a
// stream that says the solver failed ("c ERROR: ..."), and, with
// opts.Count, the *dimacs.IncompleteError of a count printed as
// "at least N".
func Decode(r io.Reader, name string, opts Options, w, msg io.Writer) (Result, error) {
	out, err := dimacs.ReadAnswer(r, name)
	if err != nil {
		return Result{}, err
	}
	return DecodeOutput(out, opts, w, msg)
}

// DecodeOutput is Decode on a solver's output already read, or made in
// the same process from the answers themselves (nonosolve, which writes
// no text in between): out as dimacs.ReadAnswer returns it.
func DecodeOutput(out *dimacs.Output, opts Options, w, msg io.Writer) (Result, error) {
	h, ok, err := layoutOf(out, opts)
	if err != nil {
		return Result{}, err
	}
	if opts.Format.IsDrawing() && opts.Drawer == nil {
		return Result{}, fmt.Errorf("grid: no Options.Drawer to draw %s", opts.Format)
	}
	var res Result
	res.Status = out.Status()
	models := out.Models()
	if opts.Count {
		// Decodable made Count, if any, agree with the models. A model
		// listed twice is counted once.
		distinct, _ := dimacs.Distinct(models)
		if _, err := fmt.Fprintln(w, out.CountText(len(distinct))); err != nil {
			return res, err
		}
		res.Solutions = len(distinct)
		return res, out.CountError()
	}
	switch res.Status {
	case dimacs.Unsat:
		if out.Explain != nil && !out.Explain.Needed {
			f := opts.Format
			if f == "" {
				f = Text
			}
			if err := explainConflict(out, h, ok, f, opts, w, msg); err != nil {
				return res, err
			}
			return res, out.Failed()
		}
		fmt.Fprintln(msg, "no solution")
		return res, out.Failed()
	case dimacs.Unknown:
		fmt.Fprintln(msg, "unknown: the solver gave no answer")
		return res, out.Failed()
	}
	if !ok {
		return res, ErrNoLayout
	}
	f := opts.Format
	if f == "" {
		f = Text
		if h.Kind != Nonogram {
			f = Board
		}
	}
	if h.Palette != "" {
		return decodeColour(out, models, h, f, opts, w, msg, res)
	}
	pics, reps, err := pictures(models, func(m dimacs.Model) ([]bool, error) {
		pic, err := picture(m, h)
		if err == nil && opts.Puzzle != nil {
			err = opts.Puzzle.Verify(pic)
		}
		if err == nil && h.Kind != Nonogram {
			err = checkBoard(pic, h)
		}
		return pic, err
	})
	if err != nil {
		return res, err
	}
	d, err := writePictures(out, pics, reps, h, f, opts, w, msg)
	res.Decoded = d
	return res, err
}

// layoutOf returns the grid's layout and whether it is known: from the
// solver output's header, the puzzle of opts or its size, which must
// agree with the header when both are there.
func layoutOf(out *dimacs.Output, opts Options) (Layout, bool, error) {
	h, ok, err := ParseLayout(out.Pipesat)
	if err != nil {
		return h, ok, out.Locate(err)
	}
	if p := opts.Puzzle; p != nil {
		ph := Layout{Kind: Nonogram, Width: p.Width, Height: p.Height}
		if p.IsColour() {
			ph.Palette = nonogram.PaletteLine(p.Colours)
		}
		if ok && h != ph {
			return h, ok, fmt.Errorf("the puzzle is %s, the solver output's header says %s", ph, h)
		}
		h, ok = ph, true
	}
	if opts.Width > 0 || opts.Height > 0 {
		if opts.Width < 1 || opts.Height < 1 || opts.Width > nonogram.MaxSide || opts.Height > nonogram.MaxSide || opts.Width*opts.Height > nonogram.MaxCells {
			return h, ok, fmt.Errorf("bad size %dx%d", opts.Width, opts.Height)
		}
		if ok && (h.Width != opts.Width || h.Height != opts.Height) {
			return h, ok, fmt.Errorf("the size is %dx%d, the solver output's header says %s", opts.Width, opts.Height, h)
		}
		if !ok {
			h, ok = Layout{Kind: Nonogram, Width: opts.Width, Height: opts.Height}, true
			if opts.Format == Board {
				if opts.Width != opts.Height {
					return h, ok, fmt.Errorf("a board of queens is square, not %dx%d", opts.Width, opts.Height)
				}
				h.Kind = Queens
			}
		}
	}
	return h, ok, nil
}

// writePictures writes the black-and-white pictures in format f: a
// drawing of the first (an image has no comment lines: the verdict goes
// to msg), or every one as text followed by the verdict. It returns what
// the verdict says, and the error of writing, else the answer's own
// (dimacs.Output.WriteEnding).
func writePictures(out *dimacs.Output, pics [][]bool, reps []dimacs.Repeat, h Layout, f Format, opts Options, w, msg io.Writer) (dimacs.Decoded, error) {
	if f.IsDrawing() {
		if len(pics) > 1 {
			fmt.Fprintf(msg, "drawing the first of %d solutions\n", len(pics))
		}
		var clues *nonogram.Puzzle
		if h.Kind == Nonogram {
			clues = opts.Puzzle
			if clues == nil {
				clues = nonogram.PuzzleOf(pics[0], h.Width, h.Height)
			}
		}
		if err := opts.Drawer.Draw(w, f, pics[0], h.Width, h.Height, opts.drawOptions(clues)); err != nil {
			return dimacs.Decoded{}, err
		}
		// An image has no comment lines.
		return verdict(msg, out, pics, reps, h)
	}
	bw := bufio.NewWriterSize(w, bufSize(h, len(pics)))
	for k, pic := range pics {
		if k > 0 && f != Goal {
			bw.WriteByte('\n')
		}
		if err := write(bw, pic, h, f); err != nil {
			return dimacs.Decoded{}, err
		}
	}
	d, after := verdict(bw, out, pics, reps, h)
	if err := bw.Flush(); err != nil {
		return d, err
	}
	return d, after
}

// bufSize returns the size of the buffer for n text pictures of h: about
// their size, at most 64 KiB; a small picture (webpbn's 45x45 is 2 KiB)
// need not allocate and clear 64 KiB.
func bufSize(h Layout, n int) int {
	return min(64<<10, max(4<<10, n*(h.Width+1)*h.Height+1<<10))
}

// pictures returns each model's picture made by pic, which also checks
// it, without repeats: a picture the same as an earlier one is left out,
// and named in the Repeats (dimacs.Distinct). An error names its
// solution when there are several.
func pictures[E comparable](models []dimacs.Model, pic func(dimacs.Model) ([]E, error)) ([][]E, []dimacs.Repeat, error) {
	pics := make([][]E, len(models))
	for k, m := range models {
		p, err := pic(m)
		if err != nil {
			if len(models) > 1 {
				return nil, nil, fmt.Errorf("solution %d: %w", k+1, err)
			}
			return nil, nil, err
		}
		pics[k] = p
	}
	pics, reps := dimacs.Distinct(pics)
	return pics, reps, nil
}

// verdict writes the lines every decoder ends with
// (dimacs.Output.WriteEnding) after pics, with, for several, the cells
// they differ in ("c they differ in ..."), and returns what Decode found
// and the error it ends with.
func verdict(w io.Writer, out *dimacs.Output, pics [][]bool, reps []dimacs.Repeat, h Layout) (dimacs.Decoded, error) {
	cells := ""
	if len(pics) >= 2 {
		cells = differ(pics, h.Width)
	}
	return ending(w, out, len(pics), cells, reps)
}

// ending is dimacs.Output.WriteEnding after n pictures that differ in
// cells ("" for none), the groups of satrun --explain's sentence named
// by GroupWords.
func ending(w io.Writer, out *dimacs.Output, n int, cells string, reps []dimacs.Repeat) (dimacs.Decoded, error) {
	e := dimacs.Ending{Words: GroupWords, Repeats: reps}
	if cells != "" {
		e.Differ = "c they differ in " + cells + "\n"
	}
	return out.WriteEnding(w, n, e)
}

// Line returns the puzzle line that describes h, as ParseLayout reads it
// (without "c "): "pipesat nonogram W H", "pipesat queens N" or
// "pipesat rooks N".
func (h Layout) Line() string {
	switch h.Kind {
	case Queens:
		return fmt.Sprintf("pipesat queens %d", h.Width)
	case Rooks:
		return fmt.Sprintf("pipesat rooks %d", h.Width)
	}
	if h.Palette != "" {
		return fmt.Sprintf("pipesat nonogram %d %d colours %s", h.Width, h.Height, h.Palette)
	}
	return fmt.Sprintf("pipesat nonogram %d %d", h.Width, h.Height)
}

func (h Layout) String() string {
	switch h.Kind {
	case Queens:
		return fmt.Sprintf("queens %d", h.Width)
	case Rooks:
		return fmt.Sprintf("rooks %d", h.Width)
	}
	if h.Palette != "" {
		return fmt.Sprintf("%dx%d in colours %s", h.Width, h.Height, h.Palette)
	}
	return fmt.Sprintf("%dx%d", h.Width, h.Height)
}

// picture reads cells 1..W*H of m; every one must be assigned.
func picture(m dimacs.Model, h Layout) ([]bool, error) {
	pic := make([]bool, h.Width*h.Height)
	for i := range pic {
		v, ok := m.Value(i + 1)
		if !ok {
			return nil, fmt.Errorf("the model leaves variable %d (%s) unassigned", i+1, nonogram.CellName(i/h.Width, i%h.Width))
		}
		pic[i] = v
	}
	return pic, nil
}

// checkBoard checks that a queens (rooks) board has one piece per row and
// column and, for queens, at most one per diagonal.
func checkBoard(pic []bool, h Layout) error {
	n := h.Width
	rows, cols := make([]int, n), make([]int, n)
	diag, anti := make([]int, 2*n), make([]int, 2*n)
	for r := range n {
		for c := range n {
			if pic[r*n+c] {
				rows[r]++
				cols[c]++
				diag[r-c+n]++
				anti[r+c]++
			}
		}
	}
	for i := range n {
		if rows[i] != 1 {
			return fmt.Errorf("row %d has %d pieces", i+1, rows[i])
		}
		if cols[i] != 1 {
			return fmt.Errorf("column %d has %d pieces", i+1, cols[i])
		}
	}
	if h.Kind == Queens {
		for i := range 2 * n {
			if diag[i] > 1 || anti[i] > 1 {
				return errors.New("two queens share a diagonal")
			}
		}
	}
	return nil
}

// halfBlocks maps (top, bottom) to a half-block character.
var halfBlocks = [2][2]string{{" ", "▄"}, {"▀", "█"}}

func write(w *bufio.Writer, pic []bool, h Layout, f Format) error {
	W, H := h.Width, h.Height
	switch f {
	case Goal:
		b := make([]byte, len(pic)+1)
		for i, v := range pic {
			b[i] = '0'
			if v {
				b[i] = '1'
			}
		}
		b[len(pic)] = '\n'
		w.Write(b)
	case Unicode:
		for r := 0; r < H; r += 2 {
			for c := range W {
				top := pic[r*W+c]
				bot := r+1 < H && pic[(r+1)*W+c]
				w.WriteString(halfBlocks[b2i(top)][b2i(bot)])
			}
			w.WriteByte('\n')
		}
	case Text, Board:
		on := byte('#')
		if f == Board {
			switch h.Kind {
			case Queens:
				on = 'Q'
			case Rooks:
				on = 'R'
			}
		}
		line := make([]byte, W+1)
		line[W] = '\n'
		for r := range H {
			for c := range W {
				line[c] = '.'
				if pic[r*W+c] {
					line[c] = on
				}
			}
			w.Write(line)
		}
	default:
		return fmt.Errorf("unknown format %q", f)
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// differ names the cells (1-based, "r3c4") on which the pictures do not
// all agree; at most 20, then "and N more".
func differ(pics [][]bool, w int) string {
	var names []string
	more := 0
	for i := range pics[0] {
		for _, p := range pics[1:] {
			if p[i] != pics[0][i] {
				if len(names) < 20 {
					names = append(names, nonogram.CellName(i/w, i%w))
				} else {
					more++
				}
				break
			}
		}
	}
	s := strings.Join(names, " ")
	if more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	return s
}
