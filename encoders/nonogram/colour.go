package nonogram

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Colour is one colour of a colour puzzle.
type Colour struct {
	// Char is the colour's character in clues ("3a") and in the goal.
	// The background's is always '0'; a run written without a character
	// has the default colour, '1'.
	Char byte
	// Name is the XML palette's name ("red"), or "" when the file gives
	// none (.non).
	Name string
	// RGB is the colour itself.
	RGB [3]byte
}

// Hex returns the colour as "#rrggbb".
func (c Colour) Hex() string { return fmt.Sprintf("#%02x%02x%02x", c.RGB[0], c.RGB[1], c.RGB[2]) }

// Label returns the colour's name when it has one, else its character.
func (c Colour) Label() string {
	if c.Name != "" {
		return c.Name
	}
	return string(c.Char)
}

// MaxColours bounds the palette of a colour puzzle, background included:
// each cell has one variable per colour and a clause per pair.
const MaxColours = 64

// MaxColourVars bounds a colour puzzle's cell variables, width * height *
// colours (background included).
const MaxColourVars = 4 * MaxCells

// The background and the default colour when a file declares none.
var (
	Background    = Colour{Char: '0', RGB: [3]byte{0xff, 0xff, 0xff}}
	DefaultColour = Colour{Char: '1', RGB: [3]byte{0, 0, 0}}
)

// IsColourChar reports whether b may name a colour in a clue and a goal:
// a printable ASCII character other than a blank, a digit (but '1', the
// default colour), a comma, a quote, '.' (the background in pictures),
// '=' (the puzzle lines' separator) and '|' (XML's image border).
func IsColourChar(b byte) bool {
	switch {
	case b == '1':
		return true
	case b <= ' ' || b > '~', isDigit(b), b == ',', b == '"', b == '.', b == '=', b == '|':
		return false
	}
	return true
}

// IsColour reports whether p is a colour puzzle: it has a palette.
func (p *Puzzle) IsColour() bool { return len(p.Colours) > 0 }

// LineColours returns the colour (an index into Colours, 1 or more) of each
// run of row i (isRow) or column i; nil for a black-and-white puzzle.
func (p *Puzzle) LineColours(isRow bool, i int) []int {
	cs := p.ColColours
	if isRow {
		cs = p.RowColours
	}
	if i < len(cs) {
		return cs[i]
	}
	return nil
}

// ClueString returns the clue of row i (isRow) or column i as a .non file
// writes it: "3,1,2" in black and white, "2b,3a" in colour (runs of the
// default colour '1' without a character), "0" when empty.
func (p *Puzzle) ClueString(isRow bool, i int) string {
	c, _ := p.Line(isRow, i)
	return p.clueString(c, p.LineColours(isRow, i), ",")
}

