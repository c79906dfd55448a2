package dimacs

import (
	"bufio"
	"errors"
	"io"
)

// ReadTee is Read that also writes the formula to w while it reads, in
// canonical DIMACS: "p cnf V C" as the header gives it, then one clause per
// line (the same lines as Formula.WriteTo), without comments. A solver reading w can so parse while ReadTee
// does. The header is written before the clauses are counted, so ReadTee
// needs strict counts: with opts.Relaxed it returns an error at once.
//
// An error writing to w does not stop the reading: it is returned as
// writeErr with the complete formula, so that a reader of w that went away
// (a solver that was stopped) does not turn into a parse error. On a parse
// error (err), what was written is incomplete and its reader must be
// stopped; ReadTee does not close w.
func ReadTee(r io.Reader, name string, opts Options, w io.Writer) (f *Formula, writeErr, err error) {
	if opts.Relaxed {
		return nil, nil, errors.New("dimacs.ReadTee: needs strict clause counts")
	}
	t := &cnfTee{fr: cnfFormulaReader{f: new(Formula)}, w: bufio.NewWriterSize(w, 64<<10)}
	if err := Parse(r, name, opts, t); err != nil {
		return nil, t.werr, err
	}
	if t.werr == nil {
		t.werr = t.w.Flush()
	}
	return t.fr.f, t.werr, nil
}

// cnfTee is the Handler behind ReadTee.
type cnfTee struct {
	fr   cnfFormulaReader
	w    *bufio.Writer
	werr error // the first write error; no more writing after it
	buf  []byte
}

func (t *cnfTee) Header(vars, clauses int) error {
	t.fr.Header(vars, clauses)
	t.buf = appendProblemLine(t.buf[:0], vars, clauses)
	t.write()
	return nil
}

func (t *cnfTee) Comment(text string) error { return t.fr.Comment(text) }

func (t *cnfTee) Clause(lits []int32, line int) error {
	t.fr.add(lits, line)
	if t.werr != nil {
		return nil
	}
	t.buf = appendClause(t.buf[:0], lits)
	t.write()
	return nil
}

func (t *cnfTee) write() {
	if t.werr == nil {
		_, t.werr = t.w.Write(t.buf)
	}
}
