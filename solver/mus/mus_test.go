package mus

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/pipesat/pipesat/solver"
)

// randProblem returns a random formula over at most 7 variables with up to
// 8 groups of 1 to 3 clauses and up to 3 clauses of group 0, the groups in
// random order among the group-0 clauses. If target is not nil, every
// clause is satisfied by it.
func randProblem(r *rand.Rand, target dimacs.Model) Problem {
	vars := 3 + r.IntN(5)
	if target != nil {
		vars = target.Vars()
	}
	clause := func() []int {
		for {
			var c []int
			for range 1 + r.IntN(3) {
				l := 1 + r.IntN(vars)
				if r.IntN(2) == 0 {
					l = -l
				}
				c = append(c, l)
			}
			if target == nil || slices.ContainsFunc(c, func(l int) bool { return target.Lit(l) == 1 }) {
				return c
			}
		}
	}
	type block struct {
		group   bool
		clauses [][]int
	}
	var blocks []block
	for range r.IntN(4) {
		blocks = append(blocks, block{clauses: [][]int{clause()}})
	}
	for range 1 + r.IntN(8) {
		b := block{group: true}
		for range 1 + r.IntN(3) {
			b.clauses = append(b.clauses, clause())
		}
		blocks = append(blocks, b)
	}
	r.Shuffle(len(blocks), func(i, j int) { blocks[i], blocks[j] = blocks[j], blocks[i] })
	p := Problem{F: &dimacs.Formula{Vars: vars}}
	for _, b := range blocks {
		start := p.F.NumClauses()
		for _, c := range b.clauses {
			p.F.AddClause(c...)
		}
		if b.group {
			id := len(p.Groups) + 1
			p.Groups = append(p.Groups, dimacs.Group{ID: 10 * id, Name: fmt.Sprintf("g%d", id), Start: start, End: p.F.NumClauses()})
		}
	}
	return p
}

// brute knows which sets of groups (bit masks over p.Groups) are
// satisfiable with group 0 and the extra clauses, by trying every
// assignment.
type brute struct {
	sat []bool // sat[S]: group 0, extra and the groups of S are satisfiable
}

func newBrute(p Problem, extra *dimacs.Formula) brute {
	n := len(p.Groups)
	b := brute{sat: make([]bool, 1<<n)}
	of := make([]int, p.F.NumClauses())
	for i := range of {
		of[i] = -1
	}
	for gi, g := range p.Groups {
		for i := g.Start; i < g.End; i++ {
			of[i] = gi
		}
	}
	for a := 0; a < 1<<p.F.Vars; a++ {
		m := dimacs.NewModel(p.F.Vars)
		for v := 1; v <= p.F.Vars; v++ {
			m[v] = -1
			if a>>(v-1)&1 == 1 {
				m[v] = 1
			}
		}
		if extra != nil && extra.Check(m) != nil {
			continue
		}
		mask, ok := 1<<n-1, true
		for i := range of {
			if clauseSat(p.F.Clause(i), m) {
				continue
			}
			if of[i] < 0 {
				ok = false
				break
			}
			mask &^= 1 << of[i]
		}
		if ok {
			b.sat[mask] = true
		}
	}
	// A subset of a satisfiable set is satisfiable.
	for bit := range n {
		for s := range b.sat {
			if s&(1<<bit) == 0 && b.sat[s|1<<bit] {
				b.sat[s] = true
			}
		}
	}
	return b
}

func clauseSat(c []int32, m dimacs.Model) bool {
	return slices.ContainsFunc(c, func(l int32) bool { return m.Lit(int(l)) == 1 })
}

func maskOf(core []int) int {
	s := 0
	for _, g := range core {
		s |= 1 << g
	}
	return s
}

// checkCore checks res against the brute-force truth: the status, the
// model of a Sat answer, and that the core is unsatisfiable and, when
// Minimal, that dropping any group of it makes it satisfiable.
func (b brute) checkCore(t *testing.T, p Problem, extra *dimacs.Formula, res *Result) {
	t.Helper()
	all := len(b.sat) - 1
	switch res.Status {
	case dimacs.Sat:
		if !b.sat[all] {
			t.Fatalf("answered SATISFIABLE, brute force finds no model")
		}
		if err := p.F.Check(res.Model); err != nil {
			t.Fatal(err)
		}
		if extra != nil {
			if err := extra.Check(res.Model); err != nil {
				t.Fatal(err)
			}
		}
		return
	case dimacs.Unsat:
		if b.sat[all] {
			t.Fatalf("answered UNSATISFIABLE, brute force finds a model")
		}
	default:
		t.Fatalf("status %v", res.Status)
	}
	if !slices.IsSorted(res.Core) {
		t.Errorf("core %v not in order", res.Core)
	}
	c := maskOf(res.Core)
	if b.sat[c] {
		t.Fatalf("core %v is satisfiable", res.Core)
	}
	if !res.Minimal {
		return
	}
	for _, g := range res.Core {
		if !b.sat[c&^(1<<g)] {
			t.Errorf("core %v is not minimal: without group %d it is still unsatisfiable", res.Core, g)
		}
	}
}

