package drat

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
)

// LRAT proofs carry, with each lemma, the IDs of the clauses that make it
// RUP, in the order they become unit: checking one is a walk along its
// hints, linear in the proof's size. A text line is "ID lits 0 hints 0"
// (a lemma) or "ID d IDs 0" (deletions); the formula's clauses are
// numbered 1, 2, ... in file order. Binary LRAT (cadical --lrat
// --binary) has 'a' ID lits 0 hints 0 and 'd' IDs 0, every number in
// the binary DRAT encoding (an ID or hint n as 2|n| + (1 if n < 0)).
//
// lratLine is one line of an LRAT proof.
type lratLine struct {
	id     int64
	delete bool
	lits   []int32
	hints  []int64 // for a deletion, the IDs deleted
	offset int64
	index  int
}

// lratReader reads an LRAT proof, text or binary, in one streaming pass.
type lratReader struct {
	br     *bufio.Reader
	name   string
	binary bool
	off    int64
	index  int
	line   lratLine
}

func newLRATReader(r io.Reader, name string) *lratReader {
	br := bufio.NewReaderSize(r, 64<<10)
	rd := &lratReader{br: br, name: name}
	head, _ := br.Peek(1)
	rd.binary = len(head) == 1 && (head[0] == 'a' || head[0] == 'd')
	return rd
}

