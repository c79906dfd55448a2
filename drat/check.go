package drat

import (
	"context"
	"errors"
	"fmt"
	"io"
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
	// Missing deletions of clauses that were not in the formula (DRAT
	// only: in LRAT such a deletion is an error).
	Deletions, IgnoredUnits, Missing int
	// Satisfied counts the hints of an LRAT proof that were satisfied
	// already when their turn came: redundant, skipped (lrat-check warns
	// of each). Checker.LRAT output has none.
	Satisfied int
	// Trivial is set when unit propagation refutes the formula with no
	// proof step at all (LRAT: when the formula has the empty clause and
	// the proof derives none).
	Trivial bool
}

// lit is a literal's index: 2v for v, 2v+1 for -v.
type lit uint32

func (l lit) neg() lit  { return l ^ 1 }
func (l lit) v() uint32 { return uint32(l) >> 1 }

// The states of a variable in conflict analysis (Checker.seen), besides 0.
const (
	seenPending = 1 + iota
	seenDone
)

// watch is an entry of a literal's watch list: the clause (its cref, with
// the flag binary) and another of its literals, which, when true, spares
// reading the clause.
type watch struct {
	cref    uint32
	blocker lit
}

// binary flags the watch of a clause of two literals, whose blocker is
// always the other literal: propagation never reads such a clause.
const binary = 1 << 31

// ref returns the cref of the watched clause.
func (w watch) ref() int32 { return int32(w.cref &^ binary) }

// watchOn returns the watch of the clause at cref, of n literals, with
// blocker b.
func watchOn(cref int32, n int, b lit) watch {
	w := watch{uint32(cref), b}
	if n == 2 {
		w.cref |= binary
	}
	return w
}

// implies reports whether the clause at cref is the reason of a top-level
// assignment, and of which literal: its first, or, in a clause of two,
// either (propagation does not reorder those).
func (c *Checker) implies(cref int32) (lit, bool) {
	cl := c.lits(cref)
	n := 1
	if len(cl) == 2 {
		n = 2
	}
	for _, l := range cl[:n] {
		if c.vals[l] == 1 && c.reason[l.v()] == cref {
			return l, true
		}
	}
	return 0, false
}

// Checker checks DRAT proofs forward against a formula held with two
// watched literals a clause. Make one with New, give it the clauses with
// AddClause, then call Check once. Not safe for concurrent use.
type Checker struct {
	vals    []int8 // by lit: 1 true, -1 false, 0 unassigned
	reason  []int32
	watches [][]watch
	// cwatches holds the watches of core clauses, apart from the others
	// in watches, during the backward pass: core-first propagation then
	// walks only the list it wants (nil until then).
	cwatches [][]watch
	// owatches holds, during the backward pass, the watches of the old
	// non-core lemmas: those stored from cref lemmas (the first lemma)
	// to recent, the tier's boundary, which moves back as the check goes
	// back through the proof (see retier). Propagation looks at them
	// only when core and recent clauses give nothing: a solver derives a
	// lemma from the clauses it has, mostly recent ones. nil when every
	// clause is recent.
	owatches       [][]watch
	lemmas, recent int32
	recentAt       int // the index in the backward pass's steps of recent
	// tierSteps is how many steps back from the current one the recent
	// tier reaches (set by tests, else from the proof's length), retiers
	// how many times its boundary moved back.
	tierSteps, retiers int
	// occ holds the RAT check's lists of the clauses holding a literal
	// (see occurrences), occN their length; occExt says whether the lists
	// of the extension literals, those of the variables from extFrom on
	// (the proof's, not the formula's), are built.
	occ         map[lit][]int32
	occN        int
	occExt      int
	extFrom     uint32
	trail       []lit
	qhead       int
	arena           // the clauses
	garbage     int // words of deleted clauses in arena, headers included
	compactions int
	vars        int // the formula's, or more if AddClause named more
	// The tables above are indexed by internal variables 1, 2, ..., in
	// the order the checker met them: intern maps a variable of the
	// formula or proof to its internal number, ext back. Memory follows
	// the variables seen, not the largest one (nor the header's count).
	intern table
	ext    []uint32
	// byContent finds a deleted clause by its literals, until noMatch
	// (the backward pass refers to deletions by cref).
	byContent clauseSet
	noMatch   bool
	stamp     []uint32 // by lit, for deduplication and clause comparison
	stampN    uint32
	// inconsistent is set once unit propagation at the top level finds a
	// conflict: the empty clause follows, the proof is complete. conflict
	// is then the clause all of whose literals are false (-1: an empty
	// clause of the formula).
	inconsistent bool
	conflict     int32
	formula      int    // clauses added by AddClause: their IDs are 1..formula
	emptyID      uint32 // the ID of an empty clause of the formula
	tmp          []lit
	// lastID is, during an LRAT check, the ID of the last clause added
	// (the formula's last at first), skipped whether a lemma's ID was
	// more than one above the one before (then a missing ID below lastID
	// may never have been added), satisfied how many hints were found
	// satisfied already (see walkHints).
	lastID    int64
	skipped   bool
	satisfied int
	// saved holds the reasons assume set aside during a check with LRAT
	// output.
	saved []savedReason
	// chain and ratChain are the buffers of the hints analyze and
	// ratCheck return, valid until their next call: LRAT output then
	// makes no garbage a lemma, which would let the heap grow to twice
	// the check's.
	chain, ratChain []int64
	// seen holds, by variable, its state in conflict analysis:
	// seenPending, or seenDone for a top-level assignment whose reasons,
	// and the reasons they depend on, are all in the core (backward,
	// without LRAT: analyze need not walk down the trail to it again),
	// else 0; pending is how many are seenPending, top the length of the
	// top-level trail.
	seen     []uint8
	pending  int
	top      int
	progress progress
	// resolved counts the clauses conflict analysis went through, and
	// plain says the last check needed at most two of them (see
	// propagatePlain).
	resolved int
	plain    bool

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
	// LRATIDs, if not nil, numbers the formula's clauses in the LRAT
	// output as clauses of a larger formula the checked one was taken
	// from (satrun --explain proves a subset of its input's clauses):
	// the i-th clause AddClause was given (from 0) is clause LRATIDs[i]
	// there, IDs from 1 and no two alike. The output then first deletes
	// the larger formula's other clauses (the IDs up to the largest in
	// LRATIDs that it lacks) and numbers the lemmas after the largest, so
	// that it checks against the larger formula.
	LRATIDs []int64
	// TempDir is where LRAT output keeps the hints of the checked lemmas
	// until the check ends, in a temporary file removed before Check
	// returns ("": os.TempDir()); see spill.
	TempDir string
}

