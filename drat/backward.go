package drat

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"sync/atomic"
)

// Progress is a snapshot of a check under way, for a display.
type Progress struct {
	// Phase is "reading" while the proof is read (backward: added
	// without checks, to the conflict), then "checking".
	Phase   string
	Steps   int // proof steps read
	Lemmas  int // lemmas read
	Checked int // lemmas checked
	// Left is how many steps the backward check has still to go back
	// through (0 when checking forward).
	Left int
}

// progress holds the counters of Progress, written by Check and read by
// any goroutine.
type progress struct {
	checking                     atomic.Bool
	steps, lemmas, checked, left atomic.Int64
}

// Progress returns how far Check has come. Unlike the other methods it may
// be called from any goroutine while Check runs.
func (c *Checker) Progress() Progress {
	p := Progress{Phase: "reading", Steps: int(c.progress.steps.Load()), Lemmas: int(c.progress.lemmas.Load()),
		Checked: int(c.progress.checked.Load()), Left: int(c.progress.left.Load())}
	if c.progress.checking.Load() {
		p.Phase = "checking"
	}
	return p
}

// backward is the state of a backward check: the proof read whole (steps
// in order, a lemma's cref or a carried-out deletion's ^cref) and, when
// LRAT output is wanted (lrat), the hints of the lemmas checked, in the
// order they were checked (see spill).
type backward struct {
	steps []int32
	lrat  bool
	hints *spill
}

// checkBackward reads the whole proof, adding lemmas without checking
// them until unit propagation finds a conflict, marks the clauses that
// conflict needs as the core, then goes back through the proof, checking
// each core lemma with core-first propagation and adding the clauses each
// check needs to the core: drat-trim's default method.
func (c *Checker) checkBackward(ctx context.Context, rd *Reader, res Result, name string, src io.Reader, f Format) (Result, error) {
	b := &backward{lrat: c.LRAT != nil}
	res, err := c.readToConflict(ctx, rd, res, name, b)
	if err != nil {
		return res, err
	}
	if b.lrat {
		if b.hints, err = newSpill(c.TempDir); err != nil {
			return res, err
		}
		defer b.hints.close()
	}
	c.noMatch, c.byContent = true, clauseSet{} // deletions are crefs now
	c.cwatches = make([][]watch, len(c.watches))
	switch {
	case c.tierSteps > 0: // a test's
		c.tier(b.steps, c.tierSteps)
	case res.Deletions*4 < res.Lemmas:
		c.tier(b.steps, max(tierMin, res.Lemmas/tierDiv))
	}
	c.progress.steps.Store(int64(res.Steps))
	c.progress.lemmas.Store(int64(res.Lemmas))
	c.progress.checking.Store(true)
	c.top = len(c.trail)
	final := slices.Clone(c.analyze(c.conflict, b.lrat))
	if res, err = c.checkCore(ctx, res, name, src, f, b); err != nil {
		return res, err
	}
	c.progress.left.Store(0)
	c.progress.checked.Store(int64(res.Checked))
	if c.LRAT != nil {
		if err := c.writeLRAT(b, final, res.Steps); err != nil {
			return res, err
		}
	}
	return res, nil
}

