package nonogram

import (
	"fmt"
	"strings"

	"github.com/pipesat/pipesat/textpos"
	"golang.org/x/image/colornames"
)

// Olsak's .g format (facts from the sample files of Petr Olšák's grid
// program, as pbnsolve's examples and reader carry them):
//
//	g       = { text | "#" comment | colours } ":" text NL rows ":" text NL columns [ ":" { text } ] .
//	colours = "#d" text NL { declaration | blank } .  (* "#D" too *)
//	declaration = blanks inchar ":" outchar blanks (name | "#" rrggbb) [ blanks text ] NL .
//	rows    = { clue NL } .                          (* a blank line is an empty row *)
//	clue    = { number [ inchar ] | "," | blanks } .
//
// Lines before the first that starts with ':' are free text, but "#d"
// starts the colour declarations, each line up to that ':' one colour:
// inchar is the character clues write after a number ("3r"), "0" the
// background and "1" the default colour of a bare number; outchar is the
// grid program's character for printing and is not used here; the colour
// is an X11 name ("red", "DarkRed") or #rrggbb. A "#t" line (triddlers)
// and triangle colours ("black/orange") are not supported: each is an
// error. The row clues run to the next line that starts with ':', the
// column clues to the next one or the end of the input (where trailing
// blank lines are not clues); anything after is free text. A file
// without "#d" is black and white, and a file with one that declares no
// "1" must give every run its colour.

// x11Colours are the X11 colour names whose colour differs from the SVG
// name colornames has (X11's rgb.txt, which Olsak's files name).
var x11Colours = map[string][3]byte{
	"gray": {0xbe, 0xbe, 0xbe}, "grey": {0xbe, 0xbe, 0xbe}, "green": {0x00, 0xff, 0x00},
	"maroon": {0xb0, 0x30, 0x60}, "purple": {0xa0, 0x20, 0xf0},
}

// x11Colour returns the colour an X11 name names, in any case: the SVG
// colour names (colornames), which are X11's but for the five in
// x11Colours. X11's numbered shades ("gray50", "red3") are not known.
func x11Colour(name string) ([3]byte, bool) {
	n := strings.ToLower(name)
	if c, ok := x11Colours[n]; ok {
		return c, true
	}
	if c, ok := colornames.Map[n]; ok {
		return [3]byte{c.R, c.G, c.B}, true
	}
	return [3]byte{}, false
}

// gDecl is one colour declaration of a .g file.
type gDecl struct {
	Colour
	line int
}

// gReader reads Olsak's .g: the free text before the first ":" line with
// its "#d" colour declarations, then the row and the column clues, each
// after a ":" line.
type gReader struct {
	p       *Puzzle
	t       *text
	lines   []string
	decls   []gDecl
	bg      *gDecl
	declAt  int // the "#d" line, 0 when none
	i       int // the line being read, from 0
	inDecls bool
}

func parseG(t *text, name string) (*Puzzle, error) {
	r := &gReader{p: &Puzzle{name: name}, t: t, lines: t.lines}
	p := r.p
	if err := r.header(); err != nil {
		return nil, err
	}
	var cs nonColours
	for _, d := range r.decls {
		cs.decl = append(cs.decl, d.Colour)
		cs.declLine = append(cs.declLine, d.line)
	}
	var err error
	if p.Rows, p.rowPos, cs.rows, err = r.section(true); err != nil {
		return nil, err
	}
	p.colsKey = pos{t.num(r.i), 1}
	if p.Cols, p.colPos, cs.cols, err = r.section(false); err != nil {
		return nil, err
	}
	p.Width, p.Height = len(p.Cols), len(p.Rows)
	if p.Width*p.Height > MaxCells {
		return nil, r.errAt(0, 0, "%dx%d grid has more than %d cells", p.Width, p.Height, MaxCells)
	}
	if err := cs.resolve(p, nil); err != nil {
		return nil, err
	}
	if r.bg != nil && p.IsColour() {
		p.Colours[0].RGB, p.Colours[0].Name = r.bg.RGB, r.bg.Name
	}
	return p, nil
}

// errAt returns an error at line and col of the file.
func (r *gReader) errAt(line, col int, format string, args ...any) error {
	return r.p.errAt(pos{line, col}, format, args...)
}

// find returns the declaration of colour ch, the background's included,
// or nil.
func (r *gReader) find(ch byte) *gDecl {
	if r.bg != nil && r.bg.Char == ch {
		return r.bg
	}
	for k := range r.decls {
		if r.decls[k].Char == ch {
			return &r.decls[k]
		}
	}
	return nil
}

// header reads the lines before the first ":" line, which r.i is left
// on: free text, "#" comments, and the "#d" section's declarations.
func (r *gReader) header() error {
	lines := r.lines
	for ; r.i < len(lines); r.i++ {
		i, ln := r.i, lines[r.i]
		if strings.HasPrefix(ln, ":") {
			return nil
		}
		if len(ln) > 1 && ln[0] == '#' && !(r.inDecls && ln[1] == ':') {
			switch ln[1] {
			case 'd', 'D':
				if r.declAt > 0 {
					return r.errAt(r.t.num(i), 1, "a second #d section (the first is on line %d)", r.declAt)
				}
				r.declAt, r.inDecls = r.t.num(i), true
			case 't', 'T':
				return r.errAt(r.t.num(i), 1, "triddlers (#t) are not supported: only rectangular grids")
			}
			continue // any other "#" line is a comment
		}
		t := strings.TrimSpace(ln)
		if !r.inDecls || t == "" {
			continue // free text
		}
		if err := r.declare(ln, i); err != nil {
			return err
		}
	}
	return r.errAt(r.t.num(r.i), 1, `the input ends: expected a line that starts with ":", then the row clues`)
}

