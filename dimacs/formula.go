package dimacs

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pipesat/pipesat/internal/bytecount"
)

// Formula is a CNF formula held in memory: a flat list of literals with each
// clause ended by 0, plus the comments and variable names that go with it.
// A Formula is an Adder, so encoders can write straight into it.
// The zero value is an empty formula ready to use; not safe for concurrent use.
type Formula struct {
	// Vars is the number of variables: the header's V when read, or the
	// largest variable seen (or allocated by NewVar) when built.
	Vars int
	// Comments are the comment lines, without the leading "c " (or "c"),
	// in order. WriteTo writes them before the header. Read keeps only
	// the header lines (IsPipesatComment) unless Options.AllComments.
	Comments []string

	lits    []int32   // clauses, each ended by 0
	starts  []int     // index in lits where each clause starts
	lines   []lineRun // input lines of the clauses read, run-length coded (see Line)
	open    bool      // a clause has been started by Add and not yet ended
	names   map[int]string
	quirk   string // see Quirk
	dropped int    // see DroppedComments
	groups  []group
	// marked holds the groups of Groups, in clause order; when open, the
	// last one takes the clauses still to come.
	marked    []Group
	groupOpen bool
}

// lineRun says that clause at and those after it, up to the next run,
// started on input lines line, line+1, ...; or, with line 0, that they
// were built (no input line). Read files hold a clause a line, so a run
// covers the clauses between two comment lines, and the table costs
// nothing per clause.
type lineRun struct{ at, line int }

// group is a comment written before clause at (a group comment).
type group struct {
	at   int
	text string
}

// NewVar allocates the next variable and returns it.
func (f *Formula) NewVar() int {
	f.Vars++
	return f.Vars
}

// Add appends literal l to the current clause; 0 ends the clause.
// Variables above Vars raise Vars.
func (f *Formula) Add(l int) {
	if !f.open {
		if n := len(f.lines); n > 0 && f.lines[n-1].line != 0 {
			f.lines = append(f.lines, lineRun{at: len(f.starts)}) // built after read ones
		}
		f.starts = append(f.starts, len(f.lits))
		f.open = true
	}
	f.lits = append(f.lits, int32(l))
	if l == 0 {
		f.open = false
		return
	}
	if l < 0 {
		l = -l
	}
	if l > f.Vars {
		f.Vars = l
	}
}

// AddClause appends the clause made of lits (without the final 0).
func (f *Formula) AddClause(lits ...int) {
	for _, l := range lits {
		f.Add(l)
	}
	f.Add(0)
}

// addRead appends a clause read from input line line; lits has no final 0.
// lits may already be in place, in the room after f.lits (see room).
func (f *Formula) addRead(lits []int32, line int) {
	f.noteLine(line)
	n := len(f.lits)
	f.starts = append(f.starts, n)
	if len(lits) > 0 && n < cap(f.lits) && &f.lits[:n+1][n] == &lits[0] {
		f.lits = f.lits[:n+len(lits)]
	} else {
		f.lits = append(f.lits, lits...)
	}
	f.lits = append(f.lits, 0)
}

// room returns the room after f.lits, empty, for a parser to put the
// literals of the next clause in place: addRead then need not copy them.
func (f *Formula) room() []int32 { return f.lits[len(f.lits):] }

// noteLine records that the next clause, about to be added, was read from
// input line line: a new run unless the last run's next line is line.
func (f *Formula) noteLine(line int) {
	i := len(f.starts)
	if n := len(f.lines); n == 0 || f.lines[n-1].line == 0 || f.lines[n-1].line+i-f.lines[n-1].at != line {
		f.lines = append(f.lines, lineRun{at: i, line: line})
	}
}

// Commentf appends a comment line.
func (f *Formula) Commentf(format string, args ...any) {
	f.Comments = append(f.Comments, fmt.Sprintf(format, args...))
}

// Groupf starts a group of clauses: WriteTo writes the comment line before
// the next clause added (after the last clause if none follows). It says
// what the clauses from here to the next group encode. Line breaks in the
// text become spaces. A group comment that would read as a header line
// ("pipesat ...", "varname ...", say from a zebra attribute called
// varname) gets "- " in front, so decoders never take it for one.
func (f *Formula) Groupf(format string, args ...any) {
	f.groups = append(f.groups, group{at: len(f.starts), text: groupText(format, args...)})
}

// SetName names variable v; WriteTo writes it as "c varname v name".
// The name is made a valid one first (see CleanName).
func (f *Formula) SetName(v int, name string) {
	if f.names == nil {
		f.names = make(map[int]string)
	}
	f.names[v] = CleanName(name)
}

