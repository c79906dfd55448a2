package cubesolve

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/pipesat/pipesat/solver"
)

const (
	cube2     = "../../../encoders/twisty/definitions/cube2.yaml"
	loopover3 = "../../../encoders/twisty/definitions/loopover3.yaml"
)

// load returns the puzzle defined in the file path, with more lines
// added to its definition.
func load(t testing.TB, path, more string) *twisty.Puzzle {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := twisty.Parse(strings.NewReader(string(b)+more), filepath.Base(path))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// slid returns the 3x3 Loopover and its state after R1 C2, two turns
// from the goal.
func slid(t *testing.T, more string) (*twisty.Puzzle, []string) {
	p := load(t, loopover3, more)
	start, err := p.Run(p.Goal, []string{"R1", "C2"})
	if err != nil {
		t.Fatal(err)
	}
	return p, start
}

// TestSolveLoopover: solve asks 0, 1, 2, ... turns, reports each depth,
// and answers at the first SATISFIABLE one.
func TestSolveLoopover(t *testing.T) {
	p, start := slid(t, "")
	var steps []string
	moves, err := solve(context.Background(), solver.Gini{}, p, start, 10, func(s step) {
		steps = append(steps, fmt.Sprintf("%d %v %d %d", s.Depth, s.Status, s.Vars, s.Clauses))
		if s.Vars < 1 || s.Clauses < 1 || s.Wall <= 0 {
			t.Errorf("depth %d: %d vars, %d clauses, %v", s.Depth, s.Vars, s.Clauses, s.Wall)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	var status []string
	for _, s := range steps {
		f := strings.Fields(s)
		status = append(status, f[0]+" "+f[1])
	}
	if got, want := strings.Join(status, ", "), "0 UNSATISFIABLE, 1 UNSATISFIABLE, 2 SATISFIABLE"; got != want {
		t.Errorf("steps %s, want %s", got, want)
	}
	if end, err := p.Run(start, moves); err != nil || !twisty.Equal(end, p.Goal) || len(moves) != 2 {
		t.Errorf("%q ends in %v (%v), want 2 turns to the goal", moves, end, err)
	}
}

// distances returns how many of p's search turns (Active) each state
// within max of them is from the goal: a breadth-first search of its own,
// the oracle of TestSolveShortest.
func distances(p *twisty.Puzzle, max int) map[string]int {
	key := func(st []string) string { return strings.Join(st, " ") }
	dist := map[string]int{key(p.Goal): 0}
	layer := [][]string{p.Goal}
	for d := 1; d <= max; d++ {
		var next [][]string
		for _, st := range layer {
			for _, u := range p.Active() {
				s := twisty.Apply(st, u)
				if _, ok := dist[key(s)]; !ok {
					dist[key(s)] = d
					next = append(next, s)
				}
			}
		}
		layer = next
	}
	return dist
}

// TestSolveShortest: on random walks of the 2x2x2 cube's search turns,
// solve's answer is as short as the breadth-first search says, and solves.
func TestSolveShortest(t *testing.T) {
	p := load(t, cube2, "")
	const max = 5
	dist := distances(p, max)
	turns := p.Active()
	lengths := map[int]bool{}
	for seed := uint64(1); seed <= 12; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		st := p.Goal
		for range 1 + rng.IntN(max) {
			st = twisty.Apply(st, turns[rng.IntN(len(turns))])
		}
		want := dist[strings.Join(st, " ")]
		lengths[want] = true
		moves, err := solve(context.Background(), solver.Gini{}, p, st, p.MaxDepth, nil)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if end, err := p.Run(st, moves); err != nil || !twisty.Equal(end, p.Goal) || len(moves) != want {
			t.Errorf("seed %d: %q ends in %v (%v); want %d turns to the goal", seed, moves, end, err, want)
		}
	}
	if len(lengths) < 3 {
		t.Errorf("the walks need %d lengths, want 3 or more", len(lengths))
	}
}

// fake answers every Solve with Status, Model and Err.
type fake struct {
	status dimacs.Status
	model  dimacs.Model
	err    error
}

func (fake) Name() string { return "fake" }

func (s fake) Solve(context.Context, *dimacs.Formula, []int) (*solver.Result, error) {
	if s.err != nil {
		return nil, s.err
	}
	return &solver.Result{Status: s.status, Model: s.model, Wall: time.Millisecond}, nil
}

func TestSolveErrors(t *testing.T) {
	p, start := slid(t, "")
	god, _ := slid(t, "maxDepth: 1\n")
	for _, tt := range []struct {
		name     string
		s        solver.Solver
		p        *twisty.Puzzle
		maxDepth int
		want     string
	}{
		{"too shallow", solver.Gini{}, p, 1, "no solution in at most 1 turns"},
		{"past God's number", solver.Gini{}, god, 1, "impossible state: no solution in at most 1 turns, the puzzle's maxDepth"},
		{"unknown", fake{status: dimacs.Unknown}, p, 5, "depth 0: fake gave no answer"},
		{"failed", fake{err: errors.New("crashed")}, p, 5, "depth 0: fake: crashed"},
		{"wrong model", fake{status: dimacs.Sat, model: dimacs.Model{0}}, p, 5, "depth 0: fake: model check: clause 1 not satisfied (unassigned variables): -1 0"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			moves, err := solve(context.Background(), tt.s, tt.p, start, tt.maxDepth, nil)
			if err == nil || err.Error() != tt.want || moves != nil {
				t.Errorf("%q, %v; want the error %q", moves, err, tt.want)
			}
		})
	}
}

// BenchmarkSolve times a full optimal solve (depths 0, 1, ... until Sat)
// of each of twisty's test scrambles (25 random turns, seeds 1-20), with
// gini and with every installed external solver: go test -bench Solve
// -benchtime 1x ./internal/tools/cubesolve/. Sub-benchmark names carry the
// seed; the turns metric is the optimum.
func BenchmarkSolve(b *testing.B) {
	p := load(b, cube2, "")
	solvers := []solver.Solver{solver.Gini{}}
	for _, n := range solver.Installed() {
		if s, err := solver.Lookup(n); err == nil {
			solvers = append(solvers, s)
		}
	}
	for _, s := range solvers {
		var walls []time.Duration
		for seed := uint64(1); seed <= 20; seed++ {
			_, st := p.Scramble(25, rand.New(rand.NewPCG(seed, seed)))
			b.Run(fmt.Sprintf("%s/seed=%d", s.Name(), seed), func(b *testing.B) {
				b.ReportAllocs()
				start := time.Now()
				n, turns := 0, 0
				for b.Loop() {
					moves, err := solve(context.Background(), s, p, st, p.MaxDepth, nil)
					if err != nil {
						b.Fatal(err)
					}
					turns = len(moves)
					n++
				}
				b.ReportMetric(float64(turns), "turns")
				walls = append(walls, time.Since(start)/time.Duration(n))
			})
		}
		if len(walls) > 0 {
			slices.Sort(walls)
			b.Logf("%s: median full solve %v over %d scrambles", s.Name(), walls[len(walls)/2], len(walls))
		}
	}
}
