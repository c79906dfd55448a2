package solver

import (
	"context"
	"runtime"
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

	s := newGiniSession(ctx, f)
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
	s := newGiniSession(context.Background(), f)
	if s.toG != nil {
		t.Error("renumbered")
	}
	if s.max != 100 {
		t.Errorf("max %d, want 100", s.max)
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
	s := newGiniSession(ctx, f)
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
