package nonogram

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/textpos"
	"golang.org/x/text/encoding/ianaindex"
)

// xmlReader reads webpbn XML one token at a time: a method per element
// at its start and at its end, the state they share in the struct, and
// finish to check what was read and make the puzzle.
type xmlReader struct {
	p    *Puzzle
	name string
	dec  *xml.Decoder
	f    *xmlFilter // what dec reads through, which knows input positions; or nil

	inPuzzle, done   bool
	defColor         string // the <puzzle defaultcolor=>, black unless given
	bgColor          string // the <puzzle backgroundcolor=>, white unless given
	clueType         string // "rows", "columns" or "" outside <clues>
	cur              Clue   // the open <line>
	curPos           pos
	haveRows, haveCl bool
	text             strings.Builder // the open element's text
	imageText        string
	imagePos         pos

	// the palette, in order, and each run's colour name and position
	palette            []xmlColour
	curColor           int // index of the open <color>, or -1
	countColor         string
	countPos           pos
	curNames           []xmlRun
	rowNames, colNames [][]xmlRun
	colour             bool // a run has a colour other than the default

	// which <puzzle> of a set is read, how many there are, and where the
	// second starts
	want     int
	puzzles  int
	skipping bool
	second   pos
}

func parseXML(r io.Reader, name string, index int, f *xmlFilter) (*Puzzle, error) {
	dec := xml.NewDecoder(r)
	dec.Strict = false
	dec.Entity = xml.HTMLEntity
	dec.CharsetReader = charsetReader
	x := &xmlReader{
		p:        &Puzzle{name: name},
		name:     name,
		dec:      dec,
		f:        f,
		defColor: "black",
		bgColor:  "white",
		curColor: -1,
		want:     max(index, 1),
	}
	if err := x.read(); err != nil {
		return nil, err
	}
	return x.finish(index)
}

// charsetReader returns input decoded to UTF-8 from the character set
// an XML declaration names (encoding="ISO-8859-1", "windows-1252",
// "latin1", ...: the IANA names and aliases XML uses, through x/text's
// ianaindex), as pbnsolve reads them. encoding/xml reads UTF-8 itself.
func charsetReader(label string, input io.Reader) (io.Reader, error) {
	e, err := ianaindex.IANA.Encoding(label)
	if err != nil || e == nil {
		return nil, errors.New("unknown character set (want UTF-8, ISO-8859-1, windows-1252 or another IANA name)")
	}
	return e.NewDecoder().Reader(input), nil
}

// errAt returns an error at the decoder's position: the end of the
// token just read.
func (x *xmlReader) errAt(format string, args ...any) error {
	return &textpos.Error{Name: x.name, Pos: x.inputPos(), Msg: fmt.Sprintf(format, args...)}
}

// inputPos returns the decoder's position in the input.
func (x *xmlReader) inputPos() textpos.Pos {
	l, c := x.dec.InputPos()
	return x.orig(textpos.Pos{Line: l, Col: c})
}

// orig returns where position p of what the decoder reads was in the
// input.
func (x *xmlReader) orig(p textpos.Pos) textpos.Pos {
	if x.f == nil {
		return p
	}
	return x.f.orig(p)
}

// here returns the decoder's position, where a run or a line is said to
// be.
func (x *xmlReader) here() pos {
	p := x.inputPos()
	return pos{p.Line, p.Col}
}

// attr returns the value of e's attribute k, or "".
func attr(e xml.StartElement, k string) string {
	for _, a := range e.Attr {
		if a.Name.Local == k {
			return a.Value
		}
	}
	return ""
}

// read reads the tokens to the end of the input. A syntax error is
// reported at column 1 of its line: encoding/xml gives no column.
func (x *xmlReader) read() error {
	for {
		tokAt := x.here() // where the next token starts
		tok, err := x.dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				line := se.Line
				if x.f != nil {
					// Where the decoder stopped, in the input: what
					// it read of that line may span dropped comments.
					l, c := x.dec.InputPos()
					line = x.f.origBefore(textpos.Pos{Line: l, Col: c}).Line
				}
				return &textpos.Error{Name: x.name, Pos: textpos.Pos{Line: line, Col: 1}, Msg: se.Msg}
			}
			return x.errAt("%v", err)
		}
		if x.skip(tok, tokAt) || x.done {
			continue
		}
		switch t := tok.(type) {
		case xml.StartElement:
			x.text.Reset()
			err = x.start(t)
		case xml.CharData:
			x.text.Write(t)
		case xml.EndElement:
			err = x.end(t)
		}
		if err != nil {
			return err
		}
	}
}

