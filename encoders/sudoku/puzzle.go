package sudoku

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/pipesat/pipesat/textpos"
)

// Symbols are the cell symbols for the values 1..25, in order.
const Symbols = "123456789ABCDEFGHIJKLMNOP"

// Sizes are the supported side lengths N.
var Sizes = []int{4, 9, 16, 25}

// maxLine bounds a line that is not a comment, so garbage without newlines
// cannot grow memory without limit: the largest puzzle on one line is 625
// symbols. Comment lines ("#") are skipped as they are read, of any length.
const maxLine = 1 << 16

// Pos is where a cell's symbol was read: 1-based line and byte column, the
// position type of every pipesat reader.
type Pos = textpos.Pos

// Puzzle is an N×N sudoku. Cells holds the cells in row-major order: 0 for
// a blank, 1..N for a value.
type Puzzle struct {
	N, Box int
	Cells  []int
	// Name is the input's name, used in messages ("<stdin>" for stdin).
	Name string
	// Pos holds where each cell was read; nil for a puzzle built in code.
	Pos []Pos
}

// New returns a blank n×n puzzle, or an error if n is not 4, 9, 16 or 25.
func New(n int) (*Puzzle, error) {
	box := boxOf(n)
	if box == 0 {
		return nil, fmt.Errorf("sudoku size %d: want 4, 9, 16 or 25", n)
	}
	return &Puzzle{N: n, Box: box, Cells: make([]int, n*n)}, nil
}

func boxOf(n int) int {
	switch n {
	case 4:
		return 2
	case 9:
		return 3
	case 16:
		return 4
	case 25:
		return 5
	}
	return 0
}

// Symbol returns the symbol of value v (1..25), or '.' for 0.
func Symbol(v int) byte {
	if v <= 0 || v > len(Symbols) {
		return '.'
	}
	return Symbols[v-1]
}

// CellName returns the name of cell i of an n×n grid, e.g. "r1c5".
func CellName(n, i int) string { return fmt.Sprintf("r%dc%d", i/n+1, i%n+1) }

// String returns the puzzle on one line of N² symbols, "." for blanks.
func (p *Puzzle) String() string {
	b := make([]byte, len(p.Cells))
	for i, v := range p.Cells {
		b[i] = Symbol(v)
	}
	return string(b)
}

// Givens returns the number of filled cells.
func (p *Puzzle) Givens() int {
	n := 0
	for _, v := range p.Cells {
		if v != 0 {
			n++
		}
	}
	return n
}

// row is one content line: its symbols' values and columns.
type row struct {
	line int
	text string // the line, for errors
	vals []int
	cols []int
}

// lineReader yields the content lines of the input.
type lineReader struct {
	br   *bufio.Reader
	name string
	line int
	nt   Notation
}

// next returns the next content line, or nil at EOF.
func (lr *lineReader) next() (*row, error) {
	for {
		s, err := lr.readLine()
		if s == "" && err == io.EOF {
			return nil, nil
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
		r, perr := lr.scan(s)
		if perr != nil {
			return nil, perr
		}
		if r != nil {
			return r, nil
		}
		if err == io.EOF {
			return nil, nil
		}
	}
}

// readLine returns the next line, or "#" for a comment line, which it
// skips without keeping it.
func (lr *lineReader) readLine() (string, error) {
	lr.line++
	var sb strings.Builder
	comment := false
	for {
		frag, err := lr.br.ReadSlice('\n')
		if !comment {
			sb.Write(frag)
			if strings.HasPrefix(strings.TrimLeft(sb.String(), " \t"), "#") {
				comment = true
				sb.Reset()
				sb.WriteString("#")
			}
		}
		if sb.Len() > maxLine {
			return "", textpos.Errorf(lr.name, Pos{Line: lr.line}, "line longer than %d bytes", maxLine)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return sb.String(), err
	}
}

// scan reads one line's symbols; nil for a line without any.
func (lr *lineReader) scan(s string) (*row, error) {
	s = strings.TrimRight(s, "\r\n")
	if t := strings.TrimLeft(s, " \t"); strings.HasPrefix(t, "#") {
		return nil, nil
	}
	r := &row{line: lr.line, text: s}
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b == ' ' || b == '\t' || b == '|' || b == '+' || b == '-' || b == '=' || b == '\r':
			continue
		case b == '.':
			r.vals = append(r.vals, 0)
		case b == '0':
			r.vals = append(r.vals, zeroSym)
		case b >= '1' && b <= '9':
			r.vals = append(r.vals, int(b-'0'))
		case b >= 'A' && b <= 'P':
			r.vals = append(r.vals, int(b-'A')+10)
		case b >= 'a' && b <= 'p':
			r.vals = append(r.vals, int(b-'a')+10)
		default:
			e := textpos.Errorf(lr.name, Pos{Line: lr.line, Col: i + 1}, "%q is not a sudoku symbol (1-9, A-P, . or 0 for blank)", quoteByte(s, i))
			e.Source = textpos.LineAt(s)
			return nil, e
		}
		r.cols = append(r.cols, i+1)
	}
	if len(r.vals) == 0 {
		return nil, nil
	}
	return r, nil
}

