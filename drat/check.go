package drat

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
)

// Result says what a successful check saw.
type Result struct {
	Binary bool // the proof was read as binary DRAT
	Steps  int  // steps read, up to the one that made the clause set inconsistent
	Lemmas int  // lemmas read
	// Checked counts the lemmas checked: all of them forward, the ones
	// the refutation needs backward.
	Checked int
	RAT     int // lemmas checked that are RAT but not RUP
	// Deletions counts deletion steps carried out. IgnoredUnits counts
	// deletions of reason clauses, ignored (see the package comment), and
	// Missing deletions of clauses that were not in the formula.
	Deletions, IgnoredUnits, Missing int
	// Trivial is set when unit propagation refutes the formula with no
	// proof step at all.
	Trivial bool
}

// lit is a literal's index: 2v for v, 2v+1 for -v.
type lit uint32

func (l lit) neg() lit  { return l ^ 1 }
func (l lit) v() uint32 { return uint32(l) >> 1 }

// watch is an entry of a literal's watch list: the clause (its cref, with
// coreWatch set once the clause is in the core) and another of its
// literals, which, when true, spares reading the clause.
type watch struct {
	cref    uint32
	blocker lit
}

const coreWatch = 1 << 31

// A clause in the arena is a header of hdr words, then its literals: the
// size with the flags below, the clause's ID (the formula's clauses count
// from 1, a lemma's is the formula's count plus its step), and its RAT
// pivot (the first literal as written).
const (
	hdr      = 3
	deleted  = 1 << 31 // the clause is not in the current clause set
	core     = 1 << 30 // a verified lemma or a check needs the clause
	sizeMask = core - 1
)

// Checker checks DRAT proofs forward against a formula held with two
// watched literals a clause. Make one with New, give it the clauses with
// AddClause, then call Check once. Not safe for concurrent use.
type Checker struct {
	vals    []int8 // by lit: 1 true, -1 false, 0 unassigned
	reason  []int32
	watches [][]watch
	trail   []lit
	qhead   int
	// arena holds the clauses one after the other, each a header (see
	// hdr) and its literals; a clause reference (cref) is its header's
	// index. One slice, not one per clause: the
	// literals propagation reads sit next to each other in memory.
	arena       []lit
	garbage     int // literals of deleted clauses in arena, headers included
	compactions int
	vars        int // the formula's, or more if AddClause named more
	// The tables above are indexed by internal variables 1, 2, ..., in
	// the order the checker met them: intern maps a variable of the
	// formula or proof to its internal number, ext back. Memory follows
	// the variables seen, not the largest one (nor the header's count).
	intern table
	ext    []uint32
	byHash map[uint64][]int32
	stamp  []uint32 // by lit, for deduplication and clause comparison
	stampN uint32
	// inconsistent is set once unit propagation at the top level finds a
	// conflict: the empty clause follows, the proof is complete. conflict
	// is then the clause all of whose literals are false (-1: an empty
	// clause of the formula).
	inconsistent bool
	conflict     int32
	formula      int    // clauses added by AddClause: their IDs are 1..formula
	emptyID      uint32 // the ID of an empty clause of the formula
	tmp          []lit
	seen         []bool // by variable, for conflict analysis
	progress     progress

	// Forward checks every lemma as it is read, keeping only the clauses
	// alive at the current step (see the package comment); by default
	// (false) the proof is read whole and checked backward from the
	// conflict, only the lemmas it needs.
	Forward bool
	// LRAT, if not nil, receives the checked proof in the LRAT text format
	// once Check verifies it (backward only: with Forward set, Check
	// refuses it): the formula's clauses are numbered 1, 2, ... in the
	// order AddClause was given them.
	LRAT io.Writer
}

// New returns a Checker for a formula of vars variables: proofs may name
// up to ExtraVars more. Nothing is allocated for the count: the tables
// grow with the variables the clauses and the proof name.
func New(vars int) *Checker {
	return &Checker{byHash: map[uint64][]int32{}, vars: vars, ext: []uint32{0}, conflict: -1}
}

