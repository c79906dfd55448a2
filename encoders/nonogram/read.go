package nonogram

import (
	"bufio"
	"bytes"
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

// Read reads a puzzle from r as o says: see the package Read. It reads r
// once, holding what the puzzle needs (see readText and xmlFilter), so
// that comments and blank lines cost next to nothing.
func (o ReadOptions) Read(r io.Reader, name string) (*Puzzle, error) {
	if o.Index < 0 {
		return nil, fmt.Errorf("puzzle index %d: want 1 or more", o.Index)
	}
	f := o.Format
	if f == Auto {
		f = FormatOf(name)
	}
	br := bufio.NewReaderSize(r, 64<<10)
	blank, bom, first, err := sniff(br)
	if err != nil {
		return nil, err
	}
	if f == XML || f == Auto && first == '<' {
		start := textpos.Pos{Line: blank + 1, Col: 1}
		if bom && blank == 0 {
			start.Col += 3
		}
		return readXML(newXMLFilter(br, start), name, o.Index)
	}
	t, err := readText(br, name, blank+1)
	if err != nil {
		return nil, err
	}
	if f == Auto {
		p, _, err := detect(t, name, o.Index)
		return p, err
	}
	p, err := parseAs(t, name, f, o.Index)
	if err != nil && o.Format == Auto {
		err = suffixHint(err, t, name, f, o.Index)
	}
	return p, err
}

// Parse is Read on bytes in memory.
func (o ReadOptions) Parse(data []byte, name string) (*Puzzle, error) {
	return o.Read(bytes.NewReader(data), name)
}

// parseAs reads t in format f and checks the puzzle.
func parseAs(t *text, name string, f Format, index int) (*Puzzle, error) {
	p, _, err := readAs(t, name, f, index)
	return p, err
}

// readAs is parseAs; read reports whether the whole input was read, so
// that an error is the puzzle's (clues that do not fit, totals that
// differ), not the format's.
func readAs(t *text, name string, f Format, index int) (p *Puzzle, read bool, err error) {
	if f != XML && index > 1 {
		return nil, false, &textpos.Error{Name: name, Msg: fmt.Sprintf("a %s file holds one puzzle; index %d asked", f, index)}
	}
	switch f {
	case NON:
		p, err = parseNON(t, name)
	case XML:
		// Text that reads as XML where the name or the format said
		// otherwise: the error is the one of reading it as that.
		p, err = parseXML(bytes.NewReader(t.bytes()), name, index, nil)
	case Keen:
		p, err = parseKeen(t, name)
	case G:
		p, err = parseG(t, name)
	case MK, NIN, CWD:
		p, err = parseSized(t, name, f)
	default:
		return nil, false, fmt.Errorf("unknown format %v", f)
	}
	if err == nil {
		read = true
		err = p.check()
	}
	if err != nil {
		// The lines are at hand: quote the line now, once.
		if e, ok := err.(*textpos.Error); ok && e.Source == "" && f != XML {
			e.Source = t.source(e.Line)
		}
		return nil, read, err
	}
	return p, true, nil
}

// readXML reads webpbn XML through f and checks the puzzle.
func readXML(f *xmlFilter, name string, index int) (*Puzzle, error) {
	p, err := parseXML(f, name, index, f)
	if err == nil {
		err = p.check()
	}
	if err != nil {
		if e, ok := err.(*textpos.Error); ok && e.Source == "" {
			e.Source = f.source(e.Line)
		}
		return nil, err
	}
	return p, nil
}

var nonKeys = map[string]bool{
	"width": true, "height": true, "rows": true, "columns": true, "goal": true,
	"title": true, "by": true, "copyright": true, "license": true, "catalogue": true,
	"color": true, "givens": true,
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

// nonReader reads Simpson's .non a line at a time: a method per key, the
// clue and givens sections read to their ends, and finish to check what
// the whole file says.
type nonReader struct {
	p        *Puzzle
	t        *text
	lines    []string
	seen     map[string]int // the line of each key given once
	givenPos []pos
	cs       nonColours
}

func parseNON(t *text, name string) (*Puzzle, error) {
	r := &nonReader{p: &Puzzle{name: name}, t: t, lines: t.lines, seen: map[string]int{}}
	for i := 0; i < len(r.lines); i++ {
		next, err := r.line(i)
		if err != nil {
			return nil, err
		}
		i = next
	}
	if err := r.finish(); err != nil {
		return nil, err
	}
	return r.p, nil
}

// errAt returns an error at line and col of the file.
func (r *nonReader) errAt(line, col int, format string, args ...any) error {
	return r.p.errAt(pos{line, col}, format, args...)
}

// line reads line i (from 0) and returns the index of the last line it
// read: a rows, columns or givens key reads its section too.
func (r *nonReader) line(i int) (int, error) {
	p, ln := r.p, r.lines[i]
	t := strings.TrimSpace(ln)
	if t == "" {
		return i, nil
	}
	key, rest := cutKey(t)
	lno, col := r.t.num(i), indent(ln)
	if nonKeys[key] && key != "color" {
		if prev, dup := r.seen[key]; dup {
			return i, r.errAt(lno, col, "%s given twice (first on line %d)", key, prev)
		}
		r.seen[key] = lno
	}
	restCol := col + strings.Index(t, rest)
	switch key {
	case "width", "height":
		return i, r.size(key, rest, lno, restCol)
	case "rows", "columns":
		return r.clues(key, i, col)
	case "goal":
		// Checked at the end, when the colours are known.
		p.Goal = unquote(rest)
		p.goalPos = pos{lno, restCol}
	case "givens":
		if rest != "" {
			return i, r.errAt(lno, restCol, "givens %q: the cells go on the lines below, one row,col a line", rest)
		}
		return r.givens(i)
	case "color":
		return i, r.cs.declare(rest, p.name, lno, restCol)
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
			return i, r.errAt(lno, col, "%q is outside the rows, columns and givens sections", t)
		}
	}
	return i, nil
}

// size reads the number of a width or height line, rest at column col:
// the grid's cells are checked as soon as both are known.
func (r *nonReader) size(key, rest string, line, col int) error {
	p := r.p
	n, err := strconv.Atoi(rest)
	if err != nil || rest == "" {
		return r.errAt(line, col, "%s %q: expected a number", key, rest)
	}
	if n < 1 || n > MaxSide {
		return r.errAt(line, col, "%s %d: must be between 1 and %d", key, n, MaxSide)
	}
	if key == "width" {
		p.Width = n
	} else {
		p.Height = n
	}
	if p.Width > 0 && p.Height > 0 && p.Width*p.Height > MaxCells {
		return r.errAt(line, col, "%dx%d grid has more than %d cells", p.Width, p.Height, MaxCells)
	}
	return nil
}

// clues reads the section of a rows or columns key on line i, at column
// col: exactly height (or width) clue lines, which must come first. It
// returns the index of the section's last line.
func (r *nonReader) clues(key string, i, col int) (int, error) {
	p, lines := r.p, r.lines
	isRow := key == "rows"
	n, size := p.Height, "height"
	if !isRow {
		n, size = p.Width, "width"
	}
	if n == 0 {
		return i, r.errAt(r.t.num(i), col, "%s before %s", key, size)
	}
	if !isRow {
		p.colsKey = pos{r.t.num(i), col}
	}
	var clues []Clue
	var ps []pos
	var chars [][]runChar
	j := i + 1
	for ; len(clues) < n; j++ {
		if j >= len(lines) {
			return j, r.errAt(r.t.num(j), 1, "%d %s clues, %s is %d", len(clues), key[:len(key)-1], size, n)
		}
		cl := lines[j]
		ct := strings.TrimSpace(cl)
		if ct != "" && !isDigit(ct[0]) {
			return j, r.errAt(r.t.num(j), indent(cl), "%d %s clues, %s is %d", len(clues), key[:len(key)-1], size, n)
		}
		c, rc, err := parseClue(cl, p.name, LineName(isRow, len(clues)), r.t.num(j), 1, true)
		if err != nil {
			return j, err
		}
		clues = append(clues, c)
		chars = append(chars, rc)
		ps = append(ps, pos{r.t.num(j), indent(cl)})
	}
	if j < len(lines) {
		if ct := strings.TrimSpace(lines[j]); ct != "" && isDigit(ct[0]) {
			return j, r.errAt(r.t.num(j), indent(lines[j]), "more than %d %s clues (%s is %d)", n, key[:len(key)-1], size, n)
		}
	}
	if isRow {
		p.Rows, p.rowPos, r.cs.rows = clues, ps, chars
	} else {
		p.Cols, p.colPos, r.cs.cols = clues, ps, chars
	}
	return j - 1, nil
}

// givens reads the section of the givens key on line i and returns the
// index of its last line. The section runs to the next line that starts
// with a letter (the next key, known or not) or the end of the input;
// blank lines inside it are skipped. Every other line is a given, so a
// malformed one is an error, never the silent end of the section.
func (r *nonReader) givens(i int) (int, error) {
	p := r.p
	j := i + 1
	for ; j < len(r.lines); j++ {
		gl := r.lines[j]
		gt := strings.TrimSpace(gl)
		if gt == "" {
			continue
		}
		if isLetter(gt[0]) {
			break
		}
		g, ch, chCol, err := parseGiven(gl, p.name, r.t.num(j))
		if err != nil {
			return j, err
		}
		p.Givens = append(p.Givens, g)
		r.givenPos = append(r.givenPos, pos{r.t.num(j), indent(gl)})
		r.cs.givens = append(r.cs.givens, runChar{ch, chCol})
	}
	return j - 1, nil
}

// finish checks what the whole file says: the four keys a puzzle needs,
// the givens inside the grid, and the colours.
func (r *nonReader) finish() error {
	p := r.p
	end := r.t.end
	for _, k := range []string{"width", "height", "rows", "columns"} {
		if _, ok := r.seen[k]; !ok {
			return r.errAt(end, 1, "no %q line", k)
		}
	}
	for k, g := range p.Givens {
		if g.Row < 0 || g.Row >= p.Height || g.Col < 0 || g.Col >= p.Width {
			return r.errAt(r.givenPos[k].line, r.givenPos[k].col, "given %d,%d is outside the %dx%d grid (givens are 0-based row,col)", g.Row, g.Col, p.Width, p.Height)
		}
	}
	return r.cs.resolve(p, r.givenPos)
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
	if !cs.colour() {
		return cs.blackAndWhite(p, givenPos)
	}
	used, err := cs.used(p)
	if err != nil {
		return err
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
	return cs.givenColours(p, givenPos)
}

// colour says whether a run of the clues has a colour character.
func (cs *nonColours) colour() bool {
	for _, rcs := range [][][]runChar{cs.rows, cs.cols} {
		for _, rc := range rcs {
			if rc != nil {
				return true
			}
		}
	}
	return false
}

// blackAndWhite checks that the givens and the goal of a puzzle whose
// clues have no colours name none.
func (cs *nonColours) blackAndWhite(p *Puzzle, givenPos []pos) error {
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

// used returns the colour characters the clues use, '1' for a run
// without one; a character without a "color" line is an error at its
// run.
func (cs *nonColours) used(p *Puzzle) (map[byte]bool, error) {
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
					return nil, p.errAt(pos{at.line, r.col}, "%s clue %q: colour %q has no \"color %s #rrggbb\" line", LineName(isRow, i), p.nonClue(c, rc), string(ch), string(ch))
				}
				used[ch] = true
			}
		}
	}
	return used, nil
}