// readToConflict is the forward pass of checkBackward: it reads the
// proof, adding lemmas without checking them and carrying out deletions,
// until unit propagation finds a conflict; b.steps records each step.
// The end of the proof before a conflict is an error.
func (c *Checker) readToConflict(ctx context.Context, rd *Reader, res Result, name string, b *backward) (Result, error) {
	c.lemmas = c.end
	c.extFrom = uint32(len(c.ext))
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
			if s.Index&1023 == 0 {
				if err := ctx.Err(); err != nil {
					return res, err
				}
			}
		}
		if err := c.varLimit(name, s); err != nil {
			return res, err
		}
		ls := c.norm(s.Lits)
		if s.Delete {
			cref, found, ignored := c.detachMatch(ls)
			switch {
			case ignored:
				res.IgnoredUnits++
			case found:
				res.Deletions++
				b.steps = append(b.steps, ^cref)
			default:
				res.Missing++
			}
			continue
		}
		res.Lemmas++
		if len(ls) == 0 {
			// The empty clause while propagation finds no conflict.
			return res, &Error{Name: name, Step: s.Index, Offset: s.Offset, Msg: notRedundant(s.Lits)}
		}
		if !c.room(len(ls)) {
			return res, &Error{Name: name, Step: s.Index, Offset: s.Offset, Msg: "too many clauses: more than 2^31 literals"}
		}
		cref := c.store(ls, uint32(c.formula+s.Index)) // ls[0] is the pivot as written
		b.steps = append(b.steps, cref)
		c.attach(cref)
		if c.inconsistent {
			return res, nil
		}
	}
}

// checkCore is the backward pass of checkBackward: it goes back through
// b.steps, restoring deleted clauses and taking lemmas out, and checks
// each core lemma with core-first propagation, which adds the clauses
// its check needs to the core. The first lemma that fails is the error.
func (c *Checker) checkCore(ctx context.Context, res Result, name string, src io.Reader, f Format, b *backward) (Result, error) {
	for i := len(b.steps) - 1; i >= 0; i-- {
		if c.owatches != nil && i < c.recentAt+c.tierSteps/2 {
			c.retier(b.steps, i)
		}
		if i&255 == 0 {
			c.progress.left.Store(int64(i))
			c.progress.checked.Store(int64(res.Checked))
			if err := ctx.Err(); err != nil {
				return res, err
			}
		}
		cref := b.steps[i]
		if cref < 0 {
			// Going back past a deletion: the clause is back.
			cref = ^cref
			*c.head(cref) &^= deleted
			c.watch(cref)
			continue
		}
		c.detachLemma(cref)
		if *c.head(cref)&core == 0 {
			continue
		}
		ok, rat := c.redundant(cref, b)
		if !ok {
			return res, c.stepError(name, src, f, int(c.id(cref))-c.formula)
		}
		res.Checked++
		if rat {
			res.RAT++
		}
	}
	return res, nil
}

// The recent tier (see Checker.owatches) reaches the last 1/tierDiv of
// the lemmas read, at least tierMin steps; it is used only when the proof
// deletes fewer than 1 clause for 4 lemmas (with deletions the solver
// keeps the live clauses few itself: on the uniqueness proof nono-r40 of
// scripts/bench-drat.sh, from cadical, tiers made the check slower).
const tierDiv, tierMin = 32, 1000

// tier sets up the two tiers of non-core watches as the backward pass
// starts: the lemmas of the last n steps recent, the older ones moved to
// owatches.
func (c *Checker) tier(steps []int32, n int) {
	c.tierSteps = n
	b, k := c.boundary(steps, len(steps)-1)
	if k <= 0 {
		return // every lemma is recent
	}
	c.owatches = make([][]watch, len(c.watches))
	moveWatches(c.watches, c.owatches, c.lemmas, b)
	c.recent, c.recentAt = b, k
}

// retier moves the boundary of the recent tier back to c.tierSteps steps
// before step i (an index in steps), moving the watches of the lemmas
// that become recent from owatches to watches; when it reaches the first
// step, every clause is recent and owatches is dropped.
func (c *Checker) retier(steps []int32, i int) {
	b, k := c.boundary(steps, i)
	if k <= 0 {
		moveWatches(c.owatches, c.watches, 0, c.recent)
		c.owatches, c.recent, c.recentAt = nil, 0, 0
		c.retiers++
		return
	}
	if b >= c.recent {
		return
	}
	moveWatches(c.owatches, c.watches, b, c.recent)
	c.recent, c.recentAt = b, k
	c.retiers++
}

