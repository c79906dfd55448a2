package nonogram

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/textpos"
)

// Format is an input format.
type Format int

const (
	Auto Format = iota // decide by the name's suffix, then by content (see Detect)
	NON                // Steve Simpson's .non with the mikix extensions and "givens"
	XML                // webpbn XML
	Keen               // Keen's plain layout: row clues, blank line, column clues
	G                  // Olsak's .g: free text, "#d" colours, ":" before rows, columns, end
	MK                 // Olsak's .mk: "H W", row clues, "#", column clues
	NIN                // Jakub Wilk's .nin: "W H", row clues, column clues
	CWD                // QNonograms' .cwd: H, W, row clues, blank line, column clues
)

var formatNames = []string{"auto", "non", "xml", "keen", "g", "mk", "nin", "cwd"}

// String returns the format's flag value: auto, non, xml, keen, g, mk, nin
// or cwd.
func (f Format) String() string {
	if f >= 0 && int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// ParseFormat returns the Format called s (see Format.String).
func ParseFormat(s string) (Format, error) {
	for i, n := range formatNames {
		if s == n {
			return Format(i), nil
		}
	}
	return 0, fmt.Errorf("unknown format %q (want %s)", s, formatList(formatNames))
}

// formatList writes names as "a, b or c".
func formatList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// suffixes maps a file name's suffix, lower case, to its format. ".keen"
// is this project's name for Keen's layout, which has no suffix of its own.
var suffixes = map[string]Format{
	".non": NON, ".xml": XML, ".keen": Keen, ".g": G, ".mk": MK, ".nin": NIN, ".cwd": CWD,
}

// FormatOf returns the format a file name's suffix names, in any case
// (.non, .xml, .keen, .g, .mk, .nin, .cwd), or Auto for any other name
// ("<stdin>", "p.txt").
func FormatOf(name string) Format {
	return suffixes[strings.ToLower(filepath.Ext(name))]
}

// MaxInput is the largest puzzle file Read accepts, in bytes.
const MaxInput = 64 << 20

// ReadOptions say how Read reads a puzzle file.
type ReadOptions struct {
	// Format is the file's format. Auto takes the one the name's suffix
	// names (FormatOf), else the one the content fits (see Detect).
	Format Format
	// Index picks the Index-th puzzle (from 1) of a file that holds
	// several, as a webpbn XML <puzzleset> may. 0 takes the file's only
	// puzzle: a file of several is then an error that says how many.
	Index int
}

// Read reads a puzzle in format f (Auto: by suffix, then content) from r
// and checks it: clue counts match the size, every clue fits its line,
// rows and columns need the same number of black cells. name is used in
// messages and for its suffix; errors are *textpos.Error values with the
// position. A file that holds several puzzles is an error (see
// ReadOptions.Index).
func Read(r io.Reader, name string, f Format) (*Puzzle, error) {
	return ReadOptions{Format: f}.Read(r, name)
}

// Parse is Read on bytes in memory.
func Parse(data []byte, name string, f Format) (*Puzzle, error) {
	return ReadOptions{Format: f}.Parse(data, name)
}

// Read reads a puzzle from r as o says: see the package Read.
func (o ReadOptions) Read(r io.Reader, name string) (*Puzzle, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxInput {
		return nil, &textpos.Error{Name: name, Msg: fmt.Sprintf("input is larger than %d bytes", MaxInput)}
	}
	return o.Parse(data, name)
}

// Parse is Read on bytes in memory.
func (o ReadOptions) Parse(data []byte, name string) (*Puzzle, error) {
	if o.Index < 0 {
		return nil, fmt.Errorf("puzzle index %d: want 1 or more", o.Index)
	}
	f := o.Format
	if f == Auto {
		f = FormatOf(name)
	}
	if f == Auto {
		p, _, err := detect(data, name, o.Index)
		return p, err
	}
	p, err := parseAs(data, name, f, o.Index)
	if err != nil && o.Format == Auto {
		err = suffixHint(err, data, name, f, o.Index)
	}
	return p, err
}

// parseAs reads data in format f and checks the puzzle.
func parseAs(data []byte, name string, f Format, index int) (*Puzzle, error) {
	p, _, err := readAs(data, name, f, index)
	return p, err
}

// readAs is parseAs; read reports whether the whole input was read, so
// that an error is the puzzle's (clues that do not fit, totals that
// differ), not the format's.
func readAs(data []byte, name string, f Format, index int) (p *Puzzle, read bool, err error) {
	if f != XML && index > 1 {
		return nil, false, &textpos.Error{Name: name, Msg: fmt.Sprintf("a %s file holds one puzzle; index %d asked", f, index)}
	}
	switch f {
	case NON:
		p, err = parseNON(data, name)
	case XML:
		p, err = parseXML(data, name, index)
	case Keen:
		p, err = parseKeen(data, name)
	case G:
		p, err = parseG(data, name)
	case MK, NIN, CWD:
		p, err = parseSized(data, name, f)
	default:
		return nil, false, fmt.Errorf("unknown format %v", f)
	}
	if err == nil {
		read = true
		err = p.check()
	}
	if err != nil {
		// The whole input is at hand: quote the line now, once.
		if e, ok := err.(*textpos.Error); ok && e.Source == "" {
			e.Source = textpos.Line(data, e.Line)
		}
		return nil, read, err
	}
	return p, true, nil
}

var nonKeys = map[string]bool{
	"width": true, "height": true, "rows": true, "columns": true, "goal": true,
	"title": true, "by": true, "copyright": true, "license": true, "catalogue": true,
	"color": true, "givens": true,
}

func splitLines(data []byte) []string {
	s := string(data)
	s = strings.TrimPrefix(s, "\ufeff")
	lines := strings.Split(s, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// cutKey splits a trimmed line into its first word and the rest.
func cutKey(t string) (key, rest string) {
	i := strings.IndexAny(t, " \t")
	if i < 0 {
		return t, ""
	}
	return t[:i], strings.TrimSpace(t[i:])
}

func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}

// indent returns the 1-based column of the first non-blank byte of ln.
func indent(ln string) int {
	return len(ln) - len(strings.TrimLeft(ln, " \t")) + 1
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }

func isLetter(b byte) bool { return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' }

// parseGiven reads one line of the givens section: a 0-based row number,
// a comma and a column number, blanks allowed around each, then, for a
// colour puzzle, optionally a comma and the cell's colour character
// ("3,4,a"). ch is that character, 0 when there is none; chCol its column.
func parseGiven(s, name string, line int) (g Cell, ch byte, chCol int, err error) {
	errAt := func(i int, what string) error {
		return &textpos.Error{Name: name, Pos: textpos.Pos{Line: line, Col: i + 1}, Msg: "given " + strconv.Quote(strings.TrimSpace(s)) + ": expected " + what + " (a given is a 0-based row,col)"}
	}
	i := 0
	blanks := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
	}
	number := func(what string) (int, error) {
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j == i {
			return 0, errAt(i, what)
		}
		if j-i > 9 {
			return 0, errAt(i, what+" of at most 9 digits")
		}
		n, _ := strconv.Atoi(s[i:j])
		i = j
		return n, nil
	}
	blanks()
	if g.Row, err = number("a row number"); err != nil {
		return g, 0, 0, err
	}
	blanks()
	if i >= len(s) || s[i] != ',' {
		return g, 0, 0, errAt(i, "a comma")
	}
	i++
	blanks()
	if g.Col, err = number("a column number"); err != nil {
		return g, 0, 0, err
	}
	blanks()
	if i < len(s) && s[i] == ',' {
		i++
		blanks()
		if i >= len(s) || !IsColourChar(s[i]) {
			return g, 0, 0, errAt(i, "a colour character after the second comma")
		}
		ch, chCol = s[i], i+1
		i++
		blanks()
	}
	if i < len(s) {
		return g, 0, 0, errAt(i, "the end of the line")
	}
	return g, ch, chCol, nil
}

// runChar is the colour character after a run of a clue, 0 for none, and
// its column, for messages.
type runChar struct {
	ch  byte
	col int
}

// parseClue reads a clue: numbers separated by commas and/or blanks, "0"
// or nothing for an empty line, each number optionally followed by a
// colour character ("3a"). what is "row 3" or "column 4"; col0 is the
// column of s[0]. chars has one element per run, nil when no run has a
// colour character; colour false (Keen) refuses colour characters.
func parseClue(s, name, what string, line, col0 int, colour bool) (Clue, []runChar, error) {
	var c Clue
	var chars []runChar
	errAt := func(i int, format string, args ...any) error {
		return &textpos.Error{Name: name, Pos: textpos.Pos{Line: line, Col: col0 + i}, Msg: what + " clue " + strconv.Quote(strings.TrimSpace(s)) + ": " + fmt.Sprintf(format, args...)}
	}
	zero := false
	i := 0
	for i < len(s) {
		b := s[i]
		if b == ' ' || b == '\t' || b == ',' {
			i++
			continue
		}
		if !isDigit(b) {
			return nil, nil, errAt(i, "expected a number")
		}
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j-i > 9 {
			return nil, nil, errAt(i, "run %s is too long", s[i:j])
		}
		n, _ := strconv.Atoi(s[i:j])
		var rc runChar
		if j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != ',' {
			if !IsColourChar(s[j]) {
				return nil, nil, errAt(j, "expected a comma")
			}
			if !colour {
				return nil, nil, errAt(j, "colour clues need the .non, XML or .g format")
			}
			if n == 0 {
				return nil, nil, errAt(i, "a run of length 0 has no colour")
			}
			rc = runChar{s[j], col0 + j}
			j++
			if j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != ',' {
				return nil, nil, errAt(j, "expected a comma (a colour is one character)")
			}
		}
		if n == 0 {
			zero = true
		} else {
			if rc.ch != 0 && chars == nil {
				chars = make([]runChar, len(c), len(c)+1)
			}
			c = append(c, n)
			if chars != nil {
				chars = append(chars, rc)
			}
		}
		i = j
	}
	if zero && len(c) > 0 {
		return nil, nil, errAt(strings.IndexByte(s, '0'), "a run of length 0 in a non-empty clue")
	}
	return c, chars, nil
}

func parseNON(data []byte, name string) (*Puzzle, error) {
	p := &Puzzle{name: name}
	lines := splitLines(data)
	errAt := func(line, col int, format string, args ...any) error {
		return &textpos.Error{Name: name, Pos: textpos.Pos{Line: line, Col: col}, Msg: fmt.Sprintf(format, args...)}
	}
	seen := map[string]int{}
	var (
		givenPos []pos
		cs       nonColours
	)
	for i := 0; i < len(lines); i++ {
		ln := lines[i]
		t := strings.TrimSpace(ln)
		if t == "" {
			continue
		}
		key, rest := cutKey(t)
		lno, col := i+1, indent(ln)
		if nonKeys[key] && key != "color" {
			if prev, dup := seen[key]; dup {
				return nil, errAt(lno, col, "%s given twice (first on line %d)", key, prev)
			}
			seen[key] = lno
		}
		restCol := col + strings.Index(t, rest)
		switch key {
		case "width", "height":
			n, err := strconv.Atoi(rest)
			if err != nil || rest == "" {
				return nil, errAt(lno, restCol, "%s %q: expected a number", key, rest)
			}
			if n < 1 || n > MaxSide {
				return nil, errAt(lno, restCol, "%s %d: must be between 1 and %d", key, n, MaxSide)
			}
			if key == "width" {
				p.Width = n
			} else {
				p.Height = n
			}
			if p.Width > 0 && p.Height > 0 && p.Width*p.Height > MaxCells {
				return nil, errAt(lno, restCol, "%dx%d grid has more than %d cells", p.Width, p.Height, MaxCells)
			}
		case "rows", "columns":
			isRow := key == "rows"
			n, size := p.Height, "height"
			if !isRow {
				n, size = p.Width, "width"
			}
			if n == 0 {
				return nil, errAt(lno, col, "%s before %s", key, size)
			}
			if !isRow {
				p.colsKey = pos{lno, col}
			}
			var clues []Clue
			var ps []pos
			var chars [][]runChar
			j := i + 1
			for ; len(clues) < n; j++ {
				if j >= len(lines) {
					return nil, errAt(j+1, 1, "%d %s clues, %s is %d", len(clues), key[:len(key)-1], size, n)
				}
				cl := lines[j]
				ct := strings.TrimSpace(cl)
				if ct != "" && !isDigit(ct[0]) {
					return nil, errAt(j+1, indent(cl), "%d %s clues, %s is %d", len(clues), key[:len(key)-1], size, n)
				}
				c, rc, err := parseClue(cl, name, LineName(isRow, len(clues)), j+1, 1, true)
				if err != nil {
					return nil, err
				}
				clues = append(clues, c)
				chars = append(chars, rc)
				ps = append(ps, pos{j + 1, indent(cl)})
			}
			if j < len(lines) {
				if ct := strings.TrimSpace(lines[j]); ct != "" && isDigit(ct[0]) {
					return nil, errAt(j+1, indent(lines[j]), "more than %d %s clues (%s is %d)", n, key[:len(key)-1], size, n)
				}
			}
			if isRow {
				p.Rows, p.rowPos, cs.rows = clues, ps, chars
			} else {
				p.Cols, p.colPos, cs.cols = clues, ps, chars
			}
			i = j - 1
		case "goal":
			// Checked at the end, when the colours are known.
			p.Goal = unquote(rest)
			p.goalPos = pos{lno, restCol}
		case "givens":
			if rest != "" {
				return nil, errAt(lno, restCol, "givens %q: the cells go on the lines below, one row,col a line", rest)
			}
			// The section runs to the next line that starts with a
			// letter (the next key, known or not) or the end of the
			// input; blank lines inside it are skipped. Every other line
			// is a given, so a malformed one is an error, never the
			// silent end of the section.
			j := i + 1
			for ; j < len(lines); j++ {
				gl := lines[j]
				gt := strings.TrimSpace(gl)
				if gt == "" {
					continue
				}
				if isLetter(gt[0]) {
					break
				}
				g, ch, chCol, err := parseGiven(gl, name, j+1)
				if err != nil {
					return nil, err
				}
				p.Givens = append(p.Givens, g)
				givenPos = append(givenPos, pos{j + 1, indent(gl)})
				cs.givens = append(cs.givens, runChar{ch, chCol})
			}
			i = j - 1
		case "color":
			if err := cs.declare(rest, name, lno, restCol); err != nil {
				return nil, err
			}
		case "title":
			p.Title = unquote(rest)
		case "by":
			p.By = unquote(rest)
		case "copyright":
			p.Copyright = unquote(rest)
		case "license":
			p.License = unquote(rest)
		case "catalogue":
			p.Catalogue = unquote(rest)
		default:
			// Unknown keys are ignored, but a line of numbers out of
			// place is a clue or given that would be lost.
			if isDigit(t[0]) {
				return nil, errAt(lno, col, "%q is outside the rows, columns and givens sections", t)
			}
		}
	}
	end := len(lines) + 1
	for _, k := range []string{"width", "height", "rows", "columns"} {
		if _, ok := seen[k]; !ok {
			return nil, errAt(end, 1, "no %q line", k)
		}
	}
	for k, g := range p.Givens {
		if g.Row < 0 || g.Row >= p.Height || g.Col < 0 || g.Col >= p.Width {
			return nil, errAt(givenPos[k].line, givenPos[k].col, "given %d,%d is outside the %dx%d grid (givens are 0-based row,col)", g.Row, g.Col, p.Width, p.Height)
		}
	}
	if err := cs.resolve(p, givenPos); err != nil {
		return nil, err
	}
	return p, nil
}

// nonColours collects what a .non file says about colours, in any order:
// the "color" lines and the characters after runs and givens.
type nonColours struct {
	decl       []Colour
	declLine   []int
	rows, cols [][]runChar
	givens     []runChar
}

// declare reads the rest of a "color C #rrggbb" line, rest starting at
// column col.
func (cs *nonColours) declare(rest, name string, line, col int) error {
	errAt := func(col int, format string, args ...any) error {
		return &textpos.Error{Name: name, Pos: textpos.Pos{Line: line, Col: col}, Msg: fmt.Sprintf(format, args...)}
	}
	f := strings.Fields(rest)
	if len(f) != 2 {
		return errAt(col, "color %q: expected a character and #rrggbb, as in \"color a #ff0000\"", rest)
	}
	if len(f[0]) != 1 || !IsColourChar(f[0][0]) {
		return errAt(col, "color %q: %q cannot name a colour (one printable character; not a digit but 1, nor , \" . = |)", rest, f[0])
	}
	hexCol := col + strings.Index(rest[1:], f[1]) + 1
	rgb, ok := ParseHex(f[1])
	if !ok || len(f[1]) != 7 || f[1][0] != '#' {
		return errAt(hexCol, "color %s %q: expected #rrggbb (six hex digits)", f[0], f[1])
	}
	for k, d := range cs.decl {
		if d.Char == f[0][0] {
			return errAt(col, "colour %q declared twice (first on line %d)", f[0], cs.declLine[k])
		}
	}
	if len(cs.decl) >= MaxColours {
		return errAt(col, "more than %d colours", MaxColours)
	}
	cs.decl = append(cs.decl, Colour{Char: f[0][0], RGB: rgb})
	cs.declLine = append(cs.declLine, line)
	return nil
}

// resolve makes p a colour puzzle when a run has a colour character: the
// palette is the background, then each colour the clues use in the order
// of the "color" lines (the default colour '1', black unless declared,
// first when undeclared). A character without a "color" line is an error
// at the run; so is a given's colour in black and white, and a goal
// character that is not 0 or 1 there.
func (cs *nonColours) resolve(p *Puzzle, givenPos []pos) error {
	colour := false
	for _, rcs := range [][][]runChar{cs.rows, cs.cols} {
		for _, rc := range rcs {
			if rc != nil {
				colour = true
			}
		}
	}
	if !colour {
		for k, g := range cs.givens {
			if g.ch != 0 && g.ch != '1' {
				return p.errAt(pos{givenPos[k].line, g.col}, "given colour %q: the clues have no colours", string(g.ch))
			}
		}
		for k := range len(p.Goal) {
			if b := p.Goal[k]; b != '0' && b != '1' {
				return p.errAt(pos{p.goalPos.line, p.goalPos.col + 1 + k}, "goal: %q is not 0 or 1 (the clues have no colours)", string(b))
			}
		}
		return nil
	}
	used := map[byte]bool{}
	for _, isRow := range []bool{true, false} {
		rcs := cs.cols
		if isRow {
			rcs = cs.rows
		}
		for i, rc := range rcs {
			if rc == nil {
				c, _ := p.Line(isRow, i)
				if len(c) > 0 {
					used['1'] = true
				}
				continue
			}
			for _, r := range rc {
				ch := r.ch
				if ch == 0 {
					ch = '1'
				}
				if ch != '1' && declared(cs.decl, ch) < 0 {
					at := p.at(isRow, i)
					c, _ := p.Line(isRow, i)
					return p.errAt(pos{at.line, r.col}, "%s clue %q: colour %q has no \"color %s #rrggbb\" line", LineName(isRow, i), p.nonClue(c, rc), string(ch), string(ch))
				}
				used[ch] = true
			}
		}
	}
	p.Colours = []Colour{Background}
	if used['1'] && declared(cs.decl, '1') < 0 {
		p.Colours = append(p.Colours, DefaultColour)
	}
	for _, d := range cs.decl {
		if used[d.Char] {
			p.Colours = append(p.Colours, d)
		}
	}
	index := func(chars []runChar, n int) []int {
		out := make([]int, n)
		for k := range out {
			ch := byte('1')
			if chars != nil && chars[k].ch != 0 {
				ch = chars[k].ch
			}
			out[k] = p.ColourIndex(ch)
		}
		return out
	}
	p.RowColours = make([][]int, len(p.Rows))
	for i, c := range p.Rows {
		p.RowColours[i] = index(cs.rows[i], len(c))
	}
	p.ColColours = make([][]int, len(p.Cols))
	for i, c := range p.Cols {
		p.ColColours[i] = index(cs.cols[i], len(c))
	}
	for k, g := range cs.givens {
		if g.ch == 0 {
			continue
		}
		ci := p.ColourIndex(g.ch)
		if ci < 0 {
			return p.errAt(pos{givenPos[k].line, g.col}, "given colour %q is not a colour of the clues (%s)", string(g.ch), p.paletteChars())
		}
		if p.GivenColours == nil {
			p.GivenColours = make([]int, len(p.Givens))
		}
		p.GivenColours[k] = ci
	}
	return nil
}

func declared(cs []Colour, ch byte) int {
	for k, c := range cs {
		if c.Char == ch {
			return k
		}
	}
	return -1
}

// nonClue writes a clue with its characters as read, for messages.
func (p *Puzzle) nonClue(c Clue, rc []runChar) string {
	var b strings.Builder
	for k, n := range c {
		if k > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(n))
		if rc != nil && rc[k].ch != 0 {
			b.WriteByte(rc[k].ch)
		}
	}
	if b.Len() == 0 {
		return "0"
	}
	return b.String()
}

func parseKeen(data []byte, name string) (*Puzzle, error) {
	p := &Puzzle{name: name}
	lines := splitLines(data)
	i := 0
	section := func(isRow bool) ([]Clue, []pos, error) {
		for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
			i++
		}
		var clues []Clue
		var ps []pos
		for ; i < len(lines) && strings.TrimSpace(lines[i]) != ""; i++ {
			if len(clues) >= MaxSide {
				return nil, nil, &textpos.Error{Name: name, Pos: textpos.Pos{Line: i + 1, Col: 1}, Msg: fmt.Sprintf("more than %d lines", MaxSide)}
			}
			c, _, err := parseClue(lines[i], name, LineName(isRow, len(clues)), i+1, 1, false)
			if err != nil {
				return nil, nil, err
			}
			clues = append(clues, c)
			ps = append(ps, pos{i + 1, indent(lines[i])})
		}
		return clues, ps, nil
	}
	var err error
	if p.Rows, p.rowPos, err = section(true); err != nil {
		return nil, err
	}
	if len(p.Rows) == 0 {
		return nil, &textpos.Error{Name: name, Pos: textpos.Pos{Line: i + 1, Col: 1}, Msg: "no row clues"}
	}
	if p.Cols, p.colPos, err = section(false); err != nil {
		return nil, err
	}
	if len(p.Cols) == 0 {
		return nil, &textpos.Error{Name: name, Pos: textpos.Pos{Line: i + 1, Col: 1}, Msg: "no column clues after the blank line"}
	}
	p.colsKey = p.colPos[0]
	for ; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "" {
			return nil, &textpos.Error{Name: name, Pos: textpos.Pos{Line: i + 1, Col: indent(lines[i])}, Msg: "unexpected line after the column clues"}
		}
	}
	p.Width, p.Height = len(p.Cols), len(p.Rows)
	if p.Width*p.Height > MaxCells {
		return nil, &textpos.Error{Name: name, Msg: fmt.Sprintf("%dx%d grid has more than %d cells", p.Width, p.Height, MaxCells)}
	}
	return p, nil
}