// givenColours sets the colour of each given that names one, which must
// be a colour of the clues.
func (cs *nonColours) givenColours(p *Puzzle, givenPos []pos) error {
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

func parseKeen(t *text, name string) (*Puzzle, error) {
	p := &Puzzle{name: name}
	lines := t.lines
	i := 0
	section := func(isRow bool) ([]Clue, []pos, error) {
		for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
			i++
		}
		var clues []Clue
		var ps []pos
		for ; i < len(lines) && strings.TrimSpace(lines[i]) != ""; i++ {
			if len(clues) >= MaxSide {
				return nil, nil, &textpos.Error{Name: name, Pos: textpos.Pos{Line: t.num(i), Col: 1}, Msg: fmt.Sprintf("more than %d lines", MaxSide)}
			}
			c, _, err := parseClue(lines[i], name, LineName(isRow, len(clues)), t.num(i), 1, false)
			if err != nil {
				return nil, nil, err
			}
			clues = append(clues, c)
			ps = append(ps, pos{t.num(i), indent(lines[i])})
		}
		return clues, ps, nil
	}
	var err error
	if p.Rows, p.rowPos, err = section(true); err != nil {
		return nil, err
	}
	if len(p.Rows) == 0 {
		return nil, &textpos.Error{Name: name, Pos: textpos.Pos{Line: t.num(i), Col: 1}, Msg: "no row clues"}
	}
	if p.Cols, p.colPos, err = section(false); err != nil {
		return nil, err
	}
	if len(p.Cols) == 0 {
		return nil, &textpos.Error{Name: name, Pos: textpos.Pos{Line: t.num(i), Col: 1}, Msg: "no column clues after the blank line"}
	}
	p.colsKey = p.colPos[0]
	for ; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "" {
			return nil, &textpos.Error{Name: name, Pos: textpos.Pos{Line: t.num(i), Col: indent(lines[i])}, Msg: "unexpected line after the column clues"}
		}
	}
	p.Width, p.Height = len(p.Cols), len(p.Rows)
	if p.Width*p.Height > MaxCells {
		return nil, &textpos.Error{Name: name, Msg: fmt.Sprintf("%dx%d grid has more than %d cells", p.Width, p.Height, MaxCells)}
	}
	return p, nil
}