// skip counts the <puzzle> elements of a set, noting where the second
// starts, and says whether tok, at at, belongs to one that is not read:
// only the wanted puzzle is read.
func (x *xmlReader) skip(tok xml.Token, at pos) bool {
	if t, ok := tok.(xml.StartElement); ok && t.Name.Local == "puzzle" {
		x.puzzles++
		if x.puzzles == 2 {
			x.second = at
		}
		x.skipping = x.puzzles != x.want
	}
	if x.skipping {
		if t, ok := tok.(xml.EndElement); ok && t.Name.Local == "puzzle" {
			x.skipping = false
		}
		return true
	}
	return false
}

// start reads an element's start tag: its attributes, and where it is.
func (x *xmlReader) start(t xml.StartElement) error {
	switch t.Name.Local {
	case "puzzle":
		x.inPuzzle = true
		if c := attr(t, "defaultcolor"); c != "" {
			x.defColor = c
		}
		if c := attr(t, "backgroundcolor"); c != "" {
			x.bgColor = c
		}
	case "color":
		return x.startColor(t)
	case "clues":
		return x.startClues(t)
	case "line":
		if x.clueType == "" {
			return x.errAt("<line> outside <clues>")
		}
		x.cur = Clue{}
		x.curNames = nil
		x.curPos = x.here()
	case "count":
		x.countColor = attr(t, "color")
		if x.countColor == "" {
			x.countColor = x.defColor
		}
		x.countPos = x.here()
	case "image":
		x.imagePos = x.here()
	}
	return nil
}

// startColor adds a <color name= char=> to the palette; its rrggbb comes
// at its end.
func (x *xmlReader) startColor(t xml.StartElement) error {
	at := x.here()
	n := attr(t, "name")
	for _, q := range x.palette {
		if q.name == n {
			return x.errAt("color %q declared twice (first on line %d)", n, q.at.line)
		}
	}
	if len(x.palette) >= MaxColours {
		return x.errAt("more than %d colours", MaxColours)
	}
	x.palette = append(x.palette, xmlColour{name: n, char: attr(t, "char"), at: at})
	x.curColor = len(x.palette) - 1
	return nil
}

// startClues opens the rows' or the columns' <clues>, each allowed once.
func (x *xmlReader) startClues(t xml.StartElement) error {
	x.clueType = attr(t, "type")
	if x.clueType != "rows" && x.clueType != "columns" {
		return x.errAt("clues type %q: want rows or columns", x.clueType)
	}
	if x.clueType == "rows" && x.haveRows || x.clueType == "columns" && x.haveCl {
		return x.errAt("%s clues given twice", x.clueType[:len(x.clueType)-1])
	}
	return nil
}

// end reads an element's end tag, with the text the element held.
// Elements outside a <puzzle> are ignored.
func (x *xmlReader) end(t xml.EndElement) error {
	if !x.inPuzzle {
		return nil
	}
	s := strings.TrimSpace(x.text.String())
	var err error
	switch t.Name.Local {
	case "count":
		err = x.endCount(s)
	case "line":
		err = x.endLine()
	case "clues":
		if x.clueType == "rows" {
			x.haveRows = true
		} else {
			x.haveCl = true
			x.p.colsKey = x.here()
		}
		x.clueType = ""
	case "title":
		x.p.Title = s
	case "author":
		x.p.By = s
	case "copyright":
		x.p.Copyright = s
	case "source":
		x.p.Catalogue = s
	case "image":
		x.imageText = x.text.String()
	case "color":
		err = x.endColor(s)
	case "puzzle":
		x.done = true
	}
	x.text.Reset()
	return err
}