// witnesses records the Witness calls and checks each model: it satisfies
// group 0, the extra clauses and every other group of the final core, and
// falsifies the group it is for.
type witnesses struct {
	p     Problem
	extra *dimacs.Formula
	got   map[int]dimacs.Model
}

func (w *witnesses) add(g int, m dimacs.Model) {
	if w.got == nil {
		w.got = map[int]dimacs.Model{}
	}
	w.got[g] = slices.Clone(m)
}

func (w *witnesses) check(t *testing.T, res *Result) {
	t.Helper()
	if res.Status != dimacs.Unsat || !res.Minimal {
		return
	}
	if len(w.got) != len(res.Core) {
		t.Errorf("%d witnesses for a core of %d", len(w.got), len(res.Core))
	}
	for _, g := range res.Core {
		m, ok := w.got[g]
		if !ok {
			t.Errorf("no witness for group %d", g)
			continue
		}
		err := w.p.F.CheckWhere(m, func(i int) bool {
			for _, h := range res.Core {
				if gr := w.p.Groups[h]; h != g && i >= gr.Start && i < gr.End {
					return true
				}
			}
			return !slices.ContainsFunc(w.p.Groups, func(gr dimacs.Group) bool { return i >= gr.Start && i < gr.End })
		})
		if err == nil && w.extra != nil {
			err = w.extra.Check(m)
		}
		if err != nil {
			t.Errorf("witness of group %d: %v", g, err)
		}
		gr := w.p.Groups[g]
		fals := false
		for i := gr.Start; i < gr.End; i++ {
			fals = fals || !clauseSat(w.p.F.Clause(i), m)
		}
		if !fals {
			t.Errorf("witness of group %d satisfies it", g)
		}
	}
}

// TestExplainBrute checks Explain on random small formulas against brute
// force, with gini and with gini as an external solver (a fresh CNF per
// call, no failed assumptions).
func TestExplainBrute(t *testing.T) {
	for _, s := range []solver.Solver{nil, fresh{solver.Gini{}}} {
		name := "gini"
		if s != nil {
			name = "fresh"
		}
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, 2))
			unsat, n := 0, 400
			if testing.Short() {
				n = 100
			}
			for i := range n {
				p := randProblem(r, nil)
				b := newBrute(p, nil)
				w := &witnesses{p: p}
				res, err := Explain(context.Background(), p, Options{Solver: s, Witness: w.add})
				if err != nil {
					t.Fatalf("case %d: %v", i, err)
				}
				if res.Status == dimacs.Unsat {
					unsat++
					if !res.Minimal {
						t.Fatalf("case %d: not minimal without a timeout", i)
					}
					if s != nil && res.Calls > CallBound(len(p.Groups)) {
						t.Errorf("case %d: %d calls, bound %d", i, res.Calls, CallBound(len(p.Groups)))
					}
				}
				t.Run(fmt.Sprint(i), func(t *testing.T) {
					b.checkCore(t, p, nil, res)
					w.check(t, res)
				})
			}
			if unsat < n/4 {
				t.Errorf("only %d of %d cases unsatisfiable: the test checks too few cores", unsat, n)
			}
		})
	}
}

// fresh is a Solver other than gini to Explain (so it gets a fresh CNF
// per call) that solves with gini.
type fresh struct{ solver.Gini }

func (fresh) Name() string { return "fresh" }