// declare reads the colour declaration ln, line i (from 0) of the #d
// section: colour 0 is the background's, the others the palette's.
func (r *gReader) declare(ln string, i int) error {
	d, err := parseGDecl(ln, r.p.name, r.t.num(i))
	if err != nil {
		return err
	}
	if prev := r.find(d.Char); prev != nil {
		return r.errAt(r.t.num(i), indent(ln), "colour %q declared twice (first on line %d)", string(d.Char), prev.line)
	}
	if d.Char == '0' {
		r.bg = &d
		return nil
	}
	if len(r.decls)+1 >= MaxColours {
		return r.errAt(r.t.num(i), indent(ln), "more than %d colours", MaxColours)
	}
	r.decls = append(r.decls, d)
	return nil
}

// section reads the clue lines after the ':' line r.i, up to the next
// ':' line or the end of the input, and leaves r.i on the line after
// them.
func (r *gReader) section(isRow bool) ([]Clue, []pos, [][]runChar, error) {
	lines := r.lines
	start := r.i + 1
	end := start
	for end < len(lines) && !strings.HasPrefix(lines[end], ":") {
		end++
	}
	if !isRow && end == len(lines) {
		for end > start && strings.TrimSpace(lines[end-1]) == "" {
			end--
		}
	}
	if isRow && end == len(lines) {
		return nil, nil, nil, r.errAt(r.t.num(end), 1, `the input ends in the row clues: expected a line that starts with ":", then the column clues`)
	}
	var clues []Clue
	var ps []pos
	var chars [][]runChar
	for j := start; j < end; j++ {
		if len(clues) >= MaxSide {
			return nil, nil, nil, r.errAt(r.t.num(j), 1, "more than %d lines", MaxSide)
		}
		ln := lines[j]
		what := LineName(isRow, len(clues))
		c, rc, err := parseClue(ln, r.p.name, what, r.t.num(j), 1, true)
		if err != nil {
			return nil, nil, nil, err
		}
		if err := r.checkColours(c, rc, ln, what, j); err != nil {
			return nil, nil, nil, err
		}
		clues = append(clues, c)
		ps = append(ps, pos{r.t.num(j), indent(ln)})
		chars = append(chars, rc)
	}
	if len(clues) == 0 {
		return nil, nil, nil, r.errAt(r.t.num(r.i), 1, "no %s clues after this line", map[bool]string{true: "row", false: "column"}[isRow])
	}
	r.i = end
	return clues, ps, chars, nil
}

// checkColours checks the colour of each run of clue c, line ln (j from
// 0), against the #d section: a run without a character needs a
// declared default colour 1 when there is a section, a character needs
// one, and a declaration.
func (r *gReader) checkColours(c Clue, rc []runChar, ln, what string, j int) error {
	for k := range c {
		ch := byte(0)
		col := indent(ln)
		if rc != nil && rc[k].ch != 0 {
			ch, col = rc[k].ch, rc[k].col
		}
		switch {
		case ch == 0 && r.declAt > 0 && r.find('1') == nil:
			return r.errAt(r.t.num(j), col, "%s clue %q: run %d has no colour character, and the #d section (line %d) declares no default colour 1", what, strings.TrimSpace(ln), k+1, r.declAt)
		case ch != 0 && r.declAt == 0:
			return r.errAt(r.t.num(j), col, "%s clue %q: colour %q, but no #d section declares colours", what, strings.TrimSpace(ln), string(ch))
		case ch != 0 && (r.find(ch) == nil || ch == '0'):
			return r.errAt(r.t.num(j), col, "%s clue %q: colour %q is not declared in the #d section (line %d)", what, strings.TrimSpace(ln), string(ch), r.declAt)
		}
	}
	return nil
}

// parseGDecl reads a colour declaration line of a .g file:
// "  r:%  red  a comment".
func parseGDecl(ln, name string, line int) (gDecl, error) {
	errAt := func(col int, format string, args ...any) error {
		return &textpos.Error{Name: name, Pos: textpos.Pos{Line: line, Col: col}, Msg: fmt.Sprintf(format, args...)}
	}
	j := indent(ln) - 1
	t := strings.TrimSpace(ln)
	if j+2 >= len(ln) || ln[j+1] != ':' {
		return gDecl{}, errAt(j+1, "colour declaration %q: expected a character, \":\", a character to print and a colour, as in \"r:%% red\"", t)
	}
	ch := ln[j]
	if ch != '0' && !IsColourChar(ch) {
		return gDecl{}, errAt(j+1, "colour declaration %q: %q cannot name a colour (one printable character; not a digit but 0 and 1, nor , \" . = |)", t, string(ch))
	}
	rest := ln[j+3:]
	f := strings.Fields(rest)
	if len(f) == 0 {
		return gDecl{}, errAt(len(ln)+1, "colour declaration %q: expected a colour name or #rrggbb after %q", t, ln[j:j+3])
	}
	word := f[0]
	col := j + 3 + strings.Index(rest, word) + 1
	d := gDecl{Colour: Colour{Char: ch}, line: line}
	switch {
	case strings.ContainsAny(word, `/\`):
		return gDecl{}, errAt(col, "colour %q: triangle colours are not supported", word)
	case word[0] == '#':
		rgb, ok := ParseHex(word)
		if !ok {
			return gDecl{}, errAt(col, "colour %q: expected #rrggbb (six hex digits) or #rgb", word)
		}
		d.RGB = rgb
	default:
		rgb, ok := x11Colour(word)
		if !ok {
			return gDecl{}, errAt(col, "colour %q is not an X11 colour name this reader knows: give it as #rrggbb", word)
		}
		d.RGB, d.Name = rgb, word
	}
	return d, nil
}