// ExtraVars is how many variables above the formula's a proof may name
// (extension variables of RAT lemmas): the tables grow to the largest
// variable seen, about 60 bytes each, so one huge literal in a proof must
// not cost gigabytes.
const ExtraVars = 1 << 20

func (c *Checker) grow(v uint32) {
	n := int(v+1) * 2
	if n <= len(c.vals) {
		return
	}
	n = max(n, len(c.vals)*3/2)
	c.vals = append(c.vals, make([]int8, n-len(c.vals))...)
	c.stamp = append(c.stamp, make([]uint32, n-len(c.stamp))...)
	c.watches = append(c.watches, make([][]watch, n-len(c.watches))...)
	c.reason = append(c.reason, make([]int32, n/2-len(c.reason))...)
	c.seen = append(c.seen, make([]bool, n/2-len(c.seen))...)
}

// FromFormula returns a Checker holding the clauses of f.
func FromFormula(f *dimacs.Formula) *Checker {
	c := New(f.Vars)
	for i := range f.NumClauses() {
		c.AddClause(f.Clause(i))
	}
	return c
}

// AddClause adds a clause of the formula (literals without the ending 0).
// The checker keeps no reference to lits.
func (c *Checker) AddClause(lits []int32) {
	for _, l := range lits {
		c.vars = max(c.vars, int(max(l, -l)))
	}
	ls := c.norm(lits)
	c.formula++
	c.add(ls, uint32(c.formula))
}

// internal returns the literal of the internal variable of l, numbering
// its variable (and growing the tables) when it is new.
func (c *Checker) internal(l int32) lit {
	v := uint32(max(l, -l))
	iv := c.intern.get(uint64(v))
	if iv == 0 {
		iv = uint32(len(c.ext))
		c.ext = append(c.ext, v)
		c.intern.set(uint64(v), iv)
		c.grow(iv)
	}
	x := lit(iv) << 1
	if l < 0 {
		x |= 1
	}
	return x
}

// external returns the literal of the formula or proof that x stands for.
func (c *Checker) external(x lit) int32 {
	v := int32(c.ext[x.v()])
	if x&1 != 0 {
		return -v
	}
	return v
}

// norm converts and deduplicates lits into c.tmp, growing the tables for
// their variables.
func (c *Checker) norm(lits []int32) []lit {
	c.stampN++
	if c.stampN == 0 {
		clear(c.stamp)
		c.stampN = 1
	}
	c.tmp = c.tmp[:0]
	for _, l := range lits {
		x := c.internal(l)
		if c.stamp[x] == c.stampN {
			continue
		}
		c.stamp[x] = c.stampN
		c.tmp = append(c.tmp, x)
	}
	return c.tmp
}

// hashOf is order independent, so a deletion finds its clause whatever
// the order of its literals.
func hashOf(ls []lit) uint64 {
	var sum, xor uint64
	for _, l := range ls {
		h := uint64(l) * 0x9E3779B97F4A7C15
		h ^= h >> 29
		sum += h
		xor ^= h * 0xBF58476D1CE4E5B9
	}
	return sum ^ xor<<1 ^ uint64(len(ls))
}

// add stores ls (a deduplicated clause) with the ID id at the top level
// and propagates. It returns the clause's cref, or -1 if none was stored
// (the set is inconsistent already, or ls is empty).
func (c *Checker) add(ls []lit, id uint32) int32 {
	if c.inconsistent {
		return -1
	}
	if len(ls) == 0 {
		c.inconsistent = true
		c.conflict = -1
		c.emptyID = id
		return -1
	}
	cref := c.store(ls, id)
	c.attach(cref)
	return cref
}