// quoteByte returns the (possibly multi-byte UTF-8) character at s[i].
func quoteByte(s string, i int) string {
	for _, r := range s[i:] {
		return string(r)
	}
	return s[i : i+1]
}

// zeroSym stands for the symbol "0" until the notation decides whether
// it is a blank or a value.
const zeroSym = -1

// Notation says how a file writes the values of its cells.
type Notation int

const (
	// AutoNotation is Letters, except that a 16x16 puzzle with a "0" and
	// no "G" fits both Letters and Hex and is an error naming both.
	AutoNotation Notation = iota
	// Letters ("1-G") writes 1-9 and then letters: 1-4, 1-9, 1-9 A-G,
	// 1-9 A-P; "0" and "." are blanks.
	Letters
	// Hex ("0-F") is for 16x16 only: 0-9 and A-F are the values 1-16
	// and "." is the only blank.
	Hex
)

var notationNames = []string{"auto", "1-G", "0-F"}

// ErrTwoNotations is the cause (textpos.Error's Err) of the error of a
// 16x16 puzzle read in AutoNotation that has a "0" and no "G": it fits
// Letters and Hex alike, and the caller must choose one.
var ErrTwoNotations = errors.New(`a 16x16 puzzle with "0" and no "G" fits two notations`)

// String returns the notation's flag value: auto, 1-G or 0-F.
func (nt Notation) String() string {
	if nt >= 0 && int(nt) < len(notationNames) {
		return notationNames[nt]
	}
	return fmt.Sprintf("Notation(%d)", int(nt))
}

// NotationOf returns the Notation called s (see Notation.String).
func NotationOf(s string) (Notation, error) {
	for i, n := range notationNames {
		if s == n {
			return Notation(i), nil
		}
	}
	return 0, fmt.Errorf("unknown notation %q (want auto, 1-G or 0-F)", s)
}

// Parse reads a puzzle from r; name is used only in messages. index picks
// the index-th one-line puzzle (1-based) of a file of many; 0 takes the
// file's only puzzle (its grid, or its one line), and a file of several
// one-line puzzles is then an error naming their count, never its first
// puzzle taken silently. See the package comment
// for the format. Givens that break a rule are an error (see Check).
// Parse is ParseNotation with AutoNotation.
func Parse(r io.Reader, name string, index int) (*Puzzle, error) {
	return ParseNotation(r, name, index, AutoNotation)
}

// ParseNotation is Parse for a file written in notation nt.
func ParseNotation(r io.Reader, name string, index int, nt Notation) (*Puzzle, error) {
	if index < 0 {
		return nil, fmt.Errorf("puzzle index %d: want 1 or more", index)
	}
	if nt < AutoNotation || nt > Hex {
		return nil, fmt.Errorf("unknown notation %v", nt)
	}
	lr := &lineReader{br: bufio.NewReaderSize(r, 64<<10), name: name, nt: nt}
	first, err := lr.next()
	if err != nil {
		return nil, err
	}
	if first == nil {
		return nil, &textpos.Error{Name: name, Msg: "no puzzle"}
	}
	k := len(first.vals)
	switch {
	case index > 0:
		return lr.pick(first, index)
	case k == 16:
		// A 4x4 puzzle on one line, or the first row of a 16x16 grid:
		// a grid has exactly 16 rows of 16.
		rows := []*row{first}
		var stop *row // the line after the rows of 16, nil at the end
		for len(rows) <= 16 {
			r, err := lr.next()
			if err != nil {
				return nil, err
			}
			if r == nil {
				break
			}
			if len(r.vals) != 16 {
				stop = r
				break
			}
			rows = append(rows, r)
		}
		if len(rows) == 16 && stop == nil {
			return lr.grid(rows, 16)
		}
		if stop != nil {
			rows = append(rows, stop)
		}
		return lr.onlyLine(first, rows[1:])
	case boxOf(k) != 0:
		rows := []*row{first}
		for {
			r, err := lr.next()
			if err != nil {
				return nil, err
			}
			if r == nil {
				break
			}
			if len(rows) == k {
				return nil, textpos.Errorf(name, Pos{Line: r.line}, "extra row: a %dx%d grid has %d rows", k, k, k)
			}
			rows = append(rows, r)
		}
		return lr.grid(rows, k)
	case isLineSize(k):
		return lr.onlyLine(first, nil)
	}
	return nil, textpos.Errorf(name, Pos{Line: first.line}, "line has %d symbols; want a whole puzzle (16, 81, 256 or 625) or a grid row (4, 9, 16 or 25)", k)
}