// boundary returns the index in steps of the lemma c.tierSteps steps or
// more before step i, and its cref; an index <= 0 when there is none.
func (c *Checker) boundary(steps []int32, i int) (int32, int) {
	k := i - c.tierSteps
	for k > 0 && steps[k] < 0 {
		k-- // a deletion: the boundary is a lemma's cref
	}
	if k <= 0 {
		return 0, 0
	}
	return steps[k], k
}

// moveWatches moves the watches of the clauses stored from cref lo to
// hi, every literal's, from the lists from to the lists to.
func moveWatches(from, to [][]watch, lo, hi int32) {
	for l, ws := range from {
		j := 0
		for _, w := range ws {
			if cref := w.ref(); cref >= lo && cref < hi {
				to[l] = append(to[l], w)
				continue
			}
			ws[j] = w
			j++
		}
		from[l] = ws[:j]
	}
}

// varLimit refuses a step naming a variable more than ExtraVars above the
// formula's.
func (c *Checker) varLimit(name string, s Step) error {
	for _, l := range s.Lits {
		if v := int(max(l, -l)); v > c.vars+ExtraVars {
			return &Error{Name: name, Step: s.Index, Offset: s.Offset,
				Msg: fmt.Sprintf("variable %d is more than %d above the formula's %d", v, ExtraVars, c.vars)}
		}
	}
	return nil
}

// stepError is the error of the lemma at step that is neither RUP nor
// RAT. The backward check keeps no offsets: when src can seek, it is read
// again to the step for its offset and literals as written.
func (c *Checker) stepError(name string, src io.Reader, f Format, step int) error {
	e := &Error{Name: name, Step: step, Offset: -1, Msg: "lemma is neither RUP nor RAT"}
	sk, ok := src.(io.Seeker)
	if !ok {
		return e
	}
	if _, err := sk.Seek(0, io.SeekStart); err != nil {
		return e
	}
	rd := NewReader(src, name, f)
	for {
		s, err := rd.Next()
		if err != nil {
			return e
		}
		if s.Index == step {
			e.Offset = s.Offset
			e.Msg = notRedundant(s.Lits)
			return e
		}
	}
}

// watch watches the clause at cref again, on its two best literals (true,
// then unassigned, then false), without propagating: drat-trim's way when
// the backward pass goes back past a deletion.
func (c *Checker) watch(cref int32) {
	cl := c.lits(cref)
	if len(cl) < 2 {
		return
	}
	for i := range 2 {
		best := i
		for k := i + 1; k < len(cl); k++ {
			if c.vals[cl[k]] > c.vals[cl[best]] {
				best = k
			}
		}
		cl[i], cl[best] = cl[best], cl[i]
	}
	lists := c.listsOf(cref)
	lists[cl[0]] = append(lists[cl[0]], watchOn(cref, len(cl), cl[1]))
	lists[cl[1]] = append(lists[cl[1]], watchOn(cref, len(cl), cl[0]))
}

// detachLemma takes the lemma at cref out of the clause set as the
// backward pass goes back past its step: unwatched, and, when it is the
// reason of a top-level assignment, that assignment undone with every one
// after it (they came later in the proof).
func (c *Checker) detachLemma(cref int32) {
	*c.head(cref) |= deleted
	cl := c.lits(cref)
	if len(cl) >= 2 {
		c.unwatch(cl[0], cref)
		c.unwatch(cl[1], cref)
	}
	l, ok := c.implies(cref)
	if !ok {
		return
	}
	for i := len(c.trail) - 1; i >= 0; i-- {
		if c.trail[i] == l {
			for _, x := range c.trail[i:] {
				c.seen[x.v()] = 0 // not done
			}
			c.backtrack(i)
			return
		}
	}
}

// markCore puts the clause at cref in the core, its watches too (from
// watches to cwatches).
func (c *Checker) markCore(cref int32) {
	if *c.head(cref)&core != 0 {
		return
	}
	cl := c.lits(cref)
	if len(cl) >= 2 && *c.head(cref)&deleted == 0 && c.cwatches != nil {
		lists := c.listsOf(cref)
		for _, l := range cl[:2] {
			for i, w := range lists[l] {
				if w.ref() == cref {
					c.cwatches[l] = append(c.cwatches[l], w)
					ws := lists[l]
					ws[i] = ws[len(ws)-1]
					lists[l] = ws[:len(ws)-1]
					break
				}
			}
		}
	}
	*c.head(cref) |= core
}