// MaxNameLen bounds a variable name, in bytes.
const MaxNameLen = 200

// A variable name, as "c varname V NAME" carries it and decoders print it,
// is 1 to MaxNameLen bytes of printable UTF-8 (spaces, parentheses and any
// punctuation included) that neither starts nor ends with a space; so it
// is everything after "c varname V " up to the end of the line. ValidName
// reports whether name is one.
func ValidName(name string) bool {
	return name != "" && CleanName(name) == name
}

// CleanName returns name made valid: every rune that is not printable
// (tabs, line breaks, other control characters, invalid UTF-8) becomes '?',
// spaces at either end are dropped, a name longer than MaxNameLen bytes is
// cut on a rune boundary and ends in "...", and an empty name becomes "?".
func CleanName(name string) string { return cleanName(name, MaxNameLen) }

// cleanName is CleanName for names of up to maxLen bytes.
func cleanName(name string, maxLen int) string {
	ok := len(name) <= maxLen && name != "" && name[0] != ' ' && name[len(name)-1] != ' '
	if ok {
		for _, r := range name {
			if r == utf8.RuneError || !unicode.IsPrint(r) {
				ok = false
				break
			}
		}
	}
	if ok {
		return name
	}
	var b strings.Builder
	for _, r := range name {
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			r = '?'
		}
		b.WriteRune(r)
	}
	s := strings.Trim(b.String(), " ")
	if len(s) > maxLen {
		cut := maxLen - 3
		for !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = strings.TrimRight(s[:cut], " ") + "..."
	}
	if s == "" {
		s = "?"
	}
	return s
}

// Name returns the name of variable v, or "" if it has none.
func (f *Formula) Name(v int) string { return f.names[v] }

// NumClauses returns the number of complete clauses.
func (f *Formula) NumClauses() int {
	if f.open {
		return len(f.starts) - 1
	}
	return len(f.starts)
}

// NumLits returns the number of literals in complete clauses, not counting
// the terminating zeros.
func (f *Formula) NumLits() int {
	n := len(f.lits) - f.NumClauses()
	if f.open {
		n -= len(f.lits) - f.starts[len(f.starts)-1]
	}
	return n
}

// Clause returns clause i (0-based) without its final 0. The slice aliases
// the formula's storage: do not modify it.
func (f *Formula) Clause(i int) []int32 {
	s := f.starts[i]
	e := s
	for f.lits[e] != 0 {
		e++
	}
	return f.lits[s:e]
}

// Flip negates every literal of each variable v with v < len(flip) and
// flip[v]: a renaming, whose models are the old ones with those variables'
// values swapped. Names, comments and groups stay as they are.
func (f *Formula) Flip(flip []bool) {
	for i, l := range f.lits {
		if v := max(l, -l); int(v) < len(flip) && flip[v] {
			f.lits[i] = -l
		}
	}
}

// Line returns the input line clause i started on, or 0 for a built clause.
func (f *Formula) Line(i int) int {
	// The last run that starts at or before i.
	k, _ := slices.BinarySearchFunc(f.lines, i+1, func(r lineRun, t int) int { return cmp.Compare(r.at, t) })
	if k == 0 || f.lines[k-1].line == 0 {
		return 0
	}
	r := f.lines[k-1]
	return r.line + i - r.at
}

// Quirk returns "" if f was read (Read, ReadTee) from plain DIMACS, which
// the solvers we know read exactly as Read does, or was built; otherwise a
// phrase naming the first thing in the input that a solver reading it
// itself may take differently, and its line: `line 9: SATLIB "%" trailer`
// (a solver that reads on takes the "0" after it for an empty clause).
// Quirks are CR line ends, literals or header counts with leading zeros,
// a header not spaced "p cnf V C", blanks at the start of a line before
// the header, tabs outside comments, a clause going on past its line, a
// second clause on a line, a comment inside a clause, a byte 0xFF in a
// comment (cryptominisat5 takes it for the end of its input), and a
// comment that starts "--" after its "c" and blanks (cadical takes "c
// --elim=false" before the header for an option).
func (f *Formula) Quirk() string { return f.quirk }

// Pipesat returns the pipesat lines, the comments that start "pipesat "
// or "varname " (without the leading "c "), in order: the lines satrun
// copies through and decoders read.
func (f *Formula) Pipesat() []string {
	var out []string
	for _, c := range f.Comments {
		if IsPipesatComment(c) {
			out = append(out, c)
		}
	}
	return out
}

// IsPipesatComment reports whether comment text c (without "c ") is a
// pipesat header line or a variable name line, both of which satrun
// forwards to decoders.
func IsPipesatComment(c string) bool {
	return len(c) >= 8 && (c[:8] == "pipesat " || c[:8] == "varname ")
}

