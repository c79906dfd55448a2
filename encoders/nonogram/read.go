package nonogram

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/textpos"
)

// Format is an input format.
type Format int

const (
	Auto Format = iota // decide by content
	NON                // Steve Simpson's .non with the mikix extensions and "givens"
	XML                // webpbn XML
	Keen               // Keen's plain layout: row clues, blank line, column clues
)

var formatNames = []string{"auto", "non", "xml", "keen"}

// String returns the format's flag value: auto, non, xml or keen.
func (f Format) String() string {
	if int(f) < len(formatNames) {
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
	return 0, fmt.Errorf("unknown format %q (want auto, non, xml or keen)", s)
}

// MaxInput is the largest puzzle file Read accepts, in bytes.
const MaxInput = 64 << 20

// Read reads a puzzle in format f (Auto: decided by content, see Detect)
// from r and checks it: clue counts match the size, every clue fits its
// line, rows and columns need the same number of black cells. name is used
// only in messages; errors are *Error values with the position.
func Read(r io.Reader, name string, f Format) (*Puzzle, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxInput {
		return nil, &Error{Name: name, Msg: fmt.Sprintf("input is larger than %d bytes", MaxInput)}
	}
	return Parse(data, name, f)
}

// Parse is Read on bytes in memory.
func Parse(data []byte, name string, f Format) (*Puzzle, error) {
	if f == Auto {
		f = Detect(data)
	}
	var p *Puzzle
	var err error
	switch f {
	case NON:
		p, err = parseNON(data, name)
	case XML:
		p, err = parseXML(data, name)
	case Keen:
		p, err = parseKeen(data, name)
	default:
		return nil, fmt.Errorf("unknown format %v", f)
	}
	if err == nil {
		err = p.check()
	}
	if err != nil {
		// The whole input is at hand: quote the line now, once.
		if e, ok := err.(*Error); ok && e.Source == "" {
			e.Source = textpos.Line(data, e.Line)
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

// Detect guesses the format of data: XML if it starts with '<', NON if a
// line starts with a .non key (width, height, rows, columns, ...), Keen
// otherwise.
func Detect(data []byte) Format {
	t := bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(t) > 0 && t[0] == '<' {
		return XML
	}
	for _, ln := range splitLines(data) {
		k, _ := cutKey(strings.TrimSpace(ln))
		if nonKeys[k] {
			return NON
		}
	}
	return Keen
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
// a comma and a column number, blanks allowed around each.
func parseGiven(s, name string, line int) (Cell, error) {
	errAt := func(i int, what string) error {
		return &Error{Name: name, Pos: textpos.Pos{Line: line, Col: i + 1}, Msg: "given " + strconv.Quote(strings.TrimSpace(s)) + ": expected " + what + " (a given is a 0-based row,col)"}
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
	var g Cell
	var err error
	blanks()
	if g.Row, err = number("a row number"); err != nil {
		return g, err
	}
	blanks()
	if i >= len(s) || s[i] != ',' {
		return g, errAt(i, "a comma")
	}
	i++
	blanks()
	if g.Col, err = number("a column number"); err != nil {
		return g, err
	}
	blanks()
	if i < len(s) {
		return g, errAt(i, "the end of the line")
	}
	return g, nil
}

// parseClue reads a clue: numbers separated by commas and/or blanks, "0"
// or nothing for an empty line. what is "row 3" or "column 4"; col0 is the
// column of s[0].
func parseClue(s, name, what string, line, col0 int) (Clue, error) {
	var c Clue
	errAt := func(i int, format string, args ...any) error {
		return &Error{Name: name, Pos: textpos.Pos{Line: line, Col: col0 + i}, Msg: what + " clue " + strconv.Quote(strings.TrimSpace(s)) + ": " + fmt.Sprintf(format, args...)}
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
			return nil, errAt(i, "expected a number")
		}
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j-i > 9 {
			return nil, errAt(i, "run %s is too long", s[i:j])
		}
		n, _ := strconv.Atoi(s[i:j])
		if j < len(s) && ('a' <= s[j] && s[j] <= 'z' || 'A' <= s[j] && s[j] <= 'Z') {
			return nil, errAt(j, "colour puzzles are not supported")
		}
		if j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != ',' {
			return nil, errAt(j, "expected a comma")
		}
		if n == 0 {
			zero = true
		} else {
			c = append(c, n)
		}
		i = j
	}
	if zero && len(c) > 0 {
		return nil, errAt(strings.IndexByte(s, '0'), "a run of length 0 in a non-empty clue")
	}
	return c, nil
}

func parseNON(data []byte, name string) (*Puzzle, error) {
	p := &Puzzle{name: name}
	lines := splitLines(data)
	errAt := func(line, col int, format string, args ...any) error {
		return &Error{Name: name, Pos: textpos.Pos{Line: line, Col: col}, Msg: fmt.Sprintf(format, args...)}
	}
	seen := map[string]int{}
	colors := 0
	var givenPos []pos
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
				c, err := parseClue(cl, name, LineName(isRow, len(clues)), j+1, 1)
				if err != nil {
					return nil, err
				}
				clues = append(clues, c)
				ps = append(ps, pos{j + 1, indent(cl)})
			}
			if j < len(lines) {
				if ct := strings.TrimSpace(lines[j]); ct != "" && isDigit(ct[0]) {
					return nil, errAt(j+1, indent(lines[j]), "more than %d %s clues (%s is %d)", n, key[:len(key)-1], size, n)
				}
			}
			if isRow {
				p.Rows, p.rowPos = clues, ps
			} else {
				p.Cols, p.colPos = clues, ps
			}
			i = j - 1
		case "goal":
			p.Goal = unquote(rest)
			p.goalPos = pos{lno, restCol}
			for k := range len(p.Goal) {
				if b := p.Goal[k]; b != '0' && b != '1' {
					return nil, errAt(lno, restCol+1+k, "goal: %q is not 0 or 1 (colour puzzles are not supported)", string(b))
				}
			}
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
				g, err := parseGiven(gl, name, j+1)
				if err != nil {
					return nil, err
				}
				p.Givens = append(p.Givens, g)
				givenPos = append(givenPos, pos{j + 1, indent(gl)})
			}
			i = j - 1
		case "color":
			colors++
			if colors > 1 {
				return nil, errAt(lno, col, "colour puzzles are not supported")
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
	return p, nil
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
				return nil, nil, &Error{Name: name, Pos: textpos.Pos{Line: i + 1, Col: 1}, Msg: fmt.Sprintf("more than %d lines", MaxSide)}
			}
			c, err := parseClue(lines[i], name, LineName(isRow, len(clues)), i+1, 1)
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
		return nil, &Error{Name: name, Pos: textpos.Pos{Line: i + 1, Col: 1}, Msg: "no row clues"}
	}
	if p.Cols, p.colPos, err = section(false); err != nil {
		return nil, err
	}
	if len(p.Cols) == 0 {
		return nil, &Error{Name: name, Pos: textpos.Pos{Line: i + 1, Col: 1}, Msg: "no column clues after the blank line"}
	}
	p.colsKey = p.colPos[0]
	for ; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "" {
			return nil, &Error{Name: name, Pos: textpos.Pos{Line: i + 1, Col: indent(lines[i])}, Msg: "unexpected line after the column clues"}
		}
	}
	p.Width, p.Height = len(p.Cols), len(p.Rows)
	if p.Width*p.Height > MaxCells {
		return nil, &Error{Name: name, Msg: fmt.Sprintf("%dx%d grid has more than %d cells", p.Width, p.Height, MaxCells)}
	}
	return p, nil
}

func parseXML(data []byte, name string) (*Puzzle, error) {
	p := &Puzzle{name: name}
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = false
	dec.Entity = xml.HTMLEntity
	errAt := func(format string, args ...any) error {
		l, c := dec.InputPos()
		return &Error{Name: name, Pos: textpos.Pos{Line: l, Col: c}, Msg: fmt.Sprintf(format, args...)}
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
		colors           int
		whiteChar        = "."
		clueType         string // "rows", "columns" or ""
		cur              Clue
		curPos           pos
		haveRows, haveCl bool
		text             strings.Builder
		imageText        string
	)
	for !done {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, &Error{Name: name, Pos: textpos.Pos{Line: se.Line, Col: 1}, Msg: se.Msg}
			}
			return nil, errAt("%v", err)
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
			case "color":
				colors++
				if colors > 2 {
					return nil, errAt("colour puzzles are not supported")
				}
				if attr(t, "name") == "white" && attr(t, "char") != "" {
					whiteChar = attr(t, "char")
				}
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
				l, c := dec.InputPos()
				curPos = pos{l, c}
			case "count":
				if c := attr(t, "color"); c != "" && c != defColor {
					return nil, errAt("colour puzzles are not supported")
				}
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
				}
			case "line":
				if clueType == "rows" {
					if len(p.Rows) >= MaxSide {
						return nil, errAt("more than %d rows", MaxSide)
					}
					p.Rows = append(p.Rows, cur)
					p.rowPos = append(p.rowPos, curPos)
				} else {
					if len(p.Cols) >= MaxSide {
						return nil, errAt("more than %d columns", MaxSide)
					}
					p.Cols = append(p.Cols, cur)
					p.colPos = append(p.colPos, curPos)
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
				imageText = s
			case "puzzle":
				done = true // only the first puzzle of a set
			}
			text.Reset()
		}
	}
	if !haveRows {
		return nil, &Error{Name: name, Msg: "no <clues type=\"rows\">"}
	}
	if !haveCl {
		return nil, &Error{Name: name, Msg: "no <clues type=\"columns\">"}
	}
	p.Width, p.Height = len(p.Cols), len(p.Rows)
	if p.Width*p.Height > MaxCells {
		return nil, &Error{Name: name, Msg: fmt.Sprintf("%dx%d grid has more than %d cells", p.Width, p.Height, MaxCells)}
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