// TestNeededBrute checks Needed on random formulas built around a target
// assignment, against brute force.
func TestNeededBrute(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	unique := 0
	for i := range 300 {
		target := dimacs.NewModel(3 + r.IntN(4))
		for v := 1; v <= target.Vars(); v++ {
			target[v] = int8(1 - 2*r.IntN(2))
		}
		p := randProblem(r, target)
		extra := &dimacs.Formula{}
		for v := 1; v <= target.Vars(); v++ {
			extra.Add(-int(target[v]) * v)
		}
		extra.Add(0)
		b := newBrute(p, extra)
		w := &witnesses{p: p, extra: extra}
		s := []solver.Solver{nil, fresh{solver.Gini{}}}[i%2]
		res, err := Needed(context.Background(), p, target, nil, Options{Solver: s, Witness: w.add})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if res.Status == dimacs.Unsat {
			unique++
		}
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			b.checkCore(t, p, extra, res)
			w.check(t, res)
		})
	}
	if unique < 50 {
		t.Errorf("only %d of 300 targets unique: the test checks too few", unique)
	}
}

// TestExplainExact pins a small conflict: x1, not x1 or x2, not x2, and a
// group that plays no part. Group 0 says x3.
func TestExplainExact(t *testing.T) {
	f := &dimacs.Formula{}
	f.AddClause(3)      // 0: group 0
	f.AddClause(1)      // 1: "x1"
	f.AddClause(-1, 2)  // 2: "x1 implies x2"
	f.AddClause(3, 4)   // 3: "harmless"
	f.AddClause(-2)     // 4: "not x2"
	f.AddClause(-2, -3) // 5: "not x2 given x3"
	p := Problem{F: f, Groups: []dimacs.Group{
		{ID: 1, Name: "x1", Start: 1, End: 2},
		{ID: 2, Name: "x1 implies x2", Start: 2, End: 3},
		{ID: 3, Name: "harmless", Start: 3, End: 4},
		{ID: 4, Name: "not x2", Start: 4, End: 5},
	}}
	for _, s := range []solver.Solver{nil, fresh{solver.Gini{}}} {
		res, err := Explain(context.Background(), p, Options{Solver: s})
		if err != nil {
			t.Fatal(err)
		}
		// Clause 5 is group 0 (in no group): x3 and it make x2 false.
		if res.Status != dimacs.Unsat || !slices.Equal(res.Core, []int{0, 1}) || !res.Minimal {
			t.Errorf("%v core %v minimal %v, want UNSATISFIABLE [0 1] true", res.Status, res.Core, res.Minimal)
		}
	}
	// Without group 0's clause 5 the conflict needs "not x2".
	g := &dimacs.Formula{}
	for i := range 5 {
		g.AddClause(toInts(f.Clause(i))...)
	}
	p.F = g
	res, err := Explain(context.Background(), p, Options{})
	if err != nil || !slices.Equal(res.Core, []int{0, 1, 3}) {
		t.Errorf("core %v, %v; want [0 1 3]", res.Core, err)
	}
	// Satisfiable: no core, a checked model.
	sat := &dimacs.Formula{}
	for i := range 4 {
		sat.AddClause(toInts(f.Clause(i))...)
	}
	res, err = Explain(context.Background(), Problem{F: sat, Groups: p.Groups[:3]}, Options{})
	if err != nil || res.Status != dimacs.Sat || sat.Check(res.Model) != nil || res.Core != nil {
		t.Errorf("%v %v core %v, want SATISFIABLE with a model", res.Status, err, res.Core)
	}
	// Group 0 alone contradicts itself: the core is empty.
	g.AddClause(-3)
	res, err = Explain(context.Background(), p, Options{})
	if err != nil || res.Status != dimacs.Unsat || len(res.Core) != 0 || !res.Minimal {
		t.Errorf("%v %v core %v, want UNSATISFIABLE with an empty core", res.Status, err, res.Core)
	}
}

func toInts(c []int32) []int {
	out := make([]int, len(c))
	for i, l := range c {
		out[i] = int(l)
	}
	return out
}

// TestExplainSparse checks the selectors and failed assumptions of a
// formula whose variables gini renumbers (the largest is far above their
// number).
func TestExplainSparse(t *testing.T) {
	big := 1 << 24
	f := &dimacs.Formula{}
	f.AddClause(big, 5)
	f.AddClause(-big)
	f.AddClause(-5)
	f.AddClause(7)
	p := Problem{F: f, Groups: []dimacs.Group{{ID: 1, Name: "a", Start: 1, End: 2}, {ID: 2, Name: "b", Start: 2, End: 3}, {ID: 3, Name: "c", Start: 3, End: 4}}}
	res, err := Explain(context.Background(), p, Options{})
	if err != nil || res.Status != dimacs.Unsat || !slices.Equal(res.Core, []int{0, 1}) || !res.Minimal {
		t.Errorf("%v core %v minimal %v, %v; want UNSATISFIABLE [0 1] true", res.Status, res.Core, res.Minimal, err)
	}
	// The first call's failed assumptions are the core; one call confirms
	// it and one for each group shows it is needed.
	if res.Calls != 4 {
		t.Errorf("%d calls, want 4", res.Calls)
	}
}