func (r *lratReader) errAt(off int64, format string, args ...any) error {
	return &Error{Name: r.name, Step: r.index, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// next returns the next line, or io.EOF after the last.
func (r *lratReader) next() (*lratLine, error) {
	l := &r.line
	l.lits, l.hints, l.delete = l.lits[:0], l.hints[:0], false
	if r.binary {
		return r.nextBinary()
	}
	if _, err := r.skip(); err != nil {
		return nil, r.readErr(err)
	}
	r.index++
	l.index, l.offset = r.index, r.off
	id, err := r.number()
	if err != nil {
		return nil, err
	}
	if id <= 0 {
		return nil, r.errAt(l.offset, "clause ID %d: expected a positive number", id)
	}
	l.id = id
	if c, err := r.skip(); err == nil && c == 'd' {
		r.br.ReadByte()
		r.off++
		l.delete = true
		for {
			n, err := r.number()
			if err != nil {
				return nil, err
			}
			if n == 0 {
				return l, nil
			}
			if n < 0 {
				return nil, r.errAt(l.offset, "deletion of clause %d: expected a positive ID", n)
			}
			l.hints = append(l.hints, n)
		}
	}
	for {
		n, err := r.number()
		if err != nil {
			return nil, err
		}
		if n == 0 {
			break
		}
		if n > MaxVar || n < -MaxVar {
			return nil, r.errAt(l.offset, "literal %d is above the limit %d", n, MaxVar)
		}
		l.lits = append(l.lits, int32(n))
	}
	for {
		n, err := r.number()
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return l, nil
		}
		l.hints = append(l.hints, n)
	}
}

func (r *lratReader) readErr(err error) error {
	if err == io.EOF {
		return err
	}
	return fmt.Errorf("%s: %w", r.name, err)
}

// skip skips blanks and comment lines ("c" to the end of the line) and
// returns the next byte, not consumed.
func (r *lratReader) skip() (byte, error) {
	for {
		c, err := r.br.ReadByte()
		if err != nil {
			return 0, err
		}
		switch {
		case isSpace(c):
			r.off++
		case c == 'c':
			r.off++
			for {
				line, err := r.br.ReadSlice('\n')
				r.off += int64(len(line))
				if err == nil {
					break
				}
				if err != bufio.ErrBufferFull {
					return 0, err
				}
			}
		default:
			r.br.UnreadByte()
			return c, nil
		}
	}
}

// number reads a signed decimal number of at most 18 digits.
func (r *lratReader) number() (int64, error) {
	if _, err := r.skip(); err != nil {
		if err == io.EOF {
			return 0, r.errAt(r.line.offset, "truncated: the file ends inside the line (at offset %d) before its 0", r.off)
		}
		return 0, r.readErr(err)
	}
	start := r.off
	neg := false
	if c, _ := r.br.ReadByte(); c == '-' {
		neg = true
		r.off++
	} else {
		r.br.UnreadByte()
	}
	var n int64
	digits := 0
	for {
		b, err := r.br.ReadByte()
		if err != nil {
			if err != io.EOF {
				return 0, r.readErr(err)
			}
			break
		}
		if b < '0' || b > '9' {
			r.br.UnreadByte()
			if !isSpace(b) {
				digits = 0
			}
			break
		}
		r.off++
		digits++
		if digits > 18 {
			return 0, r.errAt(r.line.offset, "number at offset %d is longer than 18 digits", start)
		}
		n = n*10 + int64(b-'0')
	}
	if digits == 0 {
		w := (&Reader{br: r.br}).word()
		return 0, r.errAt(r.line.offset, "%q at offset %d: expected a number", w, r.off)
	}
	if neg {
		if n == 0 {
			return 0, r.errAt(r.line.offset, "\"-0\" at offset %d is not a number", start)
		}
		n = -n
	}
	return n, nil
}

// varint reads one binary number (see the type comment) and returns it
// signed; ok is false at the end of the file.
func (r *lratReader) varint() (int64, error) {
	var u uint64
	start := r.off
	for shift := 0; ; shift += 7 {
		b, err := r.br.ReadByte()
		if err != nil {
			if err == io.EOF {
				return 0, r.errAt(r.line.offset, "truncated: the file ends inside the step (at offset %d) before its 0 byte", r.off)
			}
			return 0, r.readErr(err)
		}
		r.off++
		if shift > 56 {
			return 0, r.errAt(r.line.offset, "number at offset %d is longer than 9 bytes", start)
		}
		u |= uint64(b&0x7f) << shift
		if b&0x80 == 0 {
			break
		}
	}
	n := int64(u >> 1)
	if u&1 != 0 {
		if n == 0 {
			return 0, r.errAt(r.line.offset, "number at offset %d encodes -0", start)
		}
		n = -n
	}
	return n, nil
}

func (r *lratReader) nextBinary() (*lratLine, error) {
	l := &r.line
	c, err := r.br.ReadByte()
	if err != nil {
		return nil, r.readErr(err)
	}
	r.index++
	l.index, l.offset = r.index, r.off
	r.off++
	switch c {
	case 'a':
	case 'd':
		l.delete = true
		for {
			n, err := r.varint()
			if err != nil {
				return nil, err
			}
			if n == 0 {
				return l, nil
			}
			if n < 0 {
				return nil, r.errAt(l.offset, "deletion of clause %d: expected a positive ID", n)
			}
			l.hints = append(l.hints, n)
		}
	default:
		return nil, r.errAt(l.offset, "byte 0x%02x: expected 'a' (0x61) or 'd' (0x64) starting a binary LRAT line", c)
	}
	if l.id, err = r.varint(); err != nil {
		return nil, err
	}
	if l.id <= 0 {
		return nil, r.errAt(l.offset, "clause ID %d: expected a positive number", l.id)
	}
	for {
		n, err := r.varint()
		if err != nil {
			return nil, err
		}
		if n == 0 {
			break
		}
		if n > MaxVar || n < -MaxVar {
			return nil, r.errAt(l.offset, "literal %d is above the limit %d", n, MaxVar)
		}
		l.lits = append(l.lits, int32(n))
	}
	for {
		n, err := r.varint()
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return l, nil
		}
		l.hints = append(l.hints, n)
	}
}