// attach watches the clause at cref (stored, not deleted) at the top
// level, assigns its literal if it is unit and propagates; a conflict
// makes the set inconsistent.
func (c *Checker) attach(cref int32) {
	cl := c.lits(cref)
	if len(cl) == 1 {
		switch c.vals[cl[0]] {
		case -1:
			c.inconsistent = true
			c.conflict = cref
		case 0:
			c.assign(cl[0], cref)
			if c.propagate() {
				c.inconsistent = true
			}
		}
		return
	}
	// Put the best two literals first: true, then unassigned, then false.
	rank := func(l lit) int { return int(c.vals[l]) }
	for i := range 2 {
		best := i
		for k := i + 1; k < len(cl); k++ {
			if rank(cl[k]) > rank(cl[best]) {
				best = k
			}
		}
		cl[i], cl[best] = cl[best], cl[i]
	}
	c.watches[cl[0]] = append(c.watches[cl[0]], watch{uint32(cref), cl[1]})
	c.watches[cl[1]] = append(c.watches[cl[1]], watch{uint32(cref), cl[0]})
	switch {
	case c.vals[cl[0]] == -1:
		c.inconsistent = true
		c.conflict = cref
	case c.vals[cl[0]] == 0 && c.vals[cl[1]] == -1:
		c.assign(cl[0], cref)
		if c.propagate() {
			c.inconsistent = true
		}
	}
}

// store appends the clause ls with the ID id to the arena, its first
// literal as its pivot, and enters it in byHash.
func (c *Checker) store(ls []lit, id uint32) int32 {
	cref := int32(len(c.arena))
	var pivot lit
	if len(ls) > 0 {
		pivot = ls[0]
	}
	c.arena = append(c.arena, lit(len(ls)), lit(id), pivot)
	c.arena = append(c.arena, ls...)
	if c.byHash != nil { // nil once deletions no longer match by content
		h := hashOf(ls)
		c.byHash[h] = append(c.byHash[h], cref)
	}
	return cref
}

// lits returns the literals of the clause at cref.
func (c *Checker) lits(cref int32) []lit {
	n := int32(c.arena[cref] & sizeMask)
	return c.arena[cref+hdr : cref+hdr+n : cref+hdr+n]
}

// next returns the cref of the clause after the one at cref.
func (c *Checker) next(cref int32) int32 { return cref + hdr + int32(c.arena[cref]&sizeMask) }

// id returns the ID of the clause at cref.
func (c *Checker) id(cref int32) uint32 { return uint32(c.arena[cref+1]) }

// compactMin is the least garbage compact collects (a variable for tests).
var compactMin = 1 << 16

// compact drops the deleted clauses from the arena when they are most of
// it, and rebuilds what refers to clauses: watches, reasons, byHash. Only
// at the top level, between steps.
func (c *Checker) compact() {
	if c.garbage < compactMin || c.garbage < len(c.arena)/2 {
		return
	}
	old := c.arena
	c.arena = make([]lit, 0, len(old)-c.garbage+len(old)/4)
	clear(c.byHash)
	for i := range c.watches {
		c.watches[i] = c.watches[i][:0]
	}
	for cref := 0; cref < len(old); {
		n := int(old[cref] & sizeMask)
		next := cref + hdr + n
		if old[cref]&deleted == 0 {
			ncref := c.store(old[cref+hdr:next], uint32(old[cref+1]))
			c.arena[ncref+2] = old[cref+2]
			old[cref+1] = lit(ncref) // forwarding address, for the reasons
			if n >= 2 {
				cl := c.lits(ncref)
				c.watches[cl[0]] = append(c.watches[cl[0]], watch{uint32(ncref), cl[1]})
				c.watches[cl[1]] = append(c.watches[cl[1]], watch{uint32(ncref), cl[0]})
			}
		}
		cref = next
	}
	for _, l := range c.trail {
		if r := c.reason[l.v()]; r >= 0 {
			c.reason[l.v()] = int32(old[r+1])
		}
	}
	c.garbage = 0
	c.compactions++
}

func (c *Checker) assign(l lit, reason int32) {
	c.vals[l] = 1
	c.vals[l.neg()] = -1
	c.reason[l.v()] = reason
	c.trail = append(c.trail, l)
}