// cancelAfter is a fresh-CNF solver that ends ctx's cancel at its n'th
// call, as a timeout would.
type cancelAfter struct {
	solver.Gini
	n      int
	cancel context.CancelFunc
}

func (c *cancelAfter) Solve(ctx context.Context, f *dimacs.Formula, assume []int) (*solver.Result, error) {
	c.n--
	if c.n == 0 {
		c.cancel()
	}
	return c.Gini.Solve(ctx, f, assume)
}

// TestExplainTimeout checks that a timeout while shrinking still answers
// Unsat, with an unsatisfiable set of groups marked not minimal, and one
// before the first answer Unknown.
func TestExplainTimeout(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	seen := 0
	for i := 0; seen < 40; i++ {
		p := randProblem(r, nil)
		b := newBrute(p, nil)
		if b.sat[len(b.sat)-1] || len(p.Groups) < 3 {
			continue
		}
		seen++
		for n := 1; n <= 3; n++ {
			ctx, cancel := context.WithCancel(context.Background())
			res, err := Explain(ctx, p, Options{Solver: &cancelAfter{n: n, cancel: cancel}})
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if n == 1 {
				if res.Status != dimacs.Unknown {
					t.Errorf("case %d: cancelled in the first call: %v, want UNKNOWN", i, res.Status)
				}
				continue
			}
			if res.Status != dimacs.Unsat {
				t.Fatalf("case %d: cancelled in call %d: %v, want UNSATISFIABLE", i, n, res.Status)
			}
			if res.Minimal && res.Calls >= n {
				t.Errorf("case %d: minimal after %d calls though cancelled in call %d", i, res.Calls, n)
			}
			b.checkCore(t, p, nil, res)
		}
	}
}

// TestExplainTimeoutIncremental checks the same of gini's incremental
// search: ctx ends when the first group is shown needed (a Witness call,
// in the middle of deletion), and the next call answers Unknown. The
// answer is Unsat with an unsatisfiable set of groups (checkCore), minimal
// only if no call came after, and then checked minimal.
func TestExplainTimeoutIncremental(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	notMinimal := 0
	for i := 0; i < 300; i++ {
		p := randProblem(r, nil)
		b := newBrute(p, nil)
		if b.sat[len(b.sat)-1] {
			continue
		}
		ctx, cancel := context.WithCancel(context.Background())
		res, err := Explain(ctx, p, Options{Witness: func(int, dimacs.Model) { cancel() }})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != dimacs.Unsat {
			t.Fatalf("case %d: %v, want UNSATISFIABLE", i, res.Status)
		}
		b.checkCore(t, p, nil, res)
		if !res.Minimal {
			notMinimal++
		}
	}
	t.Logf("%d of the answers cut short", notMinimal)
	if notMinimal < 10 {
		t.Errorf("only %d answers cut short: the test does not test the timeout", notMinimal)
	}
}

// liar answers Sat with a model that falsifies a kept clause, or Unsat for
// everything.
type liar struct {
	solver.Gini
	unsat bool
}

func (l liar) Solve(ctx context.Context, f *dimacs.Formula, assume []int) (*solver.Result, error) {
	if l.unsat {
		return &solver.Result{Status: dimacs.Unsat}, nil
	}
	return &solver.Result{Status: dimacs.Sat, Model: dimacs.NewModel(f.Vars)}, nil
}

func (liar) Name() string { return "liar" }

// TestExplainLiar checks that a wrong model is an error, and that a
// solver answering Unsat for every set of groups is caught out by a model
// the check accepts... never: all-Unsat yields the empty core, which the
// Prover refutes.
func TestExplainLiar(t *testing.T) {
	f := &dimacs.Formula{}
	f.AddClause(1)
	f.AddClause(-1, 2)
	f.AddClause(-2)
	p := Problem{F: f, Groups: []dimacs.Group{{ID: 1, Name: "a", Start: 0, End: 1}, {ID: 2, Name: "b", Start: 2, End: 3}}}
	_, err := Explain(context.Background(), p, Options{Solver: liar{}})
	if want := "liar: model check: clause 1 falsified: 1 0"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	_, err = Explain(context.Background(), p, Options{Solver: liar{unsat: true}, Prover: solver.Gini{}})
	if !errors.Is(err, ErrContradiction) || !strings.Contains(err.Error(), "gini found the conflict satisfiable") {
		t.Errorf("error %v, want gini found the conflict satisfiable", err)
	}
}