// see marks the variable v seen, for analyze, unless it is done (see
// Checker.seen).
func (c *Checker) see(v uint32) {
	if c.seen[v] == 0 {
		c.seen[v] = seenPending
		c.pending++
	}
}

// analyze marks as core the conflict clause confl (-1: none, the caller
// has called see) and the reasons of the assignments it depends on, down
// to the top level, walking down the trail until none is left seen
// (seenDone marks stay: see Checker.seen). With hints set it returns the
// IDs of those clauses in trail order, confl last: an LRAT hint list.
func (c *Checker) analyze(confl int32, hints bool) []int64 {
	chain := c.chain[:0]
	seen, pending := c.seen, c.pending
	if confl >= 0 {
		c.markCore(confl)
		c.resolved++
		for _, l := range c.lits(confl) {
			if seen[l.v()] == 0 {
				seen[l.v()] = seenPending
				pending++
			}
		}
		if hints {
			chain = append(chain, int64(c.id(confl)))
		}
	}
	// Down the trail until no variable seen is left: the top-level
	// assignments below are often most of the trail.
	for i := len(c.trail) - 1; pending > 0; i-- {
		l := c.trail[i]
		if seen[l.v()] != seenPending {
			continue
		}
		seen[l.v()] = 0
		pending--
		r := c.reason[l.v()]
		if r < 0 {
			continue // an assumption: the negation of a lemma's literal
		}
		c.resolved++
		if i < c.top && !hints {
			// A top-level assignment: once analyzed, the reasons it
			// depends on are all in the core, and the next analyses
			// need not walk down the trail to it.
			seen[l.v()] = seenDone
		}
		c.markCore(r)
		for _, x := range c.lits(r) {
			if x != l && seen[x.v()] == 0 {
				seen[x.v()] = seenPending
				pending++
			}
		}
		if hints {
			chain = append(chain, int64(c.id(r)))
		}
	}
	c.pending = 0
	slices.Reverse(chain)
	c.chain = chain
	return chain
}

// redundant checks the lemma at cref (detached) against the current
// clause set: RUP, else RAT on its pivot, recording its hints when LRAT
// is wanted.
func (c *Checker) redundant(cref int32, b *backward) (ok, rat bool) {
	top := len(c.trail)
	defer c.backtrack(top)
	c.top = top
	cl := c.lits(cref)
	if b.lrat {
		defer c.restoreReasons(c.assume(cl, 0))
	}
	var chain []int64
	ok = false
	for _, l := range cl {
		switch c.vals[l] {
		case 1:
			// True at the top level: the lemma follows from the reasons
			// of l.
			c.see(l.v())
			chain = c.analyze(-1, b.lrat)
			ok = true
		case 0:
			c.assign(l.neg(), -1)
		}
		if ok {
			break
		}
	}
	if !ok {
		if confl := c.propagateCore(); confl >= 0 {
			n := c.resolved
			chain = c.analyze(confl, b.lrat)
			ok = true
			// drat-trim's switch: after a check that took at most two
			// clauses, the next one propagates plainly.
			c.plain = c.resolved-n <= 2
		}
	}
	if !ok {
		chain, ok = c.ratCheck(cref, b.lrat)
		rat = ok
	}
	if ok && b.lrat {
		b.hints.put(cref, chain)
	}
	return ok, rat
}