// isPipesatComment is IsPipesatComment for the parser's bytes.
func isPipesatComment(c []byte) bool {
	return len(c) >= 8 && (string(c[:8]) == "pipesat " || string(c[:8]) == "varname ")
}

// DroppedComments returns the number of comment lines Read (or ReadTee)
// would have kept in Comments but dropped, because the lines kept before
// them had used up Options.MaxComments. A tool that forwards the header
// lines says so when it is not 0.
func (f *Formula) DroppedComments() int { return f.dropped }

// WriteTo writes f as canonical DIMACS to w: comments, variable names in
// increasing order, "p cnf V C" with exact counts, then one clause per line.
// An unfinished clause (Add without a final 0) is not written.
func (f *Formula) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	cw := &bytecount.Writer{W: bw}
	for _, c := range f.Comments {
		writeComment(cw, c)
	}
	if len(f.names) > 0 {
		// In increasing order, looking at the names rather than at every
		// variable up to Vars, which may be far more.
		vs := make([]int, 0, len(f.names))
		for v := range f.names {
			if v >= 1 && v <= f.Vars {
				vs = append(vs, v)
			}
		}
		slices.Sort(vs)
		for _, v := range vs {
			fmt.Fprintf(cw, "c varname %d %s\n", v, f.names[v])
		}
	}
	n := f.NumClauses()
	buf := appendProblemLine(nil, f.Vars, n)
	cw.Write(buf)
	g, mk := 0, 0
	marked := f.Groups()
	for i := 0; i < n; i++ {
		mk = writeGroupLines(cw, marked, mk, i)
		for ; g < len(f.groups) && f.groups[g].at <= i; g++ {
			writeComment(cw, f.groups[g].text)
		}
		buf = appendClause(buf[:0], f.Clause(i))
		cw.Write(buf)
	}
	for ; g < len(f.groups); g++ {
		writeComment(cw, f.groups[g].text)
	}
	if cw.Err != nil {
		return cw.N, cw.Err
	}
	return cw.N, bw.Flush()
}

// WriteCNF writes f to w as the canonical DIMACS a solver reads: "p cnf V
// C" with exact counts, one clause per line, then one unit clause per
// literal of units (counted in C; a unit beyond Vars raises V), and no
// comment or variable name: a solver takes nothing from them but trouble
// (kissat reads "c --opt=value" lines as options, cryptominisat5 a byte
// 0xFF as the end of its input). ReadTee writes the same lines. An
// unfinished clause is not written.
func (f *Formula) WriteCNF(w io.Writer, units ...int) (int64, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	cw := &bytecount.Writer{W: bw}
	vars := f.Vars
	for _, l := range units {
		vars = max(vars, l, -l)
	}
	n := f.NumClauses()
	buf := appendProblemLine(nil, vars, n+len(units))
	cw.Write(buf)
	for i := 0; i < n; i++ {
		buf = appendClause(buf[:0], f.Clause(i))
		cw.Write(buf)
	}
	for _, l := range units {
		buf = appendClause(buf[:0], []int32{int32(l)})
		cw.Write(buf)
	}
	if cw.Err != nil {
		return cw.N, cw.Err
	}
	return cw.N, bw.Flush()
}

// appendProblemLine appends the canonical "p cnf V C" line to buf. It and
// appendClause are the one canonical writer of DIMACS lines: WriteTo,
// WriteCNF and ReadTee use them.
func appendProblemLine(buf []byte, vars, clauses int) []byte {
	buf = append(buf, "p cnf "...)
	buf = strconv.AppendInt(buf, int64(vars), 10)
	buf = append(buf, ' ')
	buf = strconv.AppendInt(buf, int64(clauses), 10)
	return append(buf, '\n')
}

// appendClause appends the canonical line of clause lits to buf: the
// literals in decimal, each followed by one space, then "0\n".
func appendClause(buf []byte, lits []int32) []byte {
	for _, l := range lits {
		buf = appendLit(buf, int(l))
		buf = append(buf, ' ')
	}
	return append(buf, '0', '\n')
}

// appendLit appends l in decimal to buf, the bytes strconv.AppendInt
// writes, about twice as fast on the numbers of a CNF: the digits go
// straight into buf, two at a time, with no copy through a scratch array.
// Writing the text of clauses and models is a good part of what the
// encoders and satrun do.
func appendLit(buf []byte, l int) []byte {
	u := uint64(l)
	if l < 0 {
		buf = append(buf, '-')
		u = -u
	}
	if u < 10 {
		return append(buf, byte('0'+u))
	}
	n := 2 // digits
	for t := u / 100; t > 0; t /= 10 {
		n++
	}
	k := len(buf)
	if cap(buf)-k < n {
		buf = slices.Grow(buf, n)
	}
	buf = buf[:k+n]
	b := buf[k:]
	i := n
	for u >= 100 {
		q := u / 100
		r := 2 * (u - 100*q)
		i -= 2
		b[i], b[i+1] = digitPairs[r], digitPairs[r+1]
		u = q
	}
	if u >= 10 {
		b[0], b[1] = digitPairs[2*u], digitPairs[2*u+1]
	} else {
		b[0] = byte('0' + u)
	}
	return buf
}