// TestExplainSolvers checks Explain and Needed with each installed external
// solver on random formulas, against brute force.
func TestExplainSolvers(t *testing.T) {
	for _, name := range []string{"minisat", "picosat", "cadical", "cryptominisat5", "kissat", "glucose"} {
		t.Run(name, func(t *testing.T) {
			testenv.Solver(t, name)
			s, err := solver.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(7, 8))
			n := 12
			if testing.Short() {
				n = 4
			}
			for i := 0; i < n; {
				p := randProblem(r, nil)
				b := newBrute(p, nil)
				if b.sat[len(b.sat)-1] {
					continue
				}
				i++
				w := &witnesses{p: p}
				res, err := Explain(context.Background(), p, Options{Solver: s, Witness: w.add})
				if err != nil {
					t.Fatal(err)
				}
				b.checkCore(t, p, nil, res)
				w.check(t, res)
			}
		})
	}
}

// TestProver checks that a proof-writing solver proves the final core.
func TestProver(t *testing.T) {
	testenv.Solver(t, "cadical")
	x, err := solver.Lookup("cadical")
	if err != nil {
		t.Fatal(err)
	}
	cert, err := solver.Certify(x, false)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 5; {
		p := randProblem(r, nil)
		if newBrute(p, nil).sat[1<<len(p.Groups)-1] {
			continue
		}
		i++
		res, err := Explain(context.Background(), p, Options{Prover: cert})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Proven {
			t.Errorf("case %d: core %v not proven", i, res.Core)
		}
	}
	if cert.Proven != 5 {
		t.Errorf("%d proofs checked, want 5", cert.Proven)
	}
}

// TestBadGroups checks that groups that do not fit the formula are refused.
func TestBadGroups(t *testing.T) {
	f := &dimacs.Formula{}
	f.AddClause(1)
	f.AddClause(2)
	for _, tt := range []struct {
		groups []dimacs.Group
		want   string
	}{
		{[]dimacs.Group{{ID: 0, Name: "a", Start: 0, End: 1}}, `group 0 "a": id must be positive`},
		{[]dimacs.Group{{ID: 1, Name: "a", Start: 1, End: 3}}, `group 1 "a": clauses 2..3 outside the formula's 2`},
		{[]dimacs.Group{{ID: 1, Name: "a", Start: 1, End: 0}}, `group 1 "a": clauses 2..0 outside the formula's 2`},
		{[]dimacs.Group{{ID: 1, Name: "a", Start: 0, End: 1}, {ID: 1, Name: "b", Start: 1, End: 2}}, `group 1 "b": id used by group "a" too`},
		{[]dimacs.Group{{ID: 1, Name: "a", Start: 0, End: 2}, {ID: 2, Name: "b", Start: 1, End: 2}}, `group 2 "b": clause 2 is in group 1 "a" too`},
	} {
		_, err := Explain(context.Background(), Problem{F: f, Groups: tt.groups}, Options{})
		if err == nil || err.Error() != tt.want {
			t.Errorf("%v: error %v, want %q", tt.groups, err, tt.want)
		}
	}
}

// TestAssume checks that assumptions count as group 0's unit clauses.
func TestAssume(t *testing.T) {
	f := &dimacs.Formula{}
	f.AddClause(1, 2)
	f.AddClause(-2)
	f.AddClause(3)
	p := Problem{F: f, Groups: []dimacs.Group{{ID: 1, Name: "a", Start: 0, End: 1}, {ID: 2, Name: "b", Start: 1, End: 2}, {ID: 3, Name: "c", Start: 2, End: 3}}}
	for _, s := range []solver.Solver{nil, fresh{solver.Gini{}}} {
		res, err := Explain(context.Background(), p, Options{Solver: s, Assume: []int{-1}})
		if err != nil || res.Status != dimacs.Unsat || !slices.Equal(res.Core, []int{0, 1}) {
			t.Errorf("%v %v core %v, want UNSATISFIABLE [0 1]", res.Status, err, res.Core)
		}
		res, err = Explain(context.Background(), p, Options{Solver: s, Assume: []int{1}})
		if err != nil || res.Status != dimacs.Sat || res.Model.Lit(1) != 1 {
			t.Errorf("under 1: %v %v", res.Status, err)
		}
	}
}