// assume makes the literals of cl but skip that are false already (at
// the top level, or, in a RAT check, by the lemma's negation) count as
// assumptions in analyze, as the LRAT check takes them (it assigns the
// negation of the whole lemma, or resolvent, before the hints): their
// reasons are set to -1, the old ones saved on c.saved for
// restoreReasons. Else the hints would hold a reason that the LRAT check
// finds satisfied, and the reasons it depends on. It returns where the
// saved reasons start.
func (c *Checker) assume(cl []lit, skip lit) int {
	n := len(c.saved)
	for _, l := range cl {
		if c.vals[l] == -1 && l != skip {
			c.saved = append(c.saved, savedReason{l.v(), c.reason[l.v()]})
			c.reason[l.v()] = -1
		}
	}
	return n
}

// restoreReasons puts back the reasons assume saved from n on.
func (c *Checker) restoreReasons(n int) {
	for i := len(c.saved) - 1; i >= n; i-- {
		c.reason[c.saved[i].v] = c.saved[i].reason
	}
	c.saved = c.saved[:n]
}

// savedReason is a variable's reason, saved by assume.
type savedReason struct {
	v      uint32
	reason int32
}

// ratCheck checks, with the lemma's negation assigned and propagated
// without conflict, that every resolvent on its pivot p with a live
// clause holding -p is RUP. The live clauses are those stored before the
// lemma and not deleted.
func (c *Checker) ratCheck(lemma int32, hints bool) ([]int64, bool) {
	p := c.pivot(lemma)
	np := p.neg()
	base := len(c.trail)
	chain := c.ratChain[:0]
	defer func() { c.ratChain = chain[:0] }()
	for _, cref := range c.occurrences(np, lemma) {
		if cref >= lemma {
			break
		}
		if *c.head(cref)&deleted != 0 {
			continue
		}
		c.markCore(cref)
		saved := len(c.saved)
		if hints {
			chain = append(chain, -int64(c.id(cref)))
			c.assume(c.lits(cref), np)
		}
		ok := false
		for _, l := range c.lits(cref) {
			if l == np {
				continue
			}
			if c.vals[l] == 1 {
				if c.reason[l.v()] >= 0 {
					c.see(l.v())
					chain = append(chain, c.analyze(-1, hints)...)
				}
				ok = true // the resolvent is a tautology, or l's reasons refute it
				break
			}
			if c.vals[l] == 0 {
				c.assign(l.neg(), -1)
			}
		}
		if !ok {
			if confl := c.propagateCore(); confl >= 0 {
				chain = append(chain, c.analyze(confl, hints)...)
				ok = true
			}
		}
		c.restoreReasons(saved)
		c.backtrack(base)
		if !ok {
			return nil, false
		}
	}
	return chain, true
}

// occurrences returns the crefs of the clauses in the arena before upto
// that hold l, deleted ones too (they may come back as the backward pass
// goes on), in arena order, and maybe some after upto: the RAT check's
// candidates for a lemma at upto. The lists are built as RAT checks need
// them, by a pass over the arena to upto (the backward pass's next RAT
// checks are on lemmas before it): the first check on an extension
// variable (one the formula does not have: most RAT lemmas define one,
// as kissat's do) builds the lists of every extension literal, a check on
// another literal that literal's list. Lists are kept for the next
// checks while they take at most an eighth of the arena's memory.
func (c *Checker) occurrences(l lit, upto int32) []int32 {
	ls := c.occurrencesOf(l, upto)
	if checkOccurrences {
		var want []int32
		for cref := int32(0); cref < upto; cref = c.next(cref) {
			if containsLit(c.lits(cref), l) {
				want = append(want, cref)
			}
		}
		if n, _ := slices.BinarySearch(ls, upto); !slices.Equal(ls[:n], want) {
			panic(fmt.Sprintf("drat: the clauses before %d holding %d are %v, not %v", upto, c.external(l), want, ls[:n]))
		}
	}
	return ls
}

// checkOccurrences makes occurrences check its lists against a pass over
// the arena, and the lists kept take at most 1/occShare of the arena's
// memory (variables for tests).
var (
	checkOccurrences = false
	occShare         = 8
)

