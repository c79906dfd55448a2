package solver

import (
	"context"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
)

// TestGiniSparse checks that gini is given only the variables the clauses
// use when they are few next to the largest: the model is mapped back to
// the formula's numbers, and blocking clauses and assumptions on variables
// new to gini work.
func TestGiniSparse(t *testing.T) {
	ctx := context.Background()
	big := 1 << 20
	f := &dimacs.Formula{}
	f.AddClause(big)
	f.AddClause(-5000, 7)
	f.Vars = big + 10 // the header's promise

	s := newGiniSession(ctx, f, nil)
	if s.toG == nil {
		t.Fatal("not renumbered")
	}
	if got := int(s.g.MaxVar()); got != 3 {
		t.Errorf("gini has %d variables, want 3", got)
	}
	st, m := s.solve(ctx, []int{5000})
	if st != dimacs.Sat {
		t.Fatalf("%v, want SATISFIABLE", st)
	}
	if len(m) != big+1 {
		t.Fatalf("model over 1..%d, want 1..%d", len(m)-1, big)
	}
	for v, want := range map[int]int8{big: 1, 5000: 1, 7: 1, 1: -1, 6: -1, big - 1: -1} {
		if m[v] != want {
			t.Errorf("variable %d is %d, want %d", v, m[v], want)
		}
	}
	if err := f.Check(m); err != nil {
		t.Error(err)
	}
	// An assumption on a variable in no clause.
	if st, m := s.solve(ctx, []int{-(big + 3)}); st != dimacs.Sat || m.Lit(-(big+3)) != 1 {
		t.Errorf("under -%d: %v, variable %d is %d", big+3, st, big+3, m.Lit(big+3))
	}

	// Projected enumeration through the renumbered session: x_big, and
	// (x5000, x7) any of 00, 01, 11.
	e, err := Enumerate(ctx, Gini{}, f, EnumOptions{Project: []int{7, 5000, big, big + 2}, Verify: true}, func(dimacs.Model) error { return nil })
	if err != nil || e.Models != 6 || e.Rest != dimacs.Unsat {
		t.Errorf("enumeration: %d models, rest %v, %v; want 6, UNSATISFIABLE", e.Models, e.Rest, err)
	}
}

// TestGiniDense checks that a formula whose variables are dense is loaded
// as it is, and that the header's variable count is not.
func TestGiniDense(t *testing.T) {
	f := &dimacs.Formula{}
	f.AddClause(1, -2)
	f.AddClause(100)
	f.Vars = 1 << 28
	s := newGiniSession(context.Background(), f, nil)
	if s.toG != nil {
		t.Error("renumbered")
	}
	if s.max != 100 {
		t.Errorf("max %d, want 100", s.max)
	}
	// A blocking clause on a variable far above them (satrun --project
	// 1,4194305) is renumbered: gini does not grow to it, the model is
	// mapped back, and a nearby variable extends the dense ones while
	// none is renumbered.
	s.addClause([]int{101, -2})
	if got := int(s.g.MaxVar()); got != 101 || s.toG != nil {
		t.Errorf("after variable 101: gini has %d variables (renumbered %v), want 101", got, s.toG != nil)
	}
	far := 1<<22 + 1
	s.addClause([]int{-1, far})
	s.addClause([]int{-1, -(far + 7)})
	if got := int(s.g.MaxVar()); got != 103 {
		t.Errorf("gini has %d variables, want 103", got)
	}
	ctx := context.Background()
	for _, assume := range [][]int{{1}, {-far}, {far, 2}} {
		st, m := s.solve(ctx, assume)
		if st != dimacs.Sat || len(m) != far+8 {
			t.Fatalf("under %v: %v, model over 1..%d", assume, st, len(m)-1)
		}
		for _, l := range append([]int{100}, assume...) {
			if m.Lit(l) != 1 {
				t.Errorf("under %v: literal %d is false", assume, l)
			}
		}
		if m[1] == 1 && (m[far] != 1 || m[far+7] != -1) {
			t.Errorf("under %v: x1 true but x%d %d, x%d %d", assume, far, m[far], far+7, m[far+7])
		}
	}
	if st, _ := s.solve(ctx, []int{1, -far}); st != dimacs.Unsat {
		t.Errorf("under 1, -%d: %v, want UNSATISFIABLE", far, st)
	}
}

// cancelAfter is a context whose Err reports Canceled from its n-th call on.
type cancelAfter struct {
	context.Context
	n atomic.Int64
}

func (c *cancelAfter) Err() error {
	if c.n.Add(-1) <= 0 {
		return context.Canceled
	}
	return nil
}