// checkLRAT checks an LRAT proof against the formula's clauses, IDs 1..
// c.formula: each lemma's hints, in order, must each be unit under the
// negation of the lemma and the units before it, the last one falsified
// (see walkHints for hints already satisfied); a tautology needs no hints.
// Every line is checked, also when unit propagation or an empty clause
// refutes the formula already. It verifies at the first lemma that is the
// empty clause, or at the end of the proof if the formula has one.
func (c *Checker) checkLRAT(ctx context.Context, r io.Reader, name string) (Result, error) {
	var res Result
	// Only the hints count: no top-level units, no watches.
	c.backtrack(0)
	clear(c.watches)
	c.noMatch, c.byContent = true, clauseSet{}
	rd := newLRATReader(r, name)
	res.Binary = rd.binary
	// The clause of each ID: the formula's are at their index.
	var byID table
	for cref := int32(0); cref < c.end; cref = c.next(cref) {
		byID.set(uint64(c.id(cref)), uint32(cref)+1)
	}
	c.lastID, c.skipped = int64(c.formula), false
	c.satisfied = 0
	for {
		l, err := rd.next()
		if err == io.EOF {
			if c.emptyID != 0 {
				res.Trivial = true
				return res, nil
			}
			return res, &Error{Name: name, Offset: rd.off, Msg: fmt.Sprintf("the proof ends after %d lines without deriving the empty clause", rd.index)}
		}
		if err != nil {
			return res, err
		}
		res.Steps = l.index
		if l.index&1023 == 0 {
			c.progress.steps.Store(int64(l.index))
			c.progress.checked.Store(int64(res.Checked))
			if err := ctx.Err(); err != nil {
				return res, err
			}
		}
		fail := func(format string, args ...any) error {
			return &Error{Name: name, Step: l.index, Offset: l.offset, Msg: fmt.Sprintf(format, args...)}
		}
		if l.delete {
			for _, id := range l.hints {
				cref := int64(byID.get(uint64(id))) - 1
				if cref < 0 {
					return res, fail("deletion of clause %d: %s", id, c.absent(id))
				}
				byID.set(uint64(id), 0)
				*c.head(int32(cref)) |= deleted
				c.garbage += hdr + len(c.lits(int32(cref)))
				res.Deletions++
			}
			c.compactLRAT(&byID)
			continue
		}
		res.Lemmas++
		if l.id <= c.lastID {
			return res, fail("clause ID %d: expected more than %d, the last ID", l.id, c.lastID)
		}
		if l.id >= math.MaxUint32 {
			return res, fail("clause ID %d is above the limit %d", l.id, math.MaxUint32-1)
		}
		if err := c.varLimit(name, Step{Lits: l.lits, Index: l.index, Offset: l.offset}); err != nil {
			return res, err
		}
		ls := c.norm(l.lits)
		var msg string
		if c.tautology(ls) {
			// True whatever the hints say: they need only name clauses.
			for _, h := range l.hints {
				if byID.get(uint64(max(h, -h))) == 0 {
					msg = fmt.Sprintf("hint %d: %s", h, c.absent(max(h, -h)))
					break
				}
			}
		} else {
			var rat bool
			msg, rat = c.hintsRefute(ls, l.hints, &byID)
			res.Satisfied = c.satisfied
			if rat && msg == "" {
				res.RAT++
			}
		}
		if msg != "" {
			return res, fail("lemma %d %s: %s", l.id, quoteLits(l.lits), msg)
		}
		res.Checked++
		c.skipped = c.skipped || l.id > c.lastID+1
		c.lastID = l.id
		if len(ls) == 0 {
			return res, nil
		}
		if !c.room(len(ls)) {
			return res, fail("too many live clauses: more than 2^31 literals")
		}
		cref := c.store(ls, uint32(l.id))
		byID.set(uint64(l.id), uint32(cref)+1)
	}
}

// tautology reports whether ls, just deduplicated by norm (whose stamps
// it reads), holds a literal and its negation: a clause that needs no
// hints (lrat-trim takes it so; lrat-check wants hints that refute it
// all the same).
func (c *Checker) tautology(ls []lit) bool {
	for _, x := range ls {
		if c.stamp[x.neg()] == c.stampN {
			return true
		}
	}
	return false
}

// absent says why the clause id of an LRAT proof is not in the clause
// set: not added yet, or deleted (the formula's, and the proof's when
// no lemma ID was skipped), or either.
func (c *Checker) absent(id int64) string {
	switch {
	case id > c.lastID:
		return fmt.Sprintf("no clause %d yet (the last ID is %d)", id, c.lastID)
	case id <= int64(c.formula) || !c.skipped:
		return fmt.Sprintf("clause %d is deleted", id)
	}
	return fmt.Sprintf("clause %d is deleted or was never added", id)
}