func parseXML(data []byte, name string, index int) (*Puzzle, error) {
	p := &Puzzle{name: name}
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = false
	dec.Entity = xml.HTMLEntity
	errAt := func(format string, args ...any) error {
		l, c := dec.InputPos()
		return &textpos.Error{Name: name, Pos: textpos.Pos{Line: l, Col: c}, Msg: fmt.Sprintf(format, args...)}
	}
	attr := func(e xml.StartElement, k string) string {
		for _, a := range e.Attr {
			if a.Name.Local == k {
				return a.Value
			}
		}
		return ""
	}
	var (
		inPuzzle, done   bool
		defColor         = "black"
		bgColor          = "white"
		whiteChar        = "."
		clueType         string // "rows", "columns" or ""
		cur              Clue
		curPos           pos
		haveRows, haveCl bool
		text             strings.Builder
		imageText        string
		imagePos         pos
		// the palette, in order, and each run's colour name and position
		palette            []xmlColour
		curColor           = -1 // index of the open <color>
		countColor         string
		countPos           pos
		curNames           []xmlRun
		rowNames, colNames [][]xmlRun
		colour             bool // a run has a colour other than the default
		// which <puzzle> of a set is read, how many there are, and
		// where the second starts
		want     = max(index, 1)
		puzzles  int
		skipping bool
		second   pos
	)
	for {
		tokLine, tokCol := dec.InputPos() // where the next token starts
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, &textpos.Error{Name: name, Pos: textpos.Pos{Line: se.Line, Col: 1}, Msg: se.Msg}
			}
			return nil, errAt("%v", err)
		}
		// Only the wanted puzzle is read; the others are counted.
		if t, ok := tok.(xml.StartElement); ok && t.Name.Local == "puzzle" {
			puzzles++
			if puzzles == 2 {
				second = pos{tokLine, tokCol}
			}
			skipping = puzzles != want
		}
		if skipping {
			if t, ok := tok.(xml.EndElement); ok && t.Name.Local == "puzzle" {
				skipping = false
			}
			continue
		}
		if done {
			continue
		}
		switch t := tok.(type) {
		case xml.StartElement:
			text.Reset()
			switch t.Name.Local {
			case "puzzle":
				inPuzzle = true
				if c := attr(t, "defaultcolor"); c != "" {
					defColor = c
				}
				if c := attr(t, "backgroundcolor"); c != "" {
					bgColor = c
				}
			case "color":
				l, c := dec.InputPos()
				n := attr(t, "name")
				for _, q := range palette {
					if q.name == n {
						return nil, errAt("color %q declared twice (first on line %d)", n, q.at.line)
					}
				}
				if len(palette) >= MaxColours {
					return nil, errAt("more than %d colours", MaxColours)
				}
				palette = append(palette, xmlColour{name: n, char: attr(t, "char"), at: pos{l, c}})
				curColor = len(palette) - 1
			case "clues":
				clueType = attr(t, "type")
				if clueType != "rows" && clueType != "columns" {
					return nil, errAt("clues type %q: want rows or columns", clueType)
				}
				if clueType == "rows" && haveRows || clueType == "columns" && haveCl {
					return nil, errAt("%s clues given twice", clueType[:len(clueType)-1])
				}
			case "line":
				if clueType == "" {
					return nil, errAt("<line> outside <clues>")
				}
				cur = Clue{}
				curNames = nil
				l, c := dec.InputPos()
				curPos = pos{l, c}
			case "count":
				countColor = attr(t, "color")
				if countColor == "" {
					countColor = defColor
				}
				l, c := dec.InputPos()
				countPos = pos{l, c}
			case "image":
				l, c := dec.InputPos()
				imagePos = pos{l, c}
			}
		case xml.CharData:
			text.Write(t)
		case xml.EndElement:
			if !inPuzzle {
				continue
			}
			s := strings.TrimSpace(text.String())
			switch t.Name.Local {
			case "count":
				if clueType == "" {
					return nil, errAt("<count> outside <clues>")
				}
				n, err := strconv.Atoi(s)
				if err != nil || n < 0 || n > MaxSide {
					return nil, errAt("count %q: expected a number", s)
				}
				if n > 0 {
					cur = append(cur, n)
					curNames = append(curNames, xmlRun{countColor, countPos})
					if countColor != defColor {
						colour = true
					}
				}
			case "line":
				if clueType == "rows" {
					if len(p.Rows) >= MaxSide {
						return nil, errAt("more than %d rows", MaxSide)
					}
					p.Rows = append(p.Rows, cur)
					p.rowPos = append(p.rowPos, curPos)
					rowNames = append(rowNames, curNames)
				} else {
					if len(p.Cols) >= MaxSide {
						return nil, errAt("more than %d columns", MaxSide)
					}
					p.Cols = append(p.Cols, cur)
					p.colPos = append(p.colPos, curPos)
					colNames = append(colNames, curNames)
				}
			case "clues":
				if clueType == "rows" {
					haveRows = true
				} else {
					haveCl = true
					l, c := dec.InputPos()
					p.colsKey = pos{l, c}
				}
				clueType = ""
			case "title":
				p.Title = s
			case "author":
				p.By = s
			case "copyright":
				p.Copyright = s
			case "source":
				p.Catalogue = s
			case "image":
				imageText = text.String()
			case "color":
				if curColor >= 0 {
					rgb, ok := ParseHex(s)
					if !ok || strings.HasPrefix(s, "#") {
						at := palette[curColor].at
						return nil, &textpos.Error{Name: name, Pos: textpos.Pos{Line: at.line, Col: at.col}, Msg: fmt.Sprintf("color %q %q: expected rrggbb or rgb (hex digits)", palette[curColor].name, s)}
					}
					palette[curColor].rgb = rgb
					curColor = -1
				}
			case "puzzle":
				done = true
			}
			text.Reset()
		}
	}
	switch {
	case index == 0 && puzzles > 1:
		return nil, p.several(second, puzzles)
	case index > puzzles && index > 1:
		n := fmt.Sprintf("%d puzzles", puzzles)
		if puzzles == 1 {
			n = "1 puzzle"
		}
		return nil, &textpos.Error{Name: name, Msg: fmt.Sprintf("has %s; index %d asked", n, index)}
	}
	if !haveRows {
		return nil, &textpos.Error{Name: name, Msg: "no <clues type=\"rows\">"}
	}
	if !haveCl {
		return nil, &textpos.Error{Name: name, Msg: "no <clues type=\"columns\">"}
	}
	p.Width, p.Height = len(p.Cols), len(p.Rows)
	if p.Width*p.Height > MaxCells {
		return nil, &textpos.Error{Name: name, Msg: fmt.Sprintf("%dx%d grid has more than %d cells", p.Width, p.Height, MaxCells)}
	}
	if colour {
		x := &xmlPalette{p: p, name: name, def: defColor, bg: bgColor, palette: palette}
		if err := x.resolve(rowNames, colNames); err != nil {
			return nil, err
		}
		if imageText != "" {
			g, err := x.goal(imageText, imagePos)
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
	for _, c := range palette {
		if c.name == bgColor && c.char != "" {
			whiteChar = c.char
		}
	}
	if imageText != "" {
		var g strings.Builder
		for _, r := range imageText {
			switch {
			case r == '|' || r == ' ' || r == '\t' || r == '\r' || r == '\n':
			case string(r) == whiteChar:
				g.WriteByte('0')
			default:
				g.WriteByte('1')
			}
		}
		p.Goal = g.String()
	}
	return p, nil
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