func (p *Puzzle) clueString(c Clue, cols []int, sep string) string {
	if !p.IsColour() || len(c) == 0 {
		if sep != "," {
			return strings.ReplaceAll(c.String(), ",", sep)
		}
		return c.String()
	}
	var b strings.Builder
	for k, n := range c {
		if k > 0 {
			b.WriteString(sep)
		}
		b.WriteString(strconv.Itoa(n))
		if ch := p.Colours[cols[k]].Char; ch != '1' {
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// colourMinLen returns the fewest cells a colour line needs: the runs plus
// one blank between two runs of the same colour (runs of different
// colours may touch).
func colourMinLen(c Clue, cols []int) int {
	n := 0
	for k, r := range c {
		n += r
		if k > 0 && cols[k] == cols[k-1] {
			n++
		}
	}
	return n
}

// ColourVar returns the DIMACS variable that says cell (r, c) has colour k
// (an index into Colours, 0 the background): the cells' variables are
// numbered cell by cell, row by row, K per cell.
func (p *Puzzle) ColourVar(r, c, k int) int { return (r*p.Width+c)*len(p.Colours) + k + 1 }

// ColourCellName returns the name of the variable that says cell (r, c)
// (0-based) has colour k: "r3c4=a", the background "r3c4=0".
func (p *Puzzle) ColourCellName(r, c, k int) string {
	return CellName(r, c) + "=" + string(p.Colours[k].Char)
}

// ColourClueOf returns the clue (runs and their colours) of a line of a
// colour picture (colour indexes, 0 the background).
func ColourClueOf(line []int) (Clue, []int) {
	var c Clue
	var cols []int
	for i := 0; i < len(line); {
		k := line[i]
		if k == 0 {
			i++
			continue
		}
		j := i
		for j < len(line) && line[j] == k {
			j++
		}
		c = append(c, j-i)
		cols = append(cols, k)
		i = j
	}
	return c, cols
}

// VerifyColours checks a colour picture (row-major colour indexes, 0 the
// background) against every clue and given, like Verify.
func (p *Puzzle) VerifyColours(pic []int) error {
	if len(pic) != p.Width*p.Height {
		return fmt.Errorf("picture has %d cells, the puzzle %d", len(pic), p.Width*p.Height)
	}
	for i, k := range pic {
		if k < 0 || k >= len(p.Colours) {
			return fmt.Errorf("cell %s has colour %d of %d", CellName(i/p.Width, i%p.Width), k, len(p.Colours))
		}
	}
	line := make([]int, max(p.Width, p.Height))
	for _, isRow := range []bool{true, false} {
		n := p.Width
		if !isRow {
			n = p.Height
		}
		for i := range p.lines(isRow) {
			l := line[:n]
			for j := range l {
				if isRow {
					l[j] = pic[i*p.Width+j]
				} else {
					l[j] = pic[j*p.Width+i]
				}
			}
			got, cols := ColourClueOf(l)
			want, _ := p.Line(isRow, i)
			if !slices.Equal(got, want) || !slices.Equal(cols, p.LineColours(isRow, i)) {
				return fmt.Errorf("%s has runs %s, its clue is %s", LineName(isRow, i), p.clueString(got, cols, ","), p.ClueString(isRow, i))
			}
		}
	}
	for g, cell := range p.Givens {
		k := pic[cell.Row*p.Width+cell.Col]
		want := p.givenColour(g)
		if k == 0 || want != 0 && k != want {
			what := "blank"
			if k != 0 {
				what = "colour " + p.Colours[k].Label()
			}
			return fmt.Errorf("given cell %d,%d (%s) is %s", cell.Row, cell.Col, CellName(cell.Row, cell.Col), what)
		}
	}
	return nil
}

// lines returns the number of rows (isRow) or columns.
func (p *Puzzle) lines(isRow bool) int {
	if isRow {
		return p.Height
	}
	return p.Width
}

// givenColour returns the colour given g must have, 0 for any but the
// background.
func (p *Puzzle) givenColour(g int) int {
	if g < len(p.GivenColours) {
		return p.GivenColours[g]
	}
	return 0
}

// ColourIndex returns the index in Colours of the colour with character
// ch ('0' the background), or -1.
func (p *Puzzle) ColourIndex(ch byte) int {
	for k, c := range p.Colours {
		if c.Char == ch {
			return k
		}
	}
	return -1
}

// GoalColours returns the Goal of a colour puzzle as colour indexes, or nil
// if the puzzle has no goal.
func (p *Puzzle) GoalColours() []int {
	if p.Goal == "" {
		return nil
	}
	pic := make([]int, len(p.Goal))
	for i := range len(p.Goal) {
		pic[i] = max(p.ColourIndex(p.Goal[i]), 0)
	}
	return pic
}

// checkColours is check for a colour puzzle: every clue fits its line
// (runs of one colour one cell apart), rows and columns need the same
// number of cells of each colour, the goal has one known colour per cell.
func (p *Puzzle) checkColours() error {
	if len(p.Colours) > MaxColours {
		return p.errAt(pos{}, "%d colours, more than %d", len(p.Colours), MaxColours)
	}
	if p.Width*p.Height*len(p.Colours) > MaxColourVars {
		return p.errAt(pos{}, "%dx%d cells in %d colours (background included) are more than %d cell variables", p.Width, p.Height, len(p.Colours), MaxColourVars)
	}
	for _, isRow := range []bool{true, false} {
		n := p.Width
		if !isRow {
			n = p.Height
		}
		for i := range p.lines(isRow) {
			c, _ := p.Line(isRow, i)
			cols := p.LineColours(isRow, i)
			if len(cols) != len(c) {
				return p.errAt(p.at(isRow, i), "%s: %d runs, %d colours", LineName(isRow, i), len(c), len(cols))
			}
			if m := colourMinLen(c, cols); m > n {
				kind := "row"
				if !isRow {
					kind = "column"
				}
				return p.errAt(p.at(isRow, i), "%s clue %q needs %d cells, the %s has %d", LineName(isRow, i), p.ClueString(isRow, i), m, kind, n)
			}
		}
	}
	rt, ct := make([]int, len(p.Colours)), make([]int, len(p.Colours))
	for i, c := range p.Rows {
		for k, n := range c {
			rt[p.RowColours[i][k]] += n
		}
	}
	for i, c := range p.Cols {
		for k, n := range c {
			ct[p.ColColours[i][k]] += n
		}
	}
	for k := 1; k < len(p.Colours); k++ {
		if rt[k] != ct[k] {
			return p.errAt(p.colsKey, "rows need %d cells of colour %s, columns %d", rt[k], p.Colours[k].Label(), ct[k])
		}
	}
	if p.Goal != "" {
		if len(p.Goal) != p.Width*p.Height {
			return p.errAt(p.goalPos, "goal has %d cells, the grid %d", len(p.Goal), p.Width*p.Height)
		}
		for i := range len(p.Goal) {
			if p.ColourIndex(p.Goal[i]) < 0 {
				at := p.goalPos
				if at.line > 0 {
					at.col += 1 + i
				}
				return p.errAt(at, "goal: %q is not 0 or a colour of the puzzle (%s)", string(p.Goal[i]), p.paletteChars())
			}
		}
	}
	return nil
}

// paletteChars lists the colours' characters, background first: "0 a b".
func (p *Puzzle) paletteChars() string {
	var b strings.Builder
	for k, c := range p.Colours {
		if k > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(c.Char)
	}
	return b.String()
}

// ParseHex reads a colour written "#rrggbb", "rrggbb", "#rgb" or "rgb".
func ParseHex(s string) ([3]byte, bool) {
	h := strings.TrimPrefix(s, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	var rgb [3]byte
	if len(h) != 6 {
		return rgb, false
	}
	for i := range 3 {
		n, err := strconv.ParseUint(h[2*i:2*i+2], 16, 8)
		if err != nil {
			return rgb, false
		}
		rgb[i] = byte(n)
	}
	return rgb, true
}

// PaletteLine returns the colours as the colour puzzle lines write them:
// "0=ffffff a=d62728 b=1f77b4".
func PaletteLine(cs []Colour) string {
	var b strings.Builder
	for k, c := range cs {
		if k > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(c.Char)
		b.WriteByte('=')
		b.WriteString(c.Hex()[1:])
	}
	return b.String()
}

// parsePalette reads PaletteLine's fields back.
func parsePalette(f []string) ([]Colour, error) {
	if len(f) < 2 || len(f) > MaxColours {
		return nil, fmt.Errorf("%d colours: want 2 to %d", len(f), MaxColours)
	}
	cs := make([]Colour, len(f))
	seen := map[byte]bool{}
	for k, s := range f {
		if len(s) != 8 || s[1] != '=' {
			return nil, fmt.Errorf("colour %q: want C=rrggbb", s)
		}
		rgb, ok := ParseHex(s[2:])
		if !ok || len(s[2:]) != 6 {
			return nil, fmt.Errorf("colour %q: want C=rrggbb", s)
		}
		ch := s[0]
		if k == 0 && ch != '0' || k > 0 && !IsColourChar(ch) || seen[ch] {
			return nil, fmt.Errorf("colour %q: bad character", s)
		}
		seen[ch] = true
		cs[k] = Colour{Char: ch, RGB: rgb}
	}
	return cs, nil
}
