package nonogram

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/textpos"
)

// Clue is the list of run lengths of one line, in order (left to right for
// a row, top to bottom for a column). An empty Clue means an empty line.
type Clue []int

// String returns the clue as a .non file writes it: "3,1,2", or "0" when
// empty.
func (c Clue) String() string {
	if len(c) == 0 {
		return "0"
	}
	var b strings.Builder
	for i, n := range c {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// MinLen returns the fewest cells a line needs to hold c: the runs plus one
// blank between each two.
func (c Clue) MinLen() int {
	if len(c) == 0 {
		return 0
	}
	n := len(c) - 1
	for _, r := range c {
		n += r
	}
	return n
}

// Black returns the number of black cells c asks for.
func (c Clue) Black() int {
	n := 0
	for _, r := range c {
		n += r
	}
	return n
}

// Cell is a grid position, 0-based: Row 0 is the top row, Col 0 the left
// column.
type Cell struct{ Row, Col int }

// Puzzle is a nonogram, black and white or in colour.
type Puzzle struct {
	Width, Height int
	Rows          []Clue // Height clues, top to bottom
	Cols          []Clue // Width clues, left to right
	// Givens are cells known to be black (the .non "givens" section); in
	// a colour puzzle, cells known not to be background.
	Givens []Cell
	// Goal is the solution the file states, row-major, '1' black and '0'
	// blank (in colour: '0' background, else a colour's Char); "" when the
	// file has none.
	Goal string

	// Colours is nil for a black-and-white puzzle. A colour puzzle's
	// palette has the background first (Char '0'), then each colour its
	// clues use, in the order the file declares them.
	Colours []Colour
	// RowColours and ColColours give, for a colour puzzle, the colour of
	// each run of each row and column clue: RowColours[r][k] indexes
	// Colours for run k of row r. nil in black and white.
	RowColours, ColColours [][]int
	// GivenColours gives, for a colour puzzle, the colour each given must
	// have (an index into Colours), 0 for any colour but the background;
	// nil when no given names a colour.
	GivenColours []int
	// Free-form metadata, as read (quotes removed).
	Title, By, Copyright, License, Catalogue string

	// where each row and column clue was read, for messages
	rowPos, colPos []pos
	colsKey        pos // the "columns" key (or equivalent), for the totals check
	goalPos        pos
	name           string
}

type pos struct{ line, col int }

func (p *Puzzle) errAt(at pos, format string, args ...any) error {
	return &textpos.Error{Name: p.name, Pos: textpos.Pos{Line: at.line, Col: at.col}, Msg: fmt.Sprintf(format, args...)}
}

// several returns the error of a file of n puzzles read without an index,
// at the second one.
func (p *Puzzle) several(at pos, n int) error {
	return &textpos.Error{Name: p.name, Pos: textpos.Pos{Line: at.line, Col: at.col},
		Msg: fmt.Sprintf("a second puzzle: the file holds %d puzzles", n), Err: &textpos.SeveralError{Puzzles: n}}
}

// LineName names row r or column c (0-based) as messages and variable
// names do, 1-based: "row 3", "column 12".
func LineName(isRow bool, i int) string {
	if isRow {
		return "row " + strconv.Itoa(i+1)
	}
	return "column " + strconv.Itoa(i+1)
}

// CellName returns the variable name of cell (r, c), 0-based arguments,
// 1-based name: CellName(2, 3) is "r3c4".
func CellName(r, c int) string {
	return "r" + strconv.Itoa(r+1) + "c" + strconv.Itoa(c+1)
}

// Var returns the DIMACS variable of cell (r, c): cells are numbered
// 1..Width*Height row by row.
func (p *Puzzle) Var(r, c int) int { return r*p.Width + c + 1 }

// Limits on what a reader accepts, checked before anything is allocated.
const (
	MaxSide  = 10000   // width and height
	MaxCells = 4000000 // width*height
)

// check verifies what the encoders rely on: the number of clues matches the
// size, every clue fits its line, rows and columns ask for the same number
// of black cells, givens lie inside the grid, and the goal has one
// character per cell.
func (p *Puzzle) check() error {
	if p.Width < 1 || p.Height < 1 {
		return p.errAt(pos{}, "the grid is %dx%d: no cells", p.Width, p.Height)
	}
	if len(p.Rows) != p.Height {
		return p.errAt(pos{}, "%d row clues, height is %d", len(p.Rows), p.Height)
	}
	if len(p.Cols) != p.Width {
		return p.errAt(pos{}, "%d column clues, width is %d", len(p.Cols), p.Width)
	}
	if p.IsColour() {
		return p.checkColours()
	}
	for r, c := range p.Rows {
		if c.MinLen() > p.Width {
			return p.errAt(p.at(true, r), "row %d clue %q needs %d cells, the row has %d", r+1, c.String(), c.MinLen(), p.Width)
		}
	}
	for i, c := range p.Cols {
		if c.MinLen() > p.Height {
			return p.errAt(p.at(false, i), "column %d clue %q needs %d cells, the column has %d", i+1, c.String(), c.MinLen(), p.Height)
		}
	}
	rb, cb := 0, 0
	for _, c := range p.Rows {
		rb += c.Black()
	}
	for _, c := range p.Cols {
		cb += c.Black()
	}
	if rb != cb {
		return p.errAt(p.colsKey, "rows need %d black cells, columns %d", rb, cb)
	}
	if p.Goal != "" && len(p.Goal) != p.Width*p.Height {
		return p.errAt(p.goalPos, "goal has %d cells, the grid %d", len(p.Goal), p.Width*p.Height)
	}
	return nil
}

func (p *Puzzle) at(isRow bool, i int) pos {
	ps := p.colPos
	if isRow {
		ps = p.rowPos
	}
	if i < len(ps) {
		return ps[i]
	}
	return pos{}
}

// Line returns the clue of row i (isRow) or column i, and the line's length.
func (p *Puzzle) Line(isRow bool, i int) (Clue, int) {
	if isRow {
		return p.Rows[i], p.Width
	}
	return p.Cols[i], p.Height
}

// ClueOf returns the clue a line of cells (true black) has.
func ClueOf(line []bool) Clue {
	var c Clue
	n := 0
	for _, b := range line {
		if b {
			n++
		} else if n > 0 {
			c = append(c, n)
			n = 0
		}
	}
	if n > 0 {
		c = append(c, n)
	}
	return c
}

// Verify checks a picture (row-major, true black) against every clue and
// returns an error naming the first line whose runs differ from its clue,
// rows before columns, or nil. A colour puzzle is an error: its pictures
// have colours (see VerifyColours).
func (p *Puzzle) Verify(pic []bool) error {
	if p.IsColour() {
		return fmt.Errorf("a colour puzzle: its pictures have %d colours, not black and white", len(p.Colours))
	}
	if len(pic) != p.Width*p.Height {
		return fmt.Errorf("picture has %d cells, the puzzle %d", len(pic), p.Width*p.Height)
	}
	line := make([]bool, max(p.Width, p.Height))
	for r := range p.Height {
		got := ClueOf(pic[r*p.Width : (r+1)*p.Width])
		if !slices.Equal(got, p.Rows[r]) {
			return fmt.Errorf("row %d has runs %s, its clue is %s", r+1, got, p.Rows[r])
		}
	}
	for c := range p.Width {
		l := line[:p.Height]
		for r := range p.Height {
			l[r] = pic[r*p.Width+c]
		}
		got := ClueOf(l)
		if !slices.Equal(got, p.Cols[c]) {
			return fmt.Errorf("column %d has runs %s, its clue is %s", c+1, got, p.Cols[c])
		}
	}
	for _, g := range p.Givens {
		if !pic[g.Row*p.Width+g.Col] {
			return fmt.Errorf("given cell %d,%d (%s) is blank", g.Row, g.Col, CellName(g.Row, g.Col))
		}
	}
	return nil
}

// PuzzleOf returns the puzzle whose clues a picture has: pic is w x h
// cells, row by row, true for black.
func PuzzleOf(pic []bool, w, h int) *Puzzle {
	p := &Puzzle{Width: w, Height: h}
	for r := range h {
		p.Rows = append(p.Rows, ClueOf(pic[r*w:(r+1)*w]))
	}
	col := make([]bool, h)
	for c := range w {
		for r := range h {
			col[r] = pic[r*w+c]
		}
		p.Cols = append(p.Cols, ClueOf(col))
	}
	return p
}