// TestGiniLoadCancel checks that loading a formula into gini stops soon
// after ctx ends: a --timeout 1ms must not wait for all clauses.
func TestGiniLoadCancel(t *testing.T) {
	f := &dimacs.Formula{}
	for i := range 200000 {
		v := 1 + i%1000
		f.AddClause(v, -(v%1000 + 1), (v*7)%1000+1)
	}
	ctx := &cancelAfter{Context: context.Background()}
	ctx.n.Store(2)
	s := newGiniSession(ctx, f, nil)
	if !s.cut {
		t.Fatal("loading not cut")
	}
	// Two looks at ctx, each after giniCheckLits literals (4 a clause
	// with its 0): the second stops it.
	if want := 2*giniCheckLits/4 - 1; s.added != want {
		t.Errorf("%d clauses loaded, want %d", s.added, want)
	}
	if st, m := s.solve(context.Background(), nil); st != dimacs.Unknown || m != nil {
		t.Errorf("cut session answered %v", st)
	}

	ctx2, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	r, err := Gini{}.Solve(ctx2, f, nil)
	if err != nil || r.Status != dimacs.Unknown {
		t.Fatalf("%v, %v; want UNKNOWN", r.Status, err)
	}
	if el := time.Since(start); el > time.Second {
		t.Errorf("cancelled load took %v", el)
	}
}

// TestGiniHeaderCostsNothing checks that a plain solve of a formula whose
// header promises 2^28 variables allocates as little as its clauses need:
// no gini variables, projection or model sized by the header.
func TestGiniHeaderCostsNothing(t *testing.T) {
	for _, clauses := range [][]int{nil, {1}, {-3, 2}} {
		f := &dimacs.Formula{Vars: 1 << 28}
		if clauses != nil {
			f.AddClause(clauses...)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		e, err := Enumerate(context.Background(), Gini{}, f, EnumOptions{Max: 1, Verify: true}, func(dimacs.Model) error { return nil })
		runtime.ReadMemStats(&after)
		if err != nil || e.Models != 1 {
			t.Fatalf("%v: %d models, %v", clauses, e.Models, err)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
			t.Errorf("%v: allocated %d bytes", clauses, got)
		}
	}
}

// TestIncrementalRootUnsat checks that clauses unsatisfiable under no
// assumption stay so: gini v1.0.4 asked a second time claims a model that
// falsifies a clause and exits the program.
func TestIncrementalRootUnsat(t *testing.T) {
	f := &dimacs.Formula{}
	f.AddClause(1, -2)
	f.AddClause(2)
	f.AddClause(-1)
	f.AddClause(3, -4)
	x := NewIncremental(context.Background(), f, nil)
	for i, assume := range [][]int{nil, {4}, nil, {-3}} {
		if st, _ := x.Solve(context.Background(), assume); st != dimacs.Unsat {
			t.Fatalf("solve %d: %v, want UNSATISFIABLE", i+1, st)
		}
		if why := x.Why(); len(why) != 0 {
			t.Errorf("solve %d: failed assumptions %v, want none", i+1, why)
		}
	}
	x.AddClause(5)
	if st, _ := x.Solve(context.Background(), nil); st != dimacs.Unsat {
		t.Errorf("after a clause: %v, want UNSATISFIABLE", st)
	}
}

// TestIncrementalWhy checks failed assumptions and guards, dense and
// renumbered.
func TestIncrementalWhy(t *testing.T) {
	for _, top := range []int{10, 1 << 22} {
		f := &dimacs.Formula{}
		f.AddClause(top)     // guarded by 1
		f.AddClause(-top, 2) // guarded by 2
		f.AddClause(-2)      // guarded by 3
		f.AddClause(3)       // unguarded
		sel := top + 1
		x := NewIncremental(context.Background(), f, func(i int) int {
			if i < 3 {
				return -(sel + i)
			}
			return 0
		})
		ctx := context.Background()
		st, _ := x.Solve(ctx, []int{sel, sel + 1, sel + 2})
		if st != dimacs.Unsat {
			t.Fatalf("top %d: %v, want UNSATISFIABLE", top, st)
		}
		why := slices.Sorted(slices.Values(x.Why()))
		if !slices.Equal(why, []int{sel, sel + 1, sel + 2}) {
			t.Errorf("top %d: failed %v, want all three selectors", top, why)
		}
		st, m := x.Solve(ctx, []int{sel, sel + 2})
		if st != dimacs.Sat || m.Lit(top) != 1 || m.Lit(2) != -1 || m.Lit(3) != 1 {
			t.Errorf("top %d: without the second group: %v %v", top, st, m.Lits())
		}
		x.AddClause(-(sel + 1)) // the second group is out for good
		if st, _ := x.Solve(ctx, []int{sel, sel + 1}); st != dimacs.Unsat || len(x.Why()) != 1 || x.Why()[0] != sel+1 {
			t.Errorf("top %d: second group out: %v %v", top, st, x.Why())
		}
	}
}