// endCount adds the run a <count> holds, s, to the open line; 0 adds
// none.
func (x *xmlReader) endCount(s string) error {
	if x.clueType == "" {
		return x.errAt("<count> outside <clues>")
	}
	n, err := strconv.Atoi(s)
	if len(s) > 0 && strings.Trim(s, "0123456789") == "" && (err != nil || n > MaxSide) {
		return x.errAt("count %q: too large (a run of at most %d cells)", s, MaxSide)
	}
	if err != nil || n < 0 {
		return x.errAt("count %q: expected a number", s)
	}
	if n > 0 {
		x.cur = append(x.cur, n)
		x.curNames = append(x.curNames, xmlRun{x.countColor, x.countPos})
		if x.countColor != x.defColor {
			x.colour = true
		}
	}
	return nil
}

// endLine adds the clue of a <line> to the rows or the columns.
func (x *xmlReader) endLine() error {
	p := x.p
	clues, at, names := &p.Rows, &p.rowPos, &x.rowNames
	if x.clueType != "rows" {
		clues, at, names = &p.Cols, &p.colPos, &x.colNames
	}
	if len(*clues) >= MaxSide {
		return x.errAt("more than %d %s", MaxSide, x.clueType)
	}
	*clues = append(*clues, x.cur)
	*at = append(*at, x.curPos)
	*names = append(*names, x.curNames)
	return nil
}

// endColor sets the open <color>'s rrggbb (or rgb), s; an error is at
// the <color>, where its name is.
func (x *xmlReader) endColor(s string) error {
	if x.curColor < 0 {
		return nil
	}
	rgb, ok := ParseHex(s)
	if !ok || strings.HasPrefix(s, "#") {
		c := x.palette[x.curColor]
		return &textpos.Error{Name: x.name, Pos: textpos.Pos{Line: c.at.line, Col: c.at.col}, Msg: fmt.Sprintf("color %q %q: expected rrggbb or rgb (hex digits)", c.name, s)}
	}
	x.palette[x.curColor].rgb = rgb
	x.curColor = -1
	return nil
}

// finish checks what was read as a whole (the puzzle asked of a set,
// both kinds of clues, the size) and makes the colours and the goal.
func (x *xmlReader) finish(index int) (*Puzzle, error) {
	p, name := x.p, x.name
	switch {
	case index == 0 && x.puzzles > 1:
		return nil, p.several(x.second, x.puzzles)
	case index > x.puzzles && index > 1:
		n := fmt.Sprintf("%d puzzles", x.puzzles)
		if x.puzzles == 1 {
			n = "1 puzzle"
		}
		return nil, &textpos.Error{Name: name, Msg: fmt.Sprintf("has %s; index %d asked", n, index)}
	}
	if !x.haveRows {
		return nil, &textpos.Error{Name: name, Msg: "no <clues type=\"rows\">"}
	}
	if !x.haveCl {
		return nil, &textpos.Error{Name: name, Msg: "no <clues type=\"columns\">"}
	}
	p.Width, p.Height = len(p.Cols), len(p.Rows)
	if p.Width*p.Height > MaxCells {
		return nil, &textpos.Error{Name: name, Msg: fmt.Sprintf("%dx%d grid has more than %d cells", p.Width, p.Height, MaxCells)}
	}
	if x.colour {
		return x.finishColour()
	}
	x.blackAndWhiteGoal()
	return p, nil
}

// finishColour makes the palette and the goal of a puzzle whose runs have
// colours.
func (x *xmlReader) finishColour() (*Puzzle, error) {
	p := x.p
	xp := &xmlPalette{p: p, name: x.name, def: x.defColor, bg: x.bgColor, palette: x.palette}
	if err := xp.resolve(x.rowNames, x.colNames); err != nil {
		return nil, err
	}
	if x.imageText != "" {
		g, err := xp.goal(x.imageText, x.imagePos)
		if err != nil {
			return nil, err
		}
		p.Goal = g
	}
	if len(p.Colours) == 2 && p.Colours[1].Char == '1' {
		// One colour, with the default colour's character: a
		// black-and-white puzzle, as .non would write it.
		p.Colours, p.RowColours, p.ColColours = nil, nil, nil
	}
	return p, nil
}

// blackAndWhiteGoal reads the <image> of a black-and-white puzzle: the
// background's char (. unless declared) is white, any other char black.
func (x *xmlReader) blackAndWhiteGoal() {
	whiteChar := "."
	for _, c := range x.palette {
		if c.name == x.bgColor && c.char != "" {
			whiteChar = c.char
		}
	}
	if x.imageText == "" {
		return
	}
	var g strings.Builder
	for _, r := range x.imageText {
		switch {
		case r == '|' || r == ' ' || r == '\t' || r == '\r' || r == '\n':
		case string(r) == whiteChar:
			g.WriteByte('0')
		default:
			g.WriteByte('1')
		}
	}
	x.p.Goal = g.String()
}

