package boolexpr

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/textpos"
)

// Table is a boolean function given by its allowed rows.
type Table struct {
	Names []string
	// Rows hold one cell per name: 1 true, -1 false, 0 either.
	Rows [][]int8
	Line int // line of the header
}

// Tables is a parsed --dnf input: tables that all must hold.
type Tables struct {
	Tables []*Table
	Vars   []string // each name once, in order of first appearance
}

// ParseTables reads tables of allowed rows (see the package documentation);
// name is used only in error messages. The error, if any, is a *textpos.Error.
func ParseTables(r io.Reader, name string) (*Tables, error) {
	src, err := readAll(r, name)
	if err != nil {
		return nil, err
	}
	return ParseTablesString(src, name)
}

// ParseTablesString is ParseTables on a string.
func ParseTablesString(src, name string) (*Tables, error) {
	tp := &tableParser{ts: &Tables{}, name: name, src: src, seen: map[string]bool{}}
	ln := 0 // no slice of every line: a file of line ends would make it 16 times its size
	for text := range strings.SplitSeq(src, "\n") {
		ln++
		if err := tp.line(ln, text); err != nil {
			return nil, err
		}
	}
	if err := tp.finish(); err != nil {
		return nil, err
	}
	if len(tp.ts.Tables) == 0 {
		return nil, &textpos.Error{Name: name, Msg: "no table"}
	}
	return tp.ts, nil
}

// tableParser is the state of ParseTablesString: the tables so far, the
// names seen, and the table whose rows are being read.
type tableParser struct {
	ts        *Tables
	name, src string
	seen      map[string]bool
	t         *Table
}

// tableField is a field of a line with its 1-based (byte) column.
type tableField struct {
	s   string
	col int
}

// errf returns an error at line and col that quotes the line.
func (tp *tableParser) errf(line, col int, format string, args ...any) error {
	e := textpos.Errorf(tp.name, textpos.Pos{Line: line, Col: col}, format, args...)
	e.Source = textpos.Line(tp.src, line)
	return e
}

// finish ends the table being read, which must have rows.
func (tp *tableParser) finish() error {
	if t := tp.t; t != nil && len(t.Rows) == 0 {
		return tp.errf(t.Line, 1, "table %q has no rows", strings.Join(t.Names, " "))
	}
	return nil
}

// line reads one line: a header of names starts a table, any other line
// is one of its rows; "#" starts a comment.
func (tp *tableParser) line(line int, text string) error {
	if i := strings.IndexByte(text, '#'); i >= 0 {
		text = text[:i]
	}
	text = strings.TrimRight(text, "\r")
	fields, err := tp.fields(line, text)
	if err != nil || len(fields) == 0 {
		return err
	}
	first, _ := utf8.DecodeRuneInString(fields[0].s)
	if isNameStart(first) {
		if err := tp.finish(); err != nil {
			return err
		}
		return tp.header(line, fields)
	}
	if tp.t == nil {
		return tp.errf(line, fields[0].col, "row before any header line of variable names")
	}
	return tp.row(line, fields)
}