// New returns a Checker for a formula of vars variables: proofs may name
// up to ExtraVars more. Nothing is allocated for the count: the tables
// grow with the variables the clauses and the proof name.
func New(vars int) *Checker {
	return &Checker{vars: vars, ext: []uint32{0}, conflict: -1}
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
	c.seen = append(c.seen, make([]uint8, n/2-len(c.seen))...)
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
	h := sum ^ xor<<1 ^ uint64(len(ls))
	h ^= h >> 33 // mix low bits into the high ones clauseSet uses
	h *= 0xFF51AFD7ED558CCD
	return h ^ h>>33
}

// add stores ls (a deduplicated clause) with the ID id at the top level
// and propagates, unless the set is inconsistent already or ls is empty
// (which makes it so): then it only stores ls.
func (c *Checker) add(ls []lit, id uint32) {
	if c.inconsistent || len(ls) == 0 {
		// Stored all the same, not watched: an LRAT proof names the
		// formula's clauses by ID, the empty one and those after a
		// conflict too.
		if !c.inconsistent {
			c.inconsistent, c.conflict, c.emptyID = true, -1, id
		}
		c.store(ls, id)
		return
	}
	c.attach(c.store(ls, id))
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
	c.watches[cl[0]] = append(c.watches[cl[0]], watchOn(cref, len(cl), cl[1]))
	c.watches[cl[1]] = append(c.watches[cl[1]], watchOn(cref, len(cl), cl[0]))
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
// literal as its pivot, and enters it in byContent. The caller has
// checked room.
func (c *Checker) store(ls []lit, id uint32) int32 {
	var pivot lit
	if len(ls) > 0 {
		pivot = ls[0]
	}
	cref := c.put(ls, id, pivot)
	if !c.noMatch {
		c.byContent.add(hashOf(ls), cref)
	}
	return cref
}

// compactMin is the least garbage compact collects (a variable for tests).
var compactMin = 1 << 16

// compact drops the deleted clauses from the arena when they are most of
// it, and rebuilds what refers to clauses: watches, reasons, byContent. Only
// at the top level, between steps.
func (c *Checker) compact() {
	if c.garbage < compactMin || c.garbage < int(c.end)/2 {
		return
	}
	old := c.arena
	c.arena = old.compacted(func(from, to int32) {
		old.chunks[from>>chunkBits][from&chunkMask+1] = lit(to) // forwarding address, for the reasons
	})
	c.byContent.reset()
	for i := range c.watches {
		c.watches[i] = c.watches[i][:0]
	}
	for cref := int32(0); cref < c.end; cref = c.next(cref) {
		cl := c.lits(cref)
		if !c.noMatch {
			c.byContent.add(hashOf(cl), cref)
		}
		if len(cl) >= 2 {
			c.watches[cl[0]] = append(c.watches[cl[0]], watchOn(cref, len(cl), cl[1]))
			c.watches[cl[1]] = append(c.watches[cl[1]], watchOn(cref, len(cl), cl[0]))
		}
	}
	for _, l := range c.trail {
		if r := c.reason[l.v()]; r >= 0 {
			c.reason[l.v()] = int32(old.id(r))
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

// conflictAt ends propagate's walk of the watches ws of the false literal
// f on a conflict in clause ref: the watches from i on are kept (moved
// down to j, where the kept ones end).
func (c *Checker) conflictAt(f lit, ws []watch, i, j int, ref int32) {
	j += copy(ws[j:], ws[i:])
	c.watches[f] = ws[:j]
	c.conflict = ref
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
			if w.cref&binary != 0 {
				ws[j] = w
				j++
				if c.vals[w.blocker] == -1 {
					c.conflictAt(f, ws, i, j, w.ref())
					return true
				}
				c.assign(w.blocker, w.ref())
				continue
			}
			cl := c.lits(w.ref())
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
				c.conflictAt(f, ws, i, j, w.ref())
				return true
			}
			c.assign(first, w.ref())
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
	for cref := int32(0); cref < c.end; cref = c.next(cref) {
		cl := c.lits(cref)
		if *c.head(cref)&deleted != 0 || !containsLit(cl, np) {
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
	_, found, ignored = c.detachMatch(ls)
	if found && !ignored {
		c.garbage += hdr + len(ls)
	}
	return found, ignored
}

// detachMatch finds the live clause equal to ls and, unless it is the
// reason of a top-level assignment (then ignored), unwatches it and marks
// it deleted (its memory stays, for the backward pass).
func (c *Checker) detachMatch(ls []lit) (cref int32, found, ignored bool) {
	h := hashOf(ls)
	c.stampN++
	for _, l := range ls {
		c.stamp[l] = c.stampN
	}
	s := &c.byContent
	if len(s.slots) == 0 {
		return 0, false, false
	}
	mask := uint32(len(s.slots) - 1)
	for i := uint32(h>>32) & mask; s.slots[i] != 0; i = (i + 1) & mask {
		e := s.slots[i]
		if e>>32 != h>>32 {
			continue
		}
		cref := int32(uint32(e) - 1)
		cl := c.lits(cref)
		if len(cl) != len(ls) || !c.allStamped(cl) {
			continue
		}
		if _, ok := c.implies(cref); ok {
			return cref, true, true
		}
		s.del(int(i))
		if len(cl) >= 2 {
			c.unwatch(cl[0], cref)
			c.unwatch(cl[1], cref)
		}
		*c.head(cref) |= deleted
		return cref, true, false
	}
	return 0, false, false
}

func (c *Checker) allStamped(cl []lit) bool {
	for _, l := range cl {
		if c.stamp[l] != c.stampN {
			return false
		}
	}
	return true
}

// unwatch removes the clause at cref from the watch list of l.
func (c *Checker) unwatch(l lit, cref int32) {
	lists := c.listsOf(cref)
	ws := lists[l]
	for i, w := range ws {
		if w.ref() == cref {
			copy(ws[i:], ws[i+1:])
			lists[l] = ws[:len(ws)-1]
			return
		}
	}
}

// listsOf returns the watch lists that hold the watches of the clause at
// cref: cwatches for a core clause during the backward pass, else watches.
func (c *Checker) listsOf(cref int32) [][]watch {
	if c.cwatches != nil && *c.head(cref)&core != 0 {
		return c.cwatches
	}
	if c.owatches != nil && c.old(cref) {
		return c.owatches
	}
	return c.watches
}

// old reports whether the clause at cref, not in the core, is in the old
// tier: a lemma read before the tier's boundary.
func (c *Checker) old(cref int32) bool {
	return cref >= c.lemmas && cref < c.recent
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
		if !c.room(len(ls)) {
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
