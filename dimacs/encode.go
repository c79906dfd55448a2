package dimacs

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Stats is the size of a formula.
type Stats struct {
	Vars, Clauses int
	Lits          int // literals, not counting the 0 that ends each clause
}

// A Commenter takes the comment lines written before "p cnf": the
// provenance and puzzle lines and any other text about the file. A
// *Formula is one, and so is the first pass of a Stream.
type Commenter interface {
	Commentf(format string, args ...any)
}

// A Namer takes variable names, written as "c varname V NAME" before
// "p cnf". A *Formula is one, and so is the first pass of a Stream.
type Namer interface {
	SetName(v int, name string)
}

// A Grouper takes group comments: a comment line written before the next
// clause (after the last clause if none follows), saying what the clauses
// from there to the next group comment encode. A *Formula is one, and so
// is the second pass of a Stream.
type Grouper interface {
	Groupf(format string, args ...any)
}

// A GroupMarker takes group lines (see GroupLine): BeginGroup(id, name)
// says that the clauses from the next one on are group id's, up to the
// next BeginGroup; id 0 is group 0, the clauses that only define the
// encoding. A *Formula is one, and so is the second pass of a Stream; a
// group that gets no clause leaves no line. BeginGroup is called between
// clauses, never inside one.
type GroupMarker interface {
	BeginGroup(id int, name string)
}

// EncodeFunc is an encoder: it writes a formula to dst and returns its
// number of variables (at least the largest variable of any clause). It
// writes, in this order, the comments (when dst is a Commenter), the
// variable names in increasing order of variable (when dst is a Namer),
// then the clauses, with group lines (when dst is a GroupMarker) and
// group comments (when dst is a Grouper) among them. Only Add is always there: gini, a clause counter or a
// Formula can each be dst. An EncodeFunc may be called more than once and
// must write the same each time, and what it writes of one part may not
// depend on which other parts dst takes (a Stream's first pass takes no
// group comments, its second no comments or names); one that fails does
// so before it writes anything.
type EncodeFunc func(dst Adder) (vars int, err error)

// Build returns the formula enc writes, held in memory: for in-process
// solvers and tests. Its Vars is what enc returns (or the largest
// variable of a clause, if that is more).
func Build(enc EncodeFunc) (*Formula, error) {
	f := &Formula{}
	vars, err := enc(f)
	if err != nil {
		return nil, err
	}
	if f.open {
		return nil, errUnfinished
	}
	f.Vars = max(f.Vars, vars)
	return f, nil
}

var errUnfinished = errors.New("dimacs: the encoder left its last clause unfinished (no 0)")

// Stream writes the formula an encoder writes as canonical DIMACS, byte for
// byte what Build's Formula.WriteTo would write, without holding it in
// memory: WriteTo calls Encode twice, first to write the comments and
// names and count the clauses (for "p cnf V C"), then to write the
// clauses. Its memory is the encoder's own, whatever the size of the
// formula. Not safe for concurrent use.
type Stream struct {
	Encode EncodeFunc
	// Bare leaves out every comment and name: only "p cnf V C" and the
	// clauses.
	Bare bool
	// Stats is the size of the formula the last WriteTo wrote.
	Stats Stats
}