// xmlColour is a <color name= char=>rrggbb</color> of webpbn XML.
type xmlColour struct {
	name, char string
	rgb        [3]byte
	at         pos
}

// xmlRun is the colour name of a <count> and where it was read.
type xmlRun struct {
	name string
	at   pos
}

// xmlPalette turns the colour names of an XML puzzle into its Colours.
type xmlPalette struct {
	p       *Puzzle
	name    string
	def, bg string
	palette []xmlColour
	bgChar  string // the background's char in <image>
}

func (x *xmlPalette) find(name string) int {
	for k, c := range x.palette {
		if c.name == name {
			return k
		}
	}
	return -1
}

// resolve builds the palette of a colour puzzle: the background colour
// (white unless declared), then each colour the counts use, in the order
// of the <color> elements (the default colour, black unless declared,
// first when undeclared). A count's colour that is not declared, a used
// colour without a usable char, or two colours with one char are errors.
func (x *xmlPalette) resolve(rowNames, colNames [][]xmlRun) error {
	p := x.p
	used := map[string]bool{}
	for _, names := range [][][]xmlRun{rowNames, colNames} {
		for _, line := range names {
			for _, r := range line {
				if r.name != x.def && x.find(r.name) < 0 {
					return p.errAt(r.at, "count color %q is not in the palette (no <color name=%q>)", r.name, r.name)
				}
				if r.name == x.bg {
					return p.errAt(r.at, "count color %q is the background colour", r.name)
				}
				used[r.name] = true
			}
		}
	}
	bg := Background
	bg.Name = x.bg
	x.bgChar = "."
	if k := x.find(x.bg); k >= 0 {
		bg.RGB = x.palette[k].rgb
		if x.palette[k].char != "" {
			x.bgChar = x.palette[k].char
		}
	}
	p.Colours = []Colour{bg}
	if used[x.def] && x.find(x.def) < 0 {
		d := DefaultColour
		d.Name = x.def
		p.Colours = append(p.Colours, d)
	}
	for _, c := range x.palette {
		if !used[c.name] {
			continue
		}
		if len(c.char) != 1 || !IsColourChar(c.char[0]) || c.char == x.bgChar {
			return p.errAt(c.at, "color %q char %q: want one printable character, not a digit but 1, nor , \" . = | or the background's %q", c.name, c.char, x.bgChar)
		}
		if k := p.ColourIndex(c.char[0]); k >= 0 {
			return p.errAt(c.at, "color %q char %q: already the char of %q", c.name, c.char, p.Colours[k].Label())
		}
		p.Colours = append(p.Colours, Colour{Char: c.char[0], Name: c.name, RGB: c.rgb})
	}
	index := func(runs []xmlRun) []int {
		out := make([]int, len(runs))
		for k, r := range runs {
			for i, c := range p.Colours {
				if c.Name == r.name {
					out[k] = i
				}
			}
		}
		return out
	}
	p.RowColours = make([][]int, len(rowNames))
	for i, rn := range rowNames {
		p.RowColours[i] = index(rn)
	}
	p.ColColours = make([][]int, len(colNames))
	for i, cn := range colNames {
		p.ColColours[i] = index(cn)
	}
	return nil
}

// goal reads the <image> of a colour puzzle, its text starting at at: the
// background's char becomes '0', every other char must be one of the
// palette's.
func (x *xmlPalette) goal(image string, at pos) (string, error) {
	var g strings.Builder
	for i, r := range image {
		switch {
		case r == '\n':
			at.line++
			at.col = 1 - i - 1
		case r == '|' || r == ' ' || r == '\t' || r == '\r':
		case string(r) == x.bgChar:
			g.WriteByte('0')
		case r < 0x80 && x.p.ColourIndex(byte(r)) > 0:
			g.WriteByte(byte(r))
		default:
			at.col += i
			return "", x.p.errAt(at, "image: %q is not the char of a colour of the clues (%s)", string(r), x.p.paletteChars())
		}
	}
	return g.String(), nil
}
