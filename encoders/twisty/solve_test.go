package twisty

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/solver"
)

// giniSolver solves in-process with gini; the tests use it so they need
// no external solver.
type giniSolver struct{}

func (giniSolver) Name() string { return "gini" }

func (giniSolver) Solve(ctx context.Context, f *dimacs.Formula, assume []int) (*solver.Result, error) {
	start := time.Now()
	g := gini.NewVc(f.Vars, f.NumClauses())
	for i := range f.NumClauses() {
		for _, l := range f.Clause(i) {
			g.Add(z.Dimacs2Lit(int(l)))
		}
		g.Add(0)
	}
	res := &solver.Result{Status: dimacs.Unsat}
	if g.Solve() == 1 {
		res.Status = dimacs.Sat
		res.Model = dimacs.NewModel(f.Vars)
		for v := 1; v <= f.Vars; v++ {
			if g.Value(z.Dimacs2Lit(v)) {
				res.Model[v] = 1
			} else {
				res.Model[v] = -1
			}
		}
	}
	res.Wall = time.Since(start)
	return res, nil
}

// scramble returns the test scramble with seed s: 25 random turns.
func scramble(p *Puzzle, s uint64) (moves, st []string) {
	return p.Scramble(25, rand.New(rand.NewPCG(s, s)))
}

// TestScrambles solves 20 scrambles and compares each answer's length with
// the breadth-first search.
func TestScrambles(t *testing.T) {
	p := loadCube2(t)
	o := getOracle(t)
	for seed := uint64(1); seed <= 20; seed++ {
		_, st := scramble(p, seed)
		want := o.Distance(t, st)
		if testing.Short() && want > 8 {
			continue
		}
		moves, err := Solve(context.Background(), giniSolver{}, p, st, p.MaxDepth, nil)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		end, err := p.Run(st, moves)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Targets(end); err != nil || o.Distance(t, end) != 0 {
			t.Errorf("seed %d: %q does not solve %s", seed, strings.Join(moves, " "), strings.Join(st, " "))
		}
		if len(moves) != want {
			t.Errorf("seed %d: %d turns (%s), the optimum is %d", seed, len(moves), strings.Join(moves, " "), want)
		}
		t.Logf("seed %2d: depth %2d: %s", seed, want, strings.Join(moves, " "))
	}
}
