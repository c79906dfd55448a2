package mus

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/solver"
)

// Problem is a formula whose clauses are split into groups: the clauses
// of Groups[i] are kept or dropped together, and every clause in no group
// is group 0, always kept.
type Problem struct {
	F      *dimacs.Formula
	Groups []dimacs.Group // must pass dimacs.CheckGroups
}

// Options says how Explain and Needed solve.
type Options struct {
	// Solver answers each call; nil means gini, which Explain runs
	// incrementally (solver.Incremental). Any other solver gets a fresh
	// CNF per call.
	Solver solver.Solver
	// Prover, if not nil, solves the final set of groups once more and
	// must answer Unsat: a *solver.Certified checks its proof.
	Prover solver.Solver
	// Assume are literals taken as unit clauses of group 0, as satrun
	// --assume takes them.
	Assume []int
	// Witness, if not nil, is called for each group shown needed, with
	// the index of the group in Problem.Groups and the checked model of
	// the clauses kept without it. The model is the caller's.
	Witness func(group int, m dimacs.Model)
}

// Result is what Explain or Needed found.
type Result struct {
	// Status is Unsat when Core was found: a conflict (Explain), or the
	// groups that force the solution (Needed). Sat means there is no
	// conflict (Explain: Model satisfies the whole formula) or the
	// solution is not unique (Needed: Model is a second solution). Unknown
	// means ctx ended before the first Unsat answer.
	Status dimacs.Status
	// Model is the checked model of a Sat answer, nil otherwise.
	Model dimacs.Model
	// Core holds the indices in Problem.Groups of the groups found, in
	// increasing order.
	Core []int
	// Minimal says each group in Core is needed: false when ctx ended
	// while shrinking, and Core is the smallest set found by then.
	Minimal bool
	// Proven says Options.Prover proved Core unsatisfiable.
	Proven bool
	// Calls counts the solver calls made (not the Prover's), Models the
	// models checked among their answers.
	Calls, Models int
	// Wall is the time taken, the Prover's included.
	Wall time.Duration
}

// CallBound returns the most solver calls Explain makes on a formula of n
// groups with a solver other than gini: one for the whole formula, then
// at most 2n+log2(n) in deletion.
func CallBound(n int) int { return 1 + 2*n + bits.Len(uint(n)) }

// Explain finds a group MUS of p (see the package comment): Result.Status
// is Unsat with the conflict in Core, Sat with a checked model if p.F is
// satisfiable, or Unknown if ctx ends before the first Unsat answer. An
// error means the solver failed or contradicted itself.
func Explain(ctx context.Context, p Problem, opts Options) (*Result, error) {
	return run(ctx, p, units(nil, opts.Assume), opts)
}

// units returns f (a new formula if nil) with a unit clause for each of
// lits, or f itself if lits is empty.
func units(f *dimacs.Formula, lits []int) *dimacs.Formula {
	if len(lits) == 0 {
		return f
	}
	if f == nil {
		f = &dimacs.Formula{}
	}
	for _, l := range lits {
		f.AddClause(l)
	}
	return f
}

// Needed finds a minimal set of groups that forces the solution sol of
// p.F on the variables project (nil: every variable sol assigns up to
// p.F.Vars): Result.Status is Unsat with those groups in Core; Sat if
// another solution differs from sol on project, with that solution in
// Model; Unknown if ctx ends before sol is known to be the only one.
// Witness gets, for each group in Core, a solution of the kept groups
// without it that differs from sol on project. sol must satisfy p.F.
func Needed(ctx context.Context, p Problem, sol dimacs.Model, project []int, opts Options) (*Result, error) {
	if err := p.F.Check(sol); err != nil {
		return nil, fmt.Errorf("the solution is not one: %w", err)
	}
	if project == nil {
		for v := 1; v <= min(sol.Vars(), p.F.Vars); v++ {
			project = append(project, v)
		}
	}
	block := &dimacs.Formula{}
	for _, v := range project {
		switch sol.Lit(v) {
		case 1:
			block.Add(-v)
		case -1:
			block.Add(v)
		}
	}
	block.Add(0)
	return run(ctx, p, units(block, opts.Assume), opts)
}

// ErrContradiction is wrapped by the error of a solver that answers a set
// of groups satisfiable after it (or gini's failed assumptions) showed a
// subset unsatisfiable.
var ErrContradiction = errors.New("solver contradicts itself")

// backend solves group 0, the extra clauses and the groups kept.
type backend interface {
	// solve answers for the groups keep (indices, increasing). For Unsat
	// it may return a subset of keep that is unsatisfiable too; nil means
	// it knows none.
	solve(ctx context.Context, keep []int) (dimacs.Status, dimacs.Model, []int, error)
	// drop says group g will never be kept again.
	drop(g int)
}

// engine is one run of Explain or Needed.
type engine struct {
	p     Problem
	extra *dimacs.Formula // clauses added to group 0; nil if none
	opts  Options
	of    []int32 // of[i]: 1 + the index in p.Groups of clause i's group, 0 for group 0
	top   int     // the largest variable of any clause
	back  backend
	res   *Result
	keep  []bool // scratch: the groups of the current call
}