// WriteTo writes the formula to w, buffered, and returns the number of
// bytes written. It fails if Encode fails (before anything is written, if
// Encode fails before it writes), if writing fails, or if Encode breaks
// its contract: comments after names or clauses, names out of order or of
// variables beyond the formula's, a clause left unfinished, a second pass
// that differs from the first.
func (s *Stream) WriteTo(w io.Writer) (int64, error) {
	s.Stats = Stats{}
	// Room past streamBuf for the literal that crosses it (see
	// clauseWriter.Add), so the buffer never grows.
	out := &textOut{w: w, buf: make([]byte, 0, streamBuf+64)}
	count := &counter{}
	var dst Adder = count
	var head *headWriter
	if !s.Bare {
		head = &headWriter{counter: count, out: out}
		dst = head
	}
	vars, err := s.Encode(dst)
	switch {
	case err != nil:
		return 0, err // unflushed: nothing written if the encoder failed first
	case head != nil && head.err != nil:
		return out.n, head.err
	case count.open:
		return out.n, errUnfinished
	}
	vars = max(vars, count.maxVar)
	if head != nil && head.lastName > vars {
		return out.n, fmt.Errorf("dimacs: the encoder named variable %d of a formula of %d variables", head.lastName, vars)
	}
	out.buf = appendProblemLine(out.buf, vars, count.clauses)
	body := &clauseWriter{out: out}
	dst = body
	if !s.Bare {
		dst = groupedClauseWriter{body}
	}
	if _, err := s.Encode(dst); err != nil {
		return out.n, err
	}
	body.flushGroups()
	if body.err != nil {
		return out.n, body.err
	}
	if body.clauses != count.clauses || body.open {
		return out.n, fmt.Errorf("dimacs: the encoder's two passes wrote %d and %d clauses", count.clauses, body.clauses)
	}
	out.flush()
	if out.err != nil {
		return out.n, out.err
	}
	s.Stats = Stats{Vars: vars, Clauses: count.clauses, Lits: count.lits}
	return out.n, nil
}

// streamBuf is the size of a Stream's buffer; it is flushed when less
// than a clause line's worth of room is left, so lines are never split
// across writes more than they must be.
const streamBuf = 64 << 10

// textOut is a Stream's buffered output, counting bytes and keeping the
// first error.
type textOut struct {
	w   io.Writer
	buf []byte
	n   int64
	err error
}

func (o *textOut) flush() {
	if o.err == nil && len(o.buf) > 0 {
		var n int
		n, o.err = o.w.Write(o.buf)
		o.n += int64(n)
	}
	o.buf = o.buf[:0]
}

func (o *textOut) maybeFlush() {
	if len(o.buf) >= streamBuf-64 {
		o.flush()
	}
}

// counter is a Stream's first pass without comments: it counts clauses
// and literals and finds the largest variable.
type counter struct {
	clauses, lits, maxVar int
	open                  bool
}

func (c *counter) Add(l int) {
	if l == 0 {
		c.clauses++
		c.open = false
		return
	}
	c.open = true
	c.lits++
	if l < 0 {
		l = -l
	}
	if l > c.maxVar {
		c.maxVar = l
	}
}

// AddClause is Add of each of lits, then Add(0).
func (c *counter) AddClause(lits ...int) {
	for _, l := range lits {
		c.Add(l)
	}
	c.Add(0)
}

// headWriter is a Stream's first pass: it counts as counter does and
// writes the comments and names as they come, checking their order.
type headWriter struct {
	*counter
	out      *textOut
	lastName int
	err      error // the first breach of the EncodeFunc contract
}

func (h *headWriter) Commentf(format string, args ...any) {
	switch {
	case h.clauses > 0 || h.open:
		h.fail("a comment after the first clause")
	case h.lastName > 0:
		h.fail("a comment after the variable names")
	}
	c := fmt.Sprintf(format, args...)
	for line := range strings.Lines(c) {
		h.out.buf = appendComment(h.out.buf, strings.TrimRight(line, "\r\n"))
		h.out.maybeFlush()
	}
	if c == "" {
		h.out.buf = appendComment(h.out.buf, "")
	}
}

func (h *headWriter) SetName(v int, name string) {
	if v <= h.lastName {
		h.fail(fmt.Sprintf("variable %d named after variable %d", v, h.lastName))
		return
	}
	h.lastName = v
	b := append(h.out.buf, "c varname "...)
	b = strconv.AppendInt(b, int64(v), 10)
	b = append(b, ' ')
	h.out.buf = append(append(b, CleanName(name)...), '\n')
	h.out.maybeFlush()
}