// digitPairs holds 00, 01, ..., 99.
const digitPairs = "0001020304050607080910111213141516171819" +
	"2021222324252627282930313233343536373839" +
	"4041424344454647484950515253545556575859" +
	"6061626364656667686970717273747576777879" +
	"8081828384858687888990919293949596979899"

// writeComment writes comment text c as comment lines: a comment with line
// breaks becomes several, never a line that is not a comment.
func writeComment(cw *bytecount.Writer, c string) {
	for line := range strings.Lines(c) {
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			cw.WriteString("c\n")
		} else {
			cw.WriteString("c ")
			cw.WriteString(line)
			cw.WriteString("\n")
		}
	}
	if c == "" {
		cw.WriteString("c\n")
	}
}

// CheckError reports the first clause a model falsifies.
type CheckError struct {
	Index  int     // 0-based clause index
	Line   int     // input line of the clause, 0 if built
	Clause []int32 // the clause, without 0
	// Unassigned is true when the clause is not false but has no true
	// literal because the model leaves some of its variables unassigned.
	Unassigned bool
}

func (e *CheckError) Error() string {
	var b []byte
	for _, l := range e.Clause {
		b = strconv.AppendInt(b, int64(l), 10)
		b = append(b, ' ')
	}
	b = append(b, '0')
	what := "falsified"
	if e.Unassigned {
		what = "not satisfied (unassigned variables)"
	}
	if e.Line > 0 {
		return fmt.Sprintf("model check: clause %d (line %d) %s: %s", e.Index+1, e.Line, what, b)
	}
	return fmt.Sprintf("model check: clause %d %s: %s", e.Index+1, what, b)
}

// Check returns nil if m satisfies every clause of f, or a *CheckError naming
// the first clause with no true literal.
func (f *Formula) Check(m Model) error { return f.CheckWhere(m, nil) }

// CheckWhere is Check over the clauses i for which keep(i) is true (every
// clause if keep is nil): a model of part of the formula, such as what is
// left when a group of clauses is dropped, is checked against that part.
func (f *Formula) CheckWhere(m Model, keep func(i int) bool) error {
	n := f.NumClauses()
	if keep == nil {
		return f.checkAll(m, n)
	}
	for i := 0; i < n; i++ {
		if keep != nil && !keep(i) {
			continue
		}
		c := f.Clause(i)
		sat, unassigned := false, false
		for _, l := range c {
			v := m.Lit(int(l))
			if v == 1 {
				sat = true
				break
			}
			if v == 0 {
				unassigned = true
			}
		}
		if !sat {
			return &CheckError{Index: i, Line: f.Line(i), Clause: append([]int32(nil), c...), Unassigned: unassigned}
		}
	}
	return nil
}

// checkAll is CheckWhere over every clause, the first n, in one pass over
// the literals: satrun checks every model, and a formula's clauses are
// mostly short.
func (f *Formula) checkAll(m Model, n int) error {
	end := len(f.lits)
	if n < len(f.starts) {
		end = f.starts[n] // the unfinished clause
	}
	i, start := 0, 0
	var sat int32
	for k, l := range f.lits[:end] {
		if l == 0 {
			if sat&1 == 0 {
				c := f.lits[start:k]
				return &CheckError{Index: i, Line: f.Line(i), Clause: append([]int32(nil), c...), Unassigned: checkUnassigned(m, c)}
			}
			i, start, sat = i+1, k+1, 0
			continue
		}
		// Without a branch on the value, which is as likely true as
		// false: x is 1 for a true literal, -1 false, 0 unassigned.
		sign := l >> 31
		var x int32
		if v := uint(uint32((l ^ sign) - sign)); v < uint(len(m)) {
			x = int32(m[v]) // past m: unassigned
		}
		x = (x ^ sign) - sign
		sat |= (x + 1) >> 1
	}
	return nil
}

// checkUnassigned reports whether m leaves a variable of clause c
// unassigned.
func checkUnassigned(m Model, c []int32) bool {
	for _, l := range c {
		if m.Lit(int(l)) == 0 {
			return true
		}
	}
	return false
}
