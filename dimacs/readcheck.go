package dimacs

import (
	"bufio"
	"bytes"
	"io"
)

// Frame is what ReadCheck keeps of a formula: all that Read keeps but the
// clauses (the header's variable count, the number of clauses, the header
// comment lines, the groups, the quirk). Its methods are those of Formula
// of the same names.
type Frame struct {
	f       Formula // without clauses or comments
	lines   lineStore
	clauses int
}

// Vars returns the header's variable count.
func (fr *Frame) Vars() int { return fr.f.Vars }

// NumClauses returns the number of clauses read.
func (fr *Frame) NumClauses() int { return fr.clauses }

// Quirk is Formula.Quirk.
func (fr *Frame) Quirk() string { return fr.f.quirk }

// DroppedComments is Formula.DroppedComments.
func (fr *Frame) DroppedComments() int { return fr.f.dropped }

// WriteForwarded is Formula.WriteForwarded: the same lines Read's Formula
// writes.
func (fr *Frame) WriteForwarded(w *bufio.Writer) {
	fr.lines.each(func(c []byte) {
		if isPipesatComment(c) {
			w.WriteString("c ")
			w.Write(c)
			w.WriteByte('\n')
		}
	})
	fr.f.writeGroupLines(w)
}

// ReadCheck parses r as Read does, with the same errors, and checks model
// m against each clause as it is read, keeping none of them: memory
// follows m and the header comments, not the clauses. It returns the
// Frame and, when m leaves a clause without a true literal, the
// *CheckError that Formula.Check would return for the first such clause
// (same index, line, literals). A nil m checks nothing. A parse error
// anywhere in r is returned as err, even after a clause m does not
// satisfy, as Read would return it; then the Frame and the CheckError are
// nil. satrun checks a solver's model so, on a file the solver read
// itself, in one pass after the answer.
func ReadCheck(r io.Reader, name string, opts Options, m Model) (*Frame, *CheckError, error) {
	frame := new(Frame)
	c := &cnfChecker{m: m}
	c.fr.f = &frame.f
	c.fr.lines = &frame.lines
	if err := Parse(r, name, opts, c); err != nil {
		return nil, nil, err
	}
	frame.f.endGroup(c.fr.checked) // as Formula.Groups closes the last one
	frame.clauses = c.fr.checked
	return frame, c.bad, nil
}

// cnfChecker is the Handler behind ReadCheck: fr keeps the comments and
// groups, and counts the clauses in fr.checked.
type cnfChecker struct {
	fr  cnfFormulaReader
	m   Model
	bad *CheckError // the first clause m does not satisfy
}

func (c *cnfChecker) Header(vars, clauses int) error {
	c.fr.f.Vars = vars
	c.fr.clauses = clauses
	return nil
}

func (c *cnfChecker) Comment(text string) error { return c.fr.Comment(text) }

func (c *cnfChecker) Clause(lits []int32, line int) error {
	c.check(lits, line)
	return nil
}

// check is Clause without the error, which Parse calls directly.
func (c *cnfChecker) check(lits []int32, line int) {
	i := c.fr.checked
	c.fr.checked++
	if c.m == nil || c.bad != nil {
		return
	}
	m := c.m
	// As Formula.checkAll: no branch on the values.
	var sat int32
	for _, l := range lits {
		sign := l >> 31
		var x int32
		if v := uint(uint32((l ^ sign) - sign)); v < uint(len(m)) {
			x = int32(m[v])
		}
		x = (x ^ sign) - sign
		sat |= (x + 1) >> 1
	}
	if sat&1 == 0 {
		c.bad = &CheckError{Index: i, Line: line, Clause: append([]int32(nil), lits...), Unassigned: checkUnassigned(m, lits)}
	}
}

// lineStore keeps lines of text in chunks that are never copied again, a
// line and a newline after another: kept header comments cost their bytes
// and nothing for each line (a string header, a slice that doubles), and
// a program that only writes them out touches few fresh pages (each a
// page fault: satrun's work on a CNF with a name comment per variable was
// a third comments).
type lineStore struct {
	chunks [][]byte
}

// lineChunk is the size of a lineStore's chunks.
const lineChunk = 64 << 10

// add keeps text, which holds no newline.
func (s *lineStore) add(text []byte) {
	n := len(s.chunks)
	if n == 0 || cap(s.chunks[n-1])-len(s.chunks[n-1]) < len(text)+1 {
		s.chunks = append(s.chunks, make([]byte, 0, max(lineChunk, len(text)+1)))
		n++
	}
	c := append(append(s.chunks[n-1], text...), '\n')
	s.chunks[n-1] = c
}

// each calls fn with each line kept, in order, without its newline.
func (s *lineStore) each(fn func(line []byte)) {
	for _, c := range s.chunks {
		for len(c) > 0 {
			i := bytes.IndexByte(c, '\n')
			fn(c[:i])
			c = c[i+1:]
		}
	}
}