func (c *Checker) occurrencesOf(l lit, upto int32) []int32 {
	ext := l.v() >= c.extFrom
	if ls, ok := c.occ[l]; ok || ext && c.occExt == occBuilt {
		return ls
	}
	if c.occ == nil {
		c.occ = map[lit][]int32{}
	}
	if ext && c.occExt == occNone {
		c.occExt = occTooMany
		n := 0
		for cref := int32(0); cref < upto; cref = c.next(cref) {
			for _, x := range c.lits(cref) {
				if x.v() >= c.extFrom {
					n++
				}
			}
		}
		if c.occN+n <= int(c.end)/occShare {
			for cref := int32(0); cref < upto; cref = c.next(cref) {
				for _, x := range c.lits(cref) {
					if x.v() >= c.extFrom {
						c.occ[x] = append(c.occ[x], cref)
					}
				}
			}
			c.occN += n
			c.occExt = occBuilt
			return c.occ[l]
		}
	}
	var ls []int32
	for cref := int32(0); cref < upto; cref = c.next(cref) {
		if containsLit(c.lits(cref), l) {
			ls = append(ls, cref)
		}
	}
	if c.occN+len(ls) <= int(c.end)/occShare {
		c.occ[l] = ls
		c.occN += len(ls)
	}
	return ls
}

// The states of the lists of extension literals (Checker.occExt).
const (
	occNone    = iota // not built yet
	occBuilt          // built: a literal without a list is in no clause
	occTooMany        // not built: more than the bound
)

// propagateCore is unit propagation that prefers the core: it propagates
// over core clauses to a fixpoint, and only then looks at the other
// clauses for one unit, going back to the core after each (drat-trim's
// core-first propagation: the conflicts found need fewer new clauses).
// Other clauses are looked at in two tiers (see Checker.owatches): the
// recent ones first, the old ones only when the recent give nothing.
// With c.plain set it propagates over core and recent clauses alike (see
// propagatePlain). It returns the conflict clause's cref, or -1.
func (c *Checker) propagateCore() int32 {
	if c.plain {
		return c.propagatePlain()
	}
	coreHead := c.qhead
	tiers := [2][][]watch{c.watches, c.owatches}
	nt := 1
	if c.owatches != nil {
		nt = 2
	}
	head := [2]int{c.qhead, c.qhead}
	var resume [2]int // position in the watch list of trail[head[t]]
next:
	for {
		for coreHead < len(c.trail) {
			if confl := c.propagateLit(c.trail[coreHead].neg(), c.cwatches, 0, false); confl >= 0 {
				return int32(confl)
			}
			coreHead++
		}
		for t := range nt {
			for head[t] < len(c.trail) {
				n := len(c.trail)
				pos := c.propagateLit(c.trail[head[t]].neg(), tiers[t], resume[t], true)
				if pos >= 0 {
					return int32(pos)
				}
				if len(c.trail) > n {
					// One unit found: back to the core; the rest of the
					// list later, from where it stopped.
					resume[t] = -2 - pos
					continue next
				}
				head[t]++
				resume[t] = 0
			}
		}
		c.qhead = len(c.trail)
		return -1
	}
}

// propagatePlain is unit propagation over core and recent clauses alike,
// each false literal's core watches, then its others: drat-trim's mode for
// checks that need few clauses (the last check needed at most two), where
// finding the first conflict costs less than the core's fixpoint. Old
// clauses are looked at only at the fixpoint, one unit at a time. It
// returns the conflict clause's cref, or -1.
func (c *Checker) propagatePlain() int32 {
	oldHead, resume := c.qhead, 0
	for {
		for ; c.qhead < len(c.trail); c.qhead++ {
			f := c.trail[c.qhead].neg()
			if confl := c.propagateLit(f, c.cwatches, 0, false); confl >= 0 {
				return int32(confl)
			}
			if confl := c.propagateLit(f, c.watches, 0, false); confl >= 0 {
				return int32(confl)
			}
		}
		if c.owatches == nil {
			return -1
		}
		found := false
		for oldHead < len(c.trail) {
			n := len(c.trail)
			pos := c.propagateLit(c.trail[oldHead].neg(), c.owatches, resume, true)
			if pos >= 0 {
				return int32(pos)
			}
			if len(c.trail) > n {
				resume = -2 - pos
				found = true
				break
			}
			oldHead++
			resume = 0
		}
		if !found {
			return -1
		}
	}
}