func isLineSize(k int) bool { return k == 16 || k == 81 || k == 256 || k == 625 }

// onlyLine returns the one-line puzzle r, the file's first line, if no
// other content line follows it: read are those already read after it.
// A file of several puzzles is an error at the second naming their count,
// as the nonogram reader's for a webpbn XML set: an index picks one.
func (lr *lineReader) onlyLine(r *row, read []*row) (*Puzzle, error) {
	p, err := lr.puzzleLine(r)
	if err != nil {
		return nil, err
	}
	n, second := 1+len(read), 0
	if len(read) > 0 {
		second = read[0].line
	}
	for {
		x, err := lr.next()
		if err != nil {
			return nil, err
		}
		if x == nil {
			break
		}
		if n == 1 {
			second = x.line
		}
		n++
	}
	if n > 1 {
		return nil, &textpos.Error{Name: lr.name, Pos: Pos{Line: second, Col: 1},
			Msg: fmt.Sprintf("a second puzzle: the file holds %d puzzles", n), Err: &textpos.SeveralError{Puzzles: n}}
	}
	return p, nil
}

// pick returns the index-th content line as a one-line puzzle.
func (lr *lineReader) pick(r *row, index int) (*Puzzle, error) {
	for i := 1; i < index; i++ {
		var err error
		if r, err = lr.next(); err != nil {
			return nil, err
		}
		if r == nil {
			return nil, textpos.Errorf(lr.name, Pos{}, "has %d puzzles; index %d asked", i, index)
		}
	}
	return lr.puzzleLine(r)
}

func (lr *lineReader) puzzleLine(r *row) (*Puzzle, error) {
	k := len(r.vals)
	if !isLineSize(k) {
		return nil, textpos.Errorf(lr.name, Pos{Line: r.line}, "line has %d symbols; a one-line puzzle has 16, 81, 256 or 625", k)
	}
	n := 4
	for n*n != k {
		n++
	}
	p, _ := New(n)
	p.Name = lr.name
	p.Pos = make([]Pos, k)
	for i := range r.vals {
		p.Pos[i] = Pos{Line: r.line, Col: r.cols[i]}
	}
	return p, p.fill(r.vals, lr.nt, []*row{r})
}

func (lr *lineReader) grid(rows []*row, n int) (*Puzzle, error) {
	if len(rows) != n {
		return nil, textpos.Errorf(lr.name, Pos{}, "grid has %d rows; a %dx%d grid has %d", len(rows), n, n, n)
	}
	p, _ := New(n)
	p.Name = lr.name
	p.Pos = make([]Pos, 0, n*n)
	var vals []int
	for i, r := range rows {
		if len(r.vals) != n {
			return nil, textpos.Errorf(lr.name, Pos{Line: r.line}, "row %d has %d symbols; want %d", i+1, len(r.vals), n)
		}
		vals = append(vals, r.vals...)
		for _, c := range r.cols {
			p.Pos = append(p.Pos, Pos{Line: r.line, Col: c})
		}
	}
	return p, p.fill(vals, lr.nt, rows)
}

// fill sets the cells from the symbols read from rows, as notation nt says,
// and checks the values fit and the givens agree.
func (p *Puzzle) fill(vals []int, nt Notation, rows []*row) error {
	errAt := func(i int, format string, args ...any) *textpos.Error {
		e := textpos.Errorf(p.Name, p.Pos[i], format, args...)
		for _, r := range rows {
			if r.line == e.Line {
				e.Source = textpos.LineAt(r.text)
			}
		}
		return e
	}
	if nt == Hex && p.N != 16 {
		return textpos.Errorf(p.Name, Pos{}, "the 0-F notation is for 16x16 puzzles; this one is %dx%d", p.N, p.N)
	}
	if nt == AutoNotation {
		nt = Letters
		if p.N == 16 && slices.Contains(vals, zeroSym) && !slices.Contains(vals, 16) {
			// A hexadecimal puzzle read as 1-G would lose its 1s to
			// blanks: a different puzzle, without a word.
			i := slices.Index(vals, zeroSym)
			e := errAt(i, `"0" in a 16x16 puzzle with no "G" fits two notations: 1-G (1-9, A-G; 0 is a blank) and 0-F (hexadecimal; 0 is the value 1)`)
			e.Err = ErrTwoNotations
			return e
		}
	}
	for i, v := range vals {
		switch {
		case nt == Hex && v == zeroSym:
			v = 1
		case nt == Hex && v > 0:
			if v >= 16 {
				return errAt(i, "%q is not a 0-F symbol (0-9, A-F, . for blank)", string(Symbol(v)))
			}
			v++
		case v == zeroSym:
			v = 0
		case v > p.N:
			return errAt(i, "%q is not a %dx%d symbol (%s, . or 0 for blank)", string(Symbol(v)), p.N, p.N, symbolRange(p.N))
		}
		p.Cells[i] = v
	}
	if ce, ok := p.Check().(*ConflictError); ok {
		// The same text, as the reader's error at the later cell.
		return errAt(ce.B, "%s", ce.msg())
	}
	return nil
}