// hintsRefute walks the hints under the negation of ls: "" when the last
// one is falsified, else what went wrong. Hints after the first negative
// one make ls RAT on its first literal p (the LRAT format's RAT hints):
// each live clause holding -p must have a group, its negated ID then the
// hints that refute the resolvent, walked under the negation of the
// clause's other literals too (when no clause holds -p, ls is RAT with
// no hints at all). It also reports whether ls needed RAT.
func (c *Checker) hintsRefute(ls []lit, hints []int64, byID *table) (string, bool) {
	top := len(c.trail)
	defer c.backtrack(top)
	for _, l := range ls {
		if c.vals[l] == 0 {
			c.assign(l.neg(), -1)
		}
	}
	rup := hints
	for i, h := range hints {
		if h < 0 {
			rup = hints[:i]
			break
		}
	}
	msg, done := c.walkHints(rup, 0, len(hints), byID)
	if done || msg != "" {
		return msg, false
	}
	noConflict := fmt.Sprintf("the %d hints end without a conflict", len(hints))
	if len(ls) == 0 {
		return noConflict, false
	}
	// The RAT groups, by candidate.
	np := ls[0].neg()
	groups := map[int32][]int64{}
	at := map[int32]int{}
	for i := len(rup); i < len(hints); {
		h := hints[i]
		cref := int32(byID.get(uint64(-h))) - 1
		if cref < 0 {
			return fmt.Sprintf("hint %d: %s", h, c.absent(-h)), true
		}
		if !containsLit(c.lits(cref), np) {
			return fmt.Sprintf("hint %d: clause %d does not hold %d, the negated pivot", h, -h, c.external(np)), true
		}
		j := i + 1
		for j < len(hints) && hints[j] > 0 {
			j++
		}
		groups[cref], at[cref] = hints[i+1:j], i+1
		i = j
	}
	base := len(c.trail)
	for cref := int32(0); cref < c.end; cref = c.next(cref) {
		if *c.head(cref)&deleted != 0 || !containsLit(c.lits(cref), np) {
			continue
		}
		g, ok := groups[cref]
		if !ok && len(rup) == len(hints) {
			return noConflict, false // no RAT hints: a RUP lemma meant
		}
		if !ok {
			return fmt.Sprintf("RAT on %d: clause %d, which holds %d, has no hints", c.external(ls[0]), c.id(cref), c.external(np)), true
		}
		done := false
		for _, x := range c.lits(cref) {
			if x == np {
				continue
			}
			if c.vals[x] == 1 {
				done = true // the resolvent holds x and its negation
				break
			}
			if c.vals[x] == 0 {
				c.assign(x.neg(), -1)
			}
		}
		if !done {
			msg, done = c.walkHints(g, at[cref], len(hints), byID)
		}
		c.backtrack(base)
		if msg != "" {
			return msg, true
		}
		if !done {
			return fmt.Sprintf("hint -%d: the %d hints of the resolvent end without a conflict", c.id(cref), len(g)), true
		}
	}
	return "", true
}

// walkHints assigns the unit literal of each hint in turn, numbering
// them from the (first+1)th of n in messages: done when a hint's clause
// is falsified, else "" when they end, or what went wrong. A hint whose
// one literal not false is true already (satisfied by the lemma's
// negation or an earlier hint) is redundant: skipped and counted in
// c.satisfied, as lrat-check (with a warning) and lrat-trim take it. A
// hint with two literals not false is not unit, even if one is true:
// neither takes that.
func (c *Checker) walkHints(hints []int64, first, n int, byID *table) (string, bool) {
	for i, h := range hints {
		cref := int32(byID.get(uint64(h))) - 1
		if cref < 0 {
			return fmt.Sprintf("hint %d: %s", h, c.absent(h)), false
		}
		var unit lit
		open, sat := 0, 0
		for _, x := range c.lits(cref) {
			switch c.vals[x] {
			case 1:
				sat++
				open++
				unit = x
			case 0:
				open++
				unit = x
			}
		}
		switch {
		case open == 0:
			return "", true // falsified: the lemma follows
		case open == 1 && sat == 1:
			c.satisfied++
		case open == 1:
			c.assign(unit, cref)
		case sat > 0:
			return fmt.Sprintf("hint %d (%d of %d): %d literals not false, %d of them true: not unit", h, first+i+1, n, open, sat), false
		default:
			return fmt.Sprintf("hint %d (%d of %d): %d literals unassigned, not unit", h, first+i+1, n, open), false
		}
	}
	return "", false
}

// compactLRAT drops deleted clauses from the arena when they are most of
// it, renumbering byID.
func (c *Checker) compactLRAT(byID *table) {
	if c.garbage < compactMin || c.garbage < int(c.end)/2 {
		return
	}
	c.arena = c.compacted(func(from, to int32) { byID.set(uint64(c.id(from)), uint32(to)+1) })
	c.garbage = 0
	c.compactions++
}

// quoteLits quotes a clause for a message: at most 12 literals and the 0.
func quoteLits(lits []int32) string {
	s := "\""
	for i, l := range lits {
		if i == 12 {
			s += fmt.Sprintf("... (%d literals) ", len(lits))
			break
		}
		s += fmt.Sprintf("%d ", l)
	}
	return s + "0\""
}