// propagateLit visits the watches in lists of the false literal f from
// position from. It returns the conflict's cref (>= 0); else, when
// oneUnit is set and it assigned a literal, -2 - the position to resume
// from; else -1.
func (c *Checker) propagateLit(f lit, lists [][]watch, from int, oneUnit bool) int {
	ws := lists[f]
	vals := c.vals
	for i := from; i < len(ws); {
		w := ws[i]
		if vals[w.blocker] == 1 {
			i++
			continue
		}
		cref := w.ref()
		if w.cref&binary != 0 {
			i++
			if vals[w.blocker] == -1 {
				lists[f] = ws
				return int(cref)
			}
			c.assign(w.blocker, cref)
			if oneUnit {
				lists[f] = ws
				return -2 - i
			}
			continue
		}
		cl := c.lits(cref)
		if cl[0] == f {
			cl[0], cl[1] = cl[1], f
		}
		first := cl[0]
		if first != w.blocker && vals[first] == 1 {
			ws[i].blocker = first
			i++
			continue
		}
		moved := false
		for k := 2; k < len(cl); k++ {
			if vals[cl[k]] != -1 {
				cl[1], cl[k] = cl[k], f
				lists[cl[1]] = append(lists[cl[1]], watch{w.cref, first})
				ws[i] = ws[len(ws)-1]
				ws = ws[:len(ws)-1]
				moved = true
				break
			}
		}
		if moved {
			continue
		}
		i++
		if vals[first] == -1 {
			lists[f] = ws
			return int(cref)
		}
		c.assign(first, cref)
		if oneUnit {
			lists[f] = ws
			return -2 - i
		}
	}
	lists[f] = ws
	return -1
}

// writeLRAT writes the checked proof in LRAT: each lemma checked with its
// hints, the deletions of clauses it has (original or checked), and the
// empty clause with the hints of the final conflict, numbered after the
// last step read; with c.LRATIDs, every ID renumbered (see lratNumbers).
// The hints come from b.hints, last record first: the first lemma
// checked is the proof's last.
func (c *Checker) writeLRAT(b *backward, final []int64, steps int) error {
	id, first, err := c.lratNumbers()
	if err != nil {
		return err
	}
	lw := &lratWriter{w: bufio.NewWriterSize(c.LRAT, 64<<10), id: id, last: id(int64(c.formula))}
	lw.dels = append(lw.dels, first...)
	var next int32 = -1 // the cref of the next lemma with hints
	var hints []int64
	var rd *spillReader
	if b.hints != nil {
		if rd, err = b.hints.reader(); err != nil {
			return err
		}
		if next, hints, err = nextHints(rd); err != nil {
			return err
		}
	}
	for _, cref := range b.steps {
		if cref < 0 {
			cref = ^cref
			if int(c.id(cref)) <= c.formula || *c.head(cref)&core != 0 {
				lw.dels = append(lw.dels, id(int64(c.id(cref))))
			}
			continue
		}
		if cref != next {
			continue // not needed, not checked
		}
		lw.flush()
		lw.last = id(int64(c.id(cref)))
		lw.lemma(c, cref, hints)
		if next, hints, err = nextHints(rd); err != nil {
			return err
		}
	}
	if next >= 0 {
		return errors.New("drat: LRAT output: a checked lemma is not in the proof")
	}
	lw.flush()
	lw.buf = strconv.AppendInt(lw.buf[:0], id(int64(c.formula+steps+1)), 10)
	lw.buf = append(lw.buf, " 0"...)
	lw.hints(final)
	lw.w.Write(lw.buf)
	return lw.w.Flush()
}