func run(ctx context.Context, p Problem, extra *dimacs.Formula, opts Options) (*Result, error) {
	start := time.Now()
	n := p.F.NumClauses()
	if err := dimacs.CheckGroups(p.Groups, n); err != nil {
		return nil, err
	}
	e := &engine{p: p, extra: extra, opts: opts, of: make([]int32, n), res: &Result{}, keep: make([]bool, len(p.Groups))}
	for gi, g := range p.Groups {
		for i := g.Start; i < g.End; i++ {
			e.of[i] = int32(gi + 1)
		}
	}
	for i := 0; i < n; i++ {
		for _, l := range p.F.Clause(i) {
			e.top = max(e.top, int(l), -int(l))
		}
	}
	if extra != nil {
		e.top = max(e.top, extra.Vars)
	}
	if _, ok := opts.Solver.(solver.Gini); ok || opts.Solver == nil {
		e.back = newGiniBackend(ctx, e)
	} else {
		e.back = &freshBackend{e: e, s: opts.Solver}
	}
	err := e.shrink(ctx)
	if err == nil && e.res.Status == dimacs.Unsat && opts.Prover != nil && ctx.Err() == nil {
		err = e.prove(ctx)
	}
	e.res.Wall = time.Since(start)
	if err != nil {
		return nil, err
	}
	return e.res, nil
}

// shrink finds the core; see the package comment.
func (e *engine) shrink(ctx context.Context) error {
	all := make([]int, len(e.p.Groups))
	for i := range all {
		all[i] = i
	}
	st, m, why, err := e.call(ctx, all)
	switch {
	case err != nil:
		return err
	case st == dimacs.Unknown:
		e.res.Status = dimacs.Unknown
		return nil
	case st == dimacs.Sat:
		e.res.Status, e.res.Model = dimacs.Sat, m
		return nil
	}
	e.res.Status = dimacs.Unsat
	var crit []int // groups shown needed
	cand := all    // groups not yet shown needed or dropped
	solved := true // crit+cand was itself answered Unsat (not only inferred from failed assumptions)
	defer func() {
		e.res.Core = slices.Concat(crit, cand)
		slices.Sort(e.res.Core)
	}()
	// Core refinement: while the failed assumptions shrink, solve under
	// just them.
	for why != nil && len(why) < len(cand) {
		cand = e.restrict(cand, why)
		solved = false
		if st, _, why, err = e.call(ctx, cand); err != nil || st == dimacs.Unknown {
			return err
		}
		if st == dimacs.Sat {
			return fmt.Errorf("%w: the groups of gini's failed assumptions are satisfiable", ErrContradiction)
		}
		solved = true
	}
	// Deletion in chunks.
	chunk := (len(cand) + 1) / 2
	for len(cand) > 0 {
		c := max(1, min(chunk, len(cand)))
		test := slices.Concat(crit, cand[c:])
		st, m, why, err := e.call(ctx, test)
		switch {
		case err != nil || st == dimacs.Unknown:
			return err
		case st == dimacs.Unsat:
			for _, g := range cand[:c] {
				e.back.drop(g)
			}
			cand, solved = cand[c:], true
			if why != nil && len(why) < len(test) {
				cand, solved = e.restrict(cand, why), false
			}
			chunk = 2 * c
			continue
		}
		// Sat: m satisfies every group of test; which of cand[:c] does
		// it falsify?
		var falsified []int
		for _, g := range cand[:c] {
			if !e.satisfies(m, g) {
				falsified = append(falsified, g)
			}
		}
		switch len(falsified) {
		case 0:
			return fmt.Errorf("%w: %s found a model of groups it had answered unsatisfiable", ErrContradiction, e.solverName())
		case 1:
			g := falsified[0]
			if e.opts.Witness != nil {
				e.opts.Witness(g, m)
			}
			crit = append(crit, g)
			cand = slices.DeleteFunc(cand, func(h int) bool { return h == g })
		default:
			chunk = c / 2
		}
	}
	if !solved {
		st, _, _, err := e.call(ctx, crit)
		if err != nil || st == dimacs.Unknown {
			return err
		}
		if st == dimacs.Sat {
			return fmt.Errorf("%w: the groups of gini's failed assumptions are satisfiable", ErrContradiction)
		}
	}
	e.res.Minimal = true
	return nil
}

// restrict returns the groups of cand that are in why, dropping the others
// for good.
func (e *engine) restrict(cand, why []int) []int {
	in := make(map[int]bool, len(why))
	for _, g := range why {
		in[g] = true
	}
	return slices.DeleteFunc(cand, func(g int) bool {
		if !in[g] {
			e.back.drop(g)
			return true
		}
		return false
	})
}