func (h *headWriter) fail(what string) {
	if h.err == nil {
		h.err = errors.New("dimacs: the encoder wrote " + what)
	}
}

// clauseWriter is a Stream's second pass without group comments: it
// writes each clause as its line.
type clauseWriter struct {
	out     *textOut
	clauses int
	open    bool
	// held are the group comments given since the last clause began, and
	// line the group line its next clause starts with, if any: they are
	// written when the next clause begins (the line first), as
	// Formula.WriteTo writes them; held ones left at the end after the
	// last clause.
	held []string
	line string
	// inGroup says the last group line written started a group (not group
	// 0's), and ended that a group ended where the next clause begins.
	inGroup, ended bool
	err            error // the first breach of the EncodeFunc contract
}

func (c *clauseWriter) Add(l int) {
	o := c.out
	if !c.open && (c.line != "" || len(c.held) > 0) {
		c.begin()
	}
	if l == 0 {
		o.buf = append(o.buf, '0', '\n')
		c.clauses++
		c.open = false
		o.maybeFlush()
		return
	}
	c.open = true
	o.buf = appendLit(o.buf, l)
	o.buf = append(o.buf, ' ')
	if len(o.buf) >= streamBuf {
		o.flush() // a long clause
	}
}

// AddClause is Add of each of lits, then Add(0), with the common case
// (a literal of a clause under way) inline.
func (c *clauseWriter) AddClause(lits ...int) {
	o := c.out
	for _, l := range lits {
		if l == 0 || !c.open && (c.line != "" || len(c.held) > 0) {
			c.Add(l)
			continue
		}
		c.open = true
		o.buf = appendLit(o.buf, l)
		o.buf = append(o.buf, ' ')
		if len(o.buf) >= streamBuf {
			o.flush() // a long clause
		}
	}
	c.Add(0)
}

// begin writes what goes before the clause that begins: its group line,
// then the group comments held.
func (c *clauseWriter) begin() {
	if c.line != "" {
		c.inGroup = c.line != GroupLine(0, "")
		c.out.buf = appendComment(c.out.buf, c.line)
		c.line = ""
	}
	c.ended = false
	c.flushGroups()
}

func (c *clauseWriter) flushGroups() {
	for _, g := range c.held {
		c.out.buf = appendComment(c.out.buf, g)
		c.out.maybeFlush()
	}
	c.held = c.held[:0]
}

// groupedClauseWriter is a Stream's second pass: clauses, group lines and
// group comments.
type groupedClauseWriter struct{ *clauseWriter }

func (g groupedClauseWriter) Groupf(format string, args ...any) {
	g.held = append(g.held, groupText(format, args...))
}

// BeginGroup keeps the line of group id for the next clause, as
// Formula.WriteTo writes it: a group without clauses has none, and group
// 0's line comes only where a group with clauses ends.
func (g groupedClauseWriter) BeginGroup(id int, name string) {
	c := g.clauseWriter
	if c.open && c.err == nil {
		c.err = errors.New("dimacs: the encoder began a group inside a clause")
	}
	if c.inGroup {
		c.ended, c.inGroup = true, false
	}
	switch {
	case id > 0:
		c.line = GroupLine(id, name)
	case c.ended:
		c.line = GroupLine(0, "")
	default:
		c.line = ""
	}
}

// groupText returns a group comment's text: line breaks become spaces, and
// a comment that would read as a header line ("pipesat ...", "varname
// ...", say from a zebra attribute called varname) gets "- " in front, so
// decoders never take it for one.
func groupText(format string, args ...any) string {
	text := strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, fmt.Sprintf(format, args...))
	if IsPipesatComment(text) {
		text = "- " + text
	}
	return text
}

// appendComment appends the comment line of one-line text: "c TEXT", or
// "c" when text is empty.
func appendComment(buf []byte, text string) []byte {
	if text == "" {
		return append(buf, 'c', '\n')
	}
	buf = append(buf, 'c', ' ')
	return append(append(buf, text...), '\n')
}