// propagate runs unit propagation from c.qhead and reports a conflict.
func (c *Checker) propagate() bool {
	for c.qhead < len(c.trail) {
		f := c.trail[c.qhead].neg() // the literal that became false
		c.qhead++
		ws := c.watches[f]
		i, j := 0, 0
		for i < len(ws) {
			w := ws[i]
			i++
			if c.vals[w.blocker] == 1 {
				ws[j] = w
				j++
				continue
			}
			cl := c.lits(int32(w.cref &^ coreWatch))
			if cl[0] == f {
				cl[0], cl[1] = cl[1], f
			}
			first := cl[0]
			if first != w.blocker && c.vals[first] == 1 {
				ws[j] = watch{w.cref, first}
				j++
				continue
			}
			moved := false
			for k := 2; k < len(cl); k++ {
				if c.vals[cl[k]] != -1 {
					cl[1], cl[k] = cl[k], f
					c.watches[cl[1]] = append(c.watches[cl[1]], watch{w.cref, first})
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			ws[j] = watch{w.cref, first}
			j++
			if c.vals[first] == -1 {
				for i < len(ws) {
					ws[j] = ws[i]
					i++
					j++
				}
				c.watches[f] = ws[:j]
				c.conflict = int32(w.cref &^ coreWatch)
				return true
			}
			c.assign(first, int32(w.cref&^coreWatch))
		}
		c.watches[f] = ws[:j]
	}
	return false
}

// backtrack undoes the assignments above trail position n.
func (c *Checker) backtrack(n int) {
	for _, l := range c.trail[n:] {
		c.vals[l] = 0
		c.vals[l.neg()] = 0
	}
	c.trail = c.trail[:n]
	c.qhead = n
}

// rup reports whether ls follows by unit propagation, leaving the
// assignment in place (the caller backtracks).
func (c *Checker) rup(ls []lit) bool {
	for _, l := range ls {
		switch c.vals[l] {
		case 1:
			return true
		case 0:
			c.assign(l.neg(), -1)
		}
	}
	return c.propagate()
}

// rat reports whether ls, whose negation is assigned and propagated
// without conflict, is a resolution asymmetric tautology on its first
// literal p: every resolvent with a clause holding -p is RUP.
func (c *Checker) rat(ls []lit, pivot lit) bool {
	base := len(c.trail)
	np := pivot.neg()
	for cref := int32(0); int(cref) < len(c.arena); cref = c.next(cref) {
		cl := c.lits(cref)
		if c.arena[cref]&deleted != 0 || !containsLit(cl, np) {
			continue
		}
		ok := false
		for _, l := range cl {
			if l == np {
				continue
			}
			if c.vals[l] == 1 {
				ok = true // the resolvent holds l and its negation is assigned
				break
			}
			if c.vals[l] == 0 {
				c.assign(l.neg(), -1)
			}
		}
		if !ok {
			ok = c.propagate()
		}
		c.backtrack(base)
		if !ok {
			return false
		}
	}
	return true
}

func containsLit(cl []lit, l lit) bool {
	for _, x := range cl {
		if x == l {
			return true
		}
	}
	return false
}

// remove deletes the clause equal to ls; it reports false when there is
// none and ignored when it is the reason of a top-level assignment.
func (c *Checker) remove(ls []lit) (found, ignored bool) {
	h := hashOf(ls)
	list := c.byHash[h]
	c.stampN++
	for _, l := range ls {
		c.stamp[l] = c.stampN
	}
	for i, cref := range list {
		cl := c.lits(cref)
		if len(cl) != len(ls) || !c.allStamped(cl) {
			continue
		}
		if c.vals[cl[0]] == 1 && c.reason[cl[0].v()] == cref {
			return true, true
		}
		list[i] = list[len(list)-1]
		list = list[:len(list)-1]
		if len(list) == 0 {
			delete(c.byHash, h)
		} else {
			c.byHash[h] = list
		}
		if len(cl) >= 2 {
			c.unwatch(cl[0], cref)
			c.unwatch(cl[1], cref)
		}
		c.arena[cref] |= deleted
		c.garbage += hdr + len(cl)
		return true, false
	}
	return false, false
}

func (c *Checker) allStamped(cl []lit) bool {
	for _, l := range cl {
		if c.stamp[l] != c.stampN {
			return false
		}
	}
	return true
}

func (c *Checker) unwatch(l lit, cref int32) {
	ws := c.watches[l]
	for i, w := range ws {
		if w.cref&^coreWatch == uint32(cref) {
			copy(ws[i:], ws[i+1:])
			c.watches[l] = ws[:len(ws)-1]
			return
		}
	}
}

// Check reads the proof from r (called name in errors, in format f) and
// checks it: backward by default, forward with c.Forward (see the package
// comment). The proof is verified at the first step after which unit
// propagation refutes the formula: the empty clause, or any lemma that
// makes the clause set inconsistent; later steps are not read. It returns
// an *Error naming the failing step, or the proof's end if no step refutes
// the formula, or ctx.Err() if ctx ends first. Call Check once per
// Checker.
func (c *Checker) Check(ctx context.Context, r io.Reader, name string, f Format) (Result, error) {
	if f == LRAT {
		if c.LRAT != nil {
			return Result{}, errors.New("drat: the proof is LRAT already: no LRAT output")
		}
		return c.checkLRAT(ctx, r, name)
	}
	rd := NewReader(r, name, f)
	res := Result{Binary: rd.Binary()}
	if c.inconsistent {
		res.Trivial = true
		if c.LRAT != nil {
			var final []int64
			if c.conflict >= 0 {
				final = c.analyze(c.conflict, true)
			} else {
				final = []int64{int64(c.emptyID)}
			}
			return res, c.writeLRAT(&backward{}, final, 0)
		}
		return res, nil
	}
	if !c.Forward {
		format := Text
		if rd.Binary() {
			format = Binary
		}
		return c.checkBackward(ctx, rd, res, name, r, format)
	}
	if c.LRAT != nil {
		return res, errors.New("drat: LRAT output needs the backward check, not Forward")
	}
	c.progress.checking.Store(true)
	for {
		s, err := rd.Next()
		if err == io.EOF {
			return res, &Error{Name: name, Offset: rd.Offset(), Msg: fmt.Sprintf("the proof ends after %d steps without deriving the empty clause", rd.Steps())}
		}
		if err != nil {
			return res, err
		}
		res.Steps = s.Index
		if s.Index&255 == 0 {
			c.progress.steps.Store(int64(s.Index))
			c.progress.lemmas.Store(int64(res.Lemmas))
			c.progress.checked.Store(int64(res.Checked))
			if err := ctx.Err(); err != nil {
				return res, err
			}
		}
		if err := c.varLimit(name, s); err != nil {
			return res, err
		}
		ls := c.norm(s.Lits)
		if s.Delete {
			found, ignored := c.remove(ls)
			switch {
			case ignored:
				res.IgnoredUnits++
			case found:
				res.Deletions++
				c.compact()
			default:
				res.Missing++
			}
			continue
		}
		res.Lemmas++
		if len(c.arena) > math.MaxInt32-len(ls)-hdr {
			return res, &Error{Name: name, Step: s.Index, Offset: s.Offset, Msg: "too many live clauses: more than 2^31 literals"}
		}
		top := len(c.trail)
		ok := c.rup(ls)
		if !ok && len(ls) > 0 {
			ok = c.rat(ls, ls[0])
			if ok {
				res.RAT++
			}
		}
		c.backtrack(top)
		if !ok {
			return res, &Error{Name: name, Step: s.Index, Offset: s.Offset, Msg: notRedundant(s.Lits)}
		}
		res.Checked++
		c.add(ls, uint32(c.formula+s.Index))
		if c.inconsistent {
			return res, nil
		}
	}
}

// notRedundant says why a lemma fails, quoting at most 12 of its literals.
func notRedundant(lits []int32) string {
	if len(lits) == 0 {
		return "the empty clause does not follow by unit propagation (not RUP)"
	}
	var b strings.Builder
	for i, l := range lits {
		if i == 12 {
			fmt.Fprintf(&b, "... (%d literals) ", len(lits))
			break
		}
		b.WriteString(strconv.Itoa(int(l)))
		b.WriteByte(' ')
	}
	b.WriteByte('0')
	return fmt.Sprintf("lemma \"%s\" is neither RUP nor RAT on %d", b.String(), lits[0])
}

// Check checks the proof r (called name in errors, in format f) against
// formula f; see Checker.Check.
func Check(ctx context.Context, formula *dimacs.Formula, r io.Reader, name string, f Format) (Result, error) {
	return FromFormula(formula).Check(ctx, r, name, f)
}