// fields splits text at white space; invalid UTF-8 is an error.
func (tp *tableParser) fields(line int, text string) ([]tableField, error) {
	var fields []tableField
	start := -1
	for i, r := range text {
		if r == utf8.RuneError {
			if _, w := utf8.DecodeRuneInString(text[i:]); w == 1 {
				return nil, tp.errf(line, i+1, "invalid UTF-8")
			}
		}
		if unicode.IsSpace(r) {
			if start >= 0 {
				fields = append(fields, tableField{text[start:i], start + 1})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		fields = append(fields, tableField{text[start:], start + 1})
	}
	return fields, nil
}

// header starts a table whose variables are the names of fields, each
// once.
func (tp *tableParser) header(line int, fields []tableField) error {
	t := &Table{Line: line}
	tp.t = t
	inTable := map[string]bool{}
	for _, f := range fields {
		for i, r := range f.s {
			if i == 0 && !isNameStart(r) || !isNameRune(r) {
				return tp.errf(line, f.col+i, "%q is not a name: names start with a letter or \"_\"", f.s)
			}
		}
		if inTable[f.s] {
			return tp.errf(line, f.col, "%q appears twice in the header", f.s)
		}
		inTable[f.s] = true
		t.Names = append(t.Names, f.s)
		if !tp.seen[f.s] {
			tp.seen[f.s] = true
			tp.ts.Vars = append(tp.ts.Vars, f.s)
		}
	}
	tp.ts.Tables = append(tp.ts.Tables, t)
	return nil
}

// row reads a row of the table: one cell, 0, 1 or -, per name, in fields
// of one or more cells.
func (tp *tableParser) row(line int, fields []tableField) error {
	t := tp.t
	var row []int8
	for _, f := range fields {
		for i, r := range f.s {
			c := f.col + i
			switch r {
			case '0':
				row = append(row, -1)
			case '1':
				row = append(row, 1)
			case '-':
				row = append(row, 0)
			default:
				return tp.errf(line, c, "unexpected %q in a row: cells are 0, 1 or -", r)
			}
			if len(row) > len(t.Names) {
				return tp.errf(line, c, "row has more than %d cells (%s)", len(t.Names), strings.Join(t.Names, " "))
			}
		}
	}
	if len(row) < len(t.Names) {
		return tp.errf(line, fields[0].col, "row has %d cells, want %d (%s)", len(row), len(t.Names), strings.Join(t.Names, " "))
	}
	t.Rows = append(t.Rows, row)
	return nil
}

// String returns the tables in the syntax ParseTables reads.
func (ts *Tables) String() string {
	var b strings.Builder
	for _, t := range ts.Tables {
		b.WriteString(strings.Join(t.Names, " "))
		b.WriteByte('\n')
		for _, r := range t.Rows {
			for i, c := range r {
				if i > 0 {
					b.WriteByte(' ')
				}
				b.WriteByte("0-1"[c+1])
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// EncodeTables writes the formula of ts to dst, as dimacs.EncodeFunc
// says: the provenance (encoding "dnf"), the puzzle lines, the inputs
// (primary, named), then one selector s per row r with s <-> (the inputs
// match r), and for each table the clause "some selector". The selectors
// are functions of the inputs, so models of the CNF are the allowed
// assignments, one to one. With --names all each selector is named
// "table T row R" (from 1), and with comments a group comment precedes
// each row's selector definition and each table's "some selector" clause.
// The selectors' definitions are group 0; each table's clause is its group
// "table T: NAMES" (T from 1, then its columns). It returns the number of
// variables.
func EncodeTables(dst dimacs.Adder, ts *Tables, st cnfstyle.Style) int {
	e := newEncoder(dst, ts.Vars, Options{Style: st}, "dnf")
	k := e.s
	for ti, t := range ts.Tables {
		var sel []int
		for ri, r := range t.Rows {
			s := e.newVar()
			if k.Aux != nil {
				k.Aux.SetName(s, fmt.Sprintf("table %d row %d", ti+1, ri+1))
			}
			if k.Group != nil {
				k.Groupf("table %d row %d: x%d <-> %s", ti+1, ri+1, s, rowText(t.Names, r))
			}
			sel = append(sel, s)
			var match []int
			for i, c := range r {
				if c == 0 {
					continue
				}
				l := e.vars[t.Names[i]]
				if c < 0 {
					l = -l
				}
				k.Clause(-s, l) // s -> cell
				match = append(match, l)
			}
			for _, l := range match { // all cells -> s
				k.Add(-l)
			}
			k.Clause(s)
		}
		k.BeginGroup(fmt.Sprintf("table %d: %s", ti+1, shorten(strings.Join(t.Names, " "), 100)))
		k.Groupf("table %d: some row holds", ti+1)
		k.Clause(sel...)
		k.Encoding()
	}
	return e.last
}

// rowText returns row r of a table over names as "a=1 b=0" (cells "-"
// left out), cut to a comment line's worth.
func rowText(names []string, r []int8) string {
	var b strings.Builder
	for i, c := range r {
		if c == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(names[i])
		if c > 0 {
			b.WriteString("=1")
		} else {
			b.WriteString("=0")
		}
	}
	if b.Len() == 0 {
		return "(any)"
	}
	return shorten(b.String(), 150)
}

// EvalTables reports whether the assignment val satisfies every table.
func EvalTables(ts *Tables, val map[string]bool) bool {
	for _, t := range ts.Tables {
		ok := false
		for _, r := range t.Rows {
			match := true
			for i, c := range r {
				if c != 0 && (c > 0) != val[t.Names[i]] {
					match = false
					break
				}
			}
			if match {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}