// nextHints returns the next record of rd, cref -1 after the last.
func nextHints(rd *spillReader) (int32, []int64, error) {
	cref, hints, ok, err := rd.next()
	if !ok {
		cref = -1
	}
	return cref, hints, err
}

// lratWriter writes the lines of writeLRAT: id renumbers clause IDs, last
// is the ID of the last clause added, dels the deletions due, written
// together on one line before the next lemma.
type lratWriter struct {
	w    *bufio.Writer
	id   func(int64) int64
	last int64
	dels []int64
	buf  []byte
}

// flush writes the deletions due, if any.
func (lw *lratWriter) flush() {
	if len(lw.dels) == 0 {
		return
	}
	lw.buf = strconv.AppendInt(lw.buf[:0], lw.last, 10)
	lw.buf = append(lw.buf, " d"...)
	for _, x := range lw.dels {
		lw.buf = append(lw.buf, ' ')
		lw.buf = strconv.AppendInt(lw.buf, x, 10)
	}
	lw.buf = append(lw.buf, " 0\n"...)
	lw.w.Write(lw.buf)
	lw.dels = lw.dels[:0]
}

// lemma writes the line of the lemma at cref, its ID lw.last: its pivot
// first, as RAT hints need, then its other literals and its hints.
func (lw *lratWriter) lemma(c *Checker, cref int32, hints []int64) {
	lw.buf = strconv.AppendInt(lw.buf[:0], lw.last, 10)
	p := c.pivot(cref)
	lw.buf = append(lw.buf, ' ')
	lw.buf = strconv.AppendInt(lw.buf, int64(c.external(p)), 10)
	for _, l := range c.lits(cref) {
		if l != p {
			lw.buf = append(lw.buf, ' ')
			lw.buf = strconv.AppendInt(lw.buf, int64(c.external(l)), 10)
		}
	}
	lw.buf = append(lw.buf, " 0"...)
	lw.hints(hints)
	lw.w.Write(lw.buf)
}

// hints appends the hints (renumbered) and the line's end to lw.buf.
func (lw *lratWriter) hints(hints []int64) {
	for _, h := range hints {
		lw.buf = append(lw.buf, ' ')
		lw.buf = strconv.AppendInt(lw.buf, lw.id(h), 10)
	}
	lw.buf = append(lw.buf, " 0\n"...)
}

// lratNumbers returns the IDs of the LRAT output: id maps a checker's
// clause ID (negative: a RAT hint's) to the output's, and first lists
// the clauses the output deletes before its first line. Without
// c.LRATIDs both are the identity and nil; with them, the formula's
// clauses take their IDs, the lemmas follow the largest, and first is
// every ID up to it that LRATIDs lacks.
func (c *Checker) lratNumbers() (id func(int64) int64, first []int64, err error) {
	ids := c.LRATIDs
	if ids == nil {
		return func(x int64) int64 { return x }, nil, nil
	}
	if len(ids) != c.formula {
		return nil, nil, fmt.Errorf("drat: LRATIDs holds %d IDs for the formula's %d clauses", len(ids), c.formula)
	}
	top := int64(0)
	for _, x := range ids {
		if x <= 0 || x >= math.MaxUint32 {
			return nil, nil, fmt.Errorf("drat: LRATIDs holds %d, not an ID from 1 to %d", x, math.MaxUint32-1)
		}
		top = max(top, x)
	}
	taken := make([]bool, top+1)
	for _, x := range ids {
		if taken[x] {
			return nil, nil, fmt.Errorf("drat: LRATIDs holds %d twice", x)
		}
		taken[x] = true
	}
	for x := int64(1); x <= top; x++ {
		if !taken[x] {
			first = append(first, x)
		}
	}
	n := int64(c.formula)
	return func(x int64) int64 {
		a := max(x, -x)
		if a <= n {
			a = ids[a-1]
		} else {
			a += top - n
		}
		if x < 0 {
			return -a
		}
		return a
	}, first, nil
}