// call solves with the groups keep and checks a model against them: a
// Sat answer's model is completed (unassigned variables false, up to
// e.top) and must satisfy group 0, the extra clauses and every group kept.
func (e *engine) call(ctx context.Context, keep []int) (dimacs.Status, dimacs.Model, []int, error) {
	st, m, why, err := e.back.solve(ctx, keep)
	if err != nil || st == dimacs.Unknown {
		return dimacs.Unknown, nil, nil, err
	}
	e.res.Calls++
	if st != dimacs.Sat {
		return st, nil, why, nil
	}
	m = complete(m, e.top)
	clear(e.keep)
	for _, g := range keep {
		e.keep[g] = true
	}
	err = e.p.F.CheckWhere(m, func(i int) bool { g := e.of[i]; return g == 0 || e.keep[g-1] })
	if err == nil && e.extra != nil {
		err = e.extra.Check(m)
	}
	if err != nil {
		return dimacs.Unknown, nil, nil, fmt.Errorf("%s: %w", e.solverName(), err)
	}
	e.res.Models++
	return st, m, nil, nil
}

// satisfies reports whether m satisfies every clause of group g.
func (e *engine) satisfies(m dimacs.Model, g int) bool {
	grp := e.p.Groups[g]
	for i := grp.Start; i < grp.End; i++ {
		sat := false
		for _, l := range e.p.F.Clause(i) {
			if m.Lit(int(l)) == 1 {
				sat = true
				break
			}
		}
		if !sat {
			return false
		}
	}
	return true
}

// complete returns m with every variable up to top assigned: those m
// leaves unassigned are false. A model still satisfies every clause it
// satisfied.
func complete(m dimacs.Model, top int) dimacs.Model {
	if len(m) > top+1 {
		m = m[:top+1]
	}
	for len(m) < top+1 {
		m = append(m, 0)
	}
	for v := 1; v < len(m); v++ {
		if m[v] == 0 {
			m[v] = -1
		}
	}
	return m
}

// prove has the Prover solve the core once more.
func (e *engine) prove(ctx context.Context) error {
	r, err := e.opts.Prover.Solve(ctx, e.subset(e.res.Core), nil)
	switch {
	case err != nil:
		return err
	case r.Status == dimacs.Sat:
		return fmt.Errorf("%w: %s found the conflict satisfiable", ErrContradiction, e.opts.Prover.Name())
	}
	e.res.Proven = r.Status == dimacs.Unsat
	return nil
}

// subset returns a new formula of group 0, the extra clauses and the
// groups keep (indices, increasing), over e.p.F's variables.
func (e *engine) subset(keep []int) *dimacs.Formula {
	clear(e.keep)
	for _, g := range keep {
		e.keep[g] = true
	}
	f := e.p.F
	g := &dimacs.Formula{Vars: f.Vars}
	n := f.NumClauses()
	for i := 0; i < n; i++ {
		if k := e.of[i]; k == 0 || e.keep[k-1] {
			for _, l := range f.Clause(i) {
				g.Add(int(l))
			}
			g.Add(0)
		}
	}
	if e.extra != nil {
		for i := 0; i < e.extra.NumClauses(); i++ {
			for _, l := range e.extra.Clause(i) {
				g.Add(int(l))
			}
			g.Add(0)
		}
	}
	return g
}

func (e *engine) solverName() string {
	if e.opts.Solver == nil {
		return "gini"
	}
	return e.opts.Solver.Name()
}

// freshBackend gives a solver a fresh CNF for each call.
type freshBackend struct {
	e *engine
	s solver.Solver
}

func (b *freshBackend) solve(ctx context.Context, keep []int) (dimacs.Status, dimacs.Model, []int, error) {
	r, err := b.s.Solve(ctx, b.e.subset(keep), nil)
	if err != nil {
		return dimacs.Unknown, nil, nil, err
	}
	return r.Status, r.Model, nil, nil
}

func (b *freshBackend) drop(int) {}

// giniBackend solves incrementally with a selector variable per group.
type giniBackend struct {
	x      *solver.Incremental
	sel0   int // the selector of group g is sel0+g
	assume []int
}

func newGiniBackend(ctx context.Context, e *engine) *giniBackend {
	b := &giniBackend{sel0: e.top + 1}
	b.x = solver.NewIncremental(ctx, e.p.F, func(i int) int {
		if g := e.of[i]; g > 0 {
			return -(b.sel0 + int(g) - 1)
		}
		return 0
	})
	if e.extra != nil {
		for i := 0; i < e.extra.NumClauses(); i++ {
			var c []int
			for _, l := range e.extra.Clause(i) {
				c = append(c, int(l))
			}
			b.x.AddClause(c...)
		}
	}
	return b
}

func (b *giniBackend) solve(ctx context.Context, keep []int) (dimacs.Status, dimacs.Model, []int, error) {
	b.assume = b.assume[:0]
	for _, g := range keep {
		b.assume = append(b.assume, b.sel0+g)
	}
	st, m := b.x.Solve(ctx, b.assume)
	if st != dimacs.Unsat {
		return st, m, nil, nil
	}
	why := []int{}
	for _, l := range b.x.Why() {
		if g := l - b.sel0; l > 0 && g >= 0 {
			why = append(why, g)
		}
	}
	slices.Sort(why)
	return st, nil, why, nil
}

func (b *giniBackend) drop(g int) { b.x.AddClause(-(b.sel0 + g)) }
