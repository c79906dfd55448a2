package queens_test

import (
	"context"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/solver"
)

// TestCountsSolver counts placements the way satrun --all does: the solver
// package's gini, blocking on the header's primary variables, every model
// verified against the formula.
func TestCountsSolver(t *testing.T) {
	s, err := solver.Lookup("gini")
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{1, 0, 0, 2, 10, 4, 40, 92, 352, 724} {
		n := i + 1
		f := formula(t, n, false)
		primary, err := solver.Primary(f)
		if err != nil {
			t.Fatal(err)
		}
		if len(primary) != n*n {
			t.Fatalf("n=%d: %d primary variables, want %d", n, len(primary), n*n)
		}
		e, err := solver.Enumerate(context.Background(), s, f, solver.EnumOptions{Project: primary, Verify: true},
			func(m dimacs.Model) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		if e.Models != want || !e.Complete() {
			t.Errorf("n=%d: %d placements (complete %v), want %d", n, e.Models, e.Complete(), want)
		}
	}
}