func symbolRange(n int) string {
	if n <= 9 {
		return fmt.Sprintf("1-%d", n)
	}
	return "1-9, A-" + string(Symbol(n))
}

// where returns "name:line:col" for cell i, or "" without positions.
func (p *Puzzle) where(i int) string {
	if p.Pos == nil {
		return ""
	}
	return p.Name + ":" + p.Pos[i].String()
}

// ConflictError reports two cells with the same value in one row, column
// or box.
type ConflictError struct {
	P     *Puzzle
	A, B  int    // cell indexes, A before B
	Value int    // 1..N
	Unit  string // "row 1", "column 5", "box 3"
}

func (e *ConflictError) Error() string {
	if wb := e.P.where(e.B); wb != "" {
		return wb + ": " + e.msg()
	}
	return e.msg()
}

// msg is Error without the position of cell B.
func (e *ConflictError) msg() string {
	n := e.P.N
	sym := string(Symbol(e.Value))
	a := fmt.Sprintf("%s=%s", CellName(n, e.A), sym)
	b := fmt.Sprintf("%s=%s", CellName(n, e.B), sym)
	if wa := e.P.where(e.A); wa != "" {
		return fmt.Sprintf("%s repeats %s (%s) in %s", b, a, wa, e.Unit)
	}
	return fmt.Sprintf("%s repeats %s in %s", b, a, e.Unit)
}

// Check returns nil if no value appears twice in a row, column or box, or
// a *ConflictError naming the first pair found (cells in row-major order;
// rows, then columns, then boxes).
func (p *Puzzle) Check() error {
	n, box := p.N, p.Box
	seen := make([]int, 3*n*n) // (unit kind, unit, value) -> cell+1
	for i, v := range p.Cells {
		if v == 0 {
			continue
		}
		r, c := i/n, i%n
		b := (r/box)*box + c/box
		units := [3]int{r, c, b}
		for k, u := range units {
			slot := (k*n+u)*n + v - 1
			if j := seen[slot] - 1; j >= 0 {
				unit := [3]string{"row", "column", "box"}[k]
				return &ConflictError{P: p, A: j, B: i, Value: v, Unit: fmt.Sprintf("%s %d", unit, u+1)}
			}
			seen[slot] = i + 1
		}
	}
	return nil
}

// CheckSolution returns nil if p is a complete grid that keeps every rule
// and, when givens is not nil, every given of givens.
func (p *Puzzle) CheckSolution(givens *Puzzle) error {
	if givens != nil {
		if givens.N != p.N {
			return fmt.Errorf("the solution is %dx%d but the puzzle is %dx%d", p.N, p.N, givens.N, givens.N)
		}
		for i, v := range givens.Cells {
			if v != 0 && p.Cells[i] != v {
				msg := fmt.Sprintf("%s=%c but the puzzle gives %c", CellName(p.N, i), Symbol(p.Cells[i]), Symbol(v))
				if w := givens.where(i); w != "" {
					msg += " (" + w + ")"
				}
				return errors.New(msg)
			}
		}
	}
	for i, v := range p.Cells {
		if v == 0 {
			return fmt.Errorf("%s is empty", CellName(p.N, i))
		}
	}
	return p.Check()
}

// Format writes the grid to w, one row per line, with box rules:
//
//	5 3 4 | 6 7 8 | 9 1 2
//	------+-------+------
//
// Parse reads it back.
func (p *Puzzle) Format(w io.Writer) error {
	n, box := p.N, p.Box
	var b []byte
	rule := func() {
		for k := 0; k < box; k++ {
			if k > 0 {
				b = append(b, '+')
			}
			w := 2*box - 1
			if k > 0 {
				w++
			}
			if k < box-1 {
				w++
			}
			for j := 0; j < w; j++ {
				b = append(b, '-')
			}
		}
		b = append(b, '\n')
	}
	for r := 0; r < n; r++ {
		if r > 0 && r%box == 0 {
			rule()
		}
		for c := 0; c < n; c++ {
			if c > 0 {
				if c%box == 0 {
					b = append(b, " | "...)
				} else {
					b = append(b, ' ')
				}
			}
			b = append(b, Symbol(p.Cells[r*n+c]))
		}
		b = append(b, '\n')
	}
	_, err := w.Write(b)
	return err
}
