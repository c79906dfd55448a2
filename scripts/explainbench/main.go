// Command explainbench times satrun --explain's engine (package
// solver/mus) on contradictory puzzles: one changed clue of each testdata
// puzzle (package internal/corrupt) and of random nonograms, with gini and
// each installed external solver. For each puzzle and solver it prints
// the time of one plain solve of the corrupted formula (UNSATISFIABLE),
// the time to a minimal conflict, the ratio of the two, the solver calls
// made, and the conflict's size among the puzzle's groups; then the
// issue's goals (a minimal conflict of a 30x30 random puzzle in under 1 s
// with gini, of a 60x60 one in under 5 s) against the medians measured.
//
// Usage:
//
//	go run ./scripts/explainbench [-runs N] [-timeout D] [-solvers LIST] [-only REGEXP]
//
// scripts/bench-explain.sh runs it (and so scripts/bench.sh).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/corrupt"
	"github.com/pipesat/pipesat/solver"
	"github.com/pipesat/pipesat/solver/mus"
)

func main() {
	runs := flag.Int("runs", 3, "timed runs of each explanation and solve; the median is shown")
	timeout := flag.Duration("timeout", 2*time.Minute, "time limit of each explanation")
	names := []string{"gini"}
	for _, k := range solver.KnownSolvers {
		names = append(names, k.Name)
	}
	list := flag.String("solvers", strings.Join(names, ","), "solvers to time, those installed")
	only := flag.String("only", "", "time only the puzzles whose name matches `REGEXP`")
	root := flag.String("repo", ".", "the repository's root, where testdata is")
	flag.Parse()
	re, err := regexp.Compile(*only)
	if err != nil {
		fmt.Fprintln(os.Stderr, "explainbench:", err)
		os.Exit(2)
	}
	cases, err := puzzles(*root, re)
	if err != nil {
		fmt.Fprintln(os.Stderr, "explainbench:", err)
		os.Exit(1)
	}
	solvers, err := installed(*list)
	if err != nil {
		fmt.Fprintln(os.Stderr, "explainbench:", err)
		os.Exit(1)
	}
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("explain benchmark: median of %d runs, time limit %v, load %s\n", *runs, *timeout, strings.Join(strings.Fields(string(load))[:min(3, len(strings.Fields(string(load))))], " "))
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "puzzle (corrupted)\tgroups\tclauses\tsolver\tsolve s\texplain s\tratio\tcalls\tconflict\t")
	goal := map[string]float64{}
	for _, c := range cases {
		for _, s := range solvers {
			explain := timeCase(w, c, s, *runs, *timeout)
			fmt.Fprintf(os.Stderr, "explainbench: %s, %s: %s s\n", c.Name, s.Name(), secs(explain))
			if s.Name() == "gini" && strings.HasPrefix(c.Name, "random ") {
				goal[c.Name[:len("random 60x60 d0.65")]] = explain
			}
		}
	}
	w.Flush()
	printGoals(goal)
}

// installed returns the solvers of the comma-separated list that are
// installed, gini always.
func installed(list string) ([]solver.Solver, error) {
	var solvers []solver.Solver
	for _, n := range strings.Split(list, ",") {
		if n == "gini" {
			solvers = append(solvers, solver.Gini{})
			continue
		}
		if _, err := exec.LookPath(n); err != nil {
			continue
		}
		s, err := solver.Lookup(n)
		if err != nil {
			return nil, err
		}
		solvers = append(solvers, s)
	}
	return solvers, nil
}

// timeCase times runs plain solves and explanations of c with s, writes
// the table's row to w, and returns the median explanation time (-1 when
// one failed or found no minimal conflict in the time limit).
func timeCase(w io.Writer, c corrupt.Case, s solver.Solver, runs int, timeout time.Duration) float64 {
	solve := median(runs, func() float64 {
		start := time.Now()
		r, err := s.Solve(context.Background(), c.F, nil)
		if err != nil || r.Status != dimacs.Unsat {
			return -1
		}
		return time.Since(start).Seconds()
	})
	var last *mus.Result
	var failed error
	explain := median(runs, func() float64 {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		start := time.Now()
		r, err := mus.Explain(ctx, mus.Problem{F: c.F, Groups: c.Groups}, mus.Options{Solver: s})
		if err != nil {
			failed = err
			return -1
		}
		last = r
		if !r.Minimal {
			return -1
		}
		return time.Since(start).Seconds()
	})
	conflict := "?"
	calls := 0
	switch {
	case failed != nil:
		conflict = "error: " + failed.Error()
	case last != nil && !last.Minimal:
		conflict = fmt.Sprintf("%d, not minimal (timeout)", len(last.Core))
		calls = last.Calls
	case last != nil:
		conflict = fmt.Sprint(len(last.Core))
		calls = last.Calls
	}
	ratio := "-"
	if solve > 0 && explain > 0 {
		ratio = fmt.Sprintf("%.0f", explain/solve)
	}
	fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%s\t%s\t%s\t%d\t%s\t\n", c.Name, len(c.Groups), c.F.NumClauses(), s.Name(), secs(solve), secs(explain), ratio, calls, conflict)
	return explain
}

// printGoals prints the goals against the median gini times of
// the random puzzles in goal.
func printGoals(goal map[string]float64) {
	for _, g := range []struct {
		puzzle string
		limit  float64
	}{{"random 30x30 d0.65", 1}, {"random 60x60 d0.65", 5}} {
		t, ok := goal[g.puzzle]
		verdict := "not measured"
		switch {
		case !ok:
		case t < 0:
			verdict = "FAIL (no minimal conflict in the time limit)"
		case t < g.limit:
			verdict = fmt.Sprintf("met: %.3f s", t)
		default:
			verdict = fmt.Sprintf("MISSED: %.3f s", t)
		}
		fmt.Printf("goal: %s with gini under %.0f s: %s\n", g.puzzle, g.limit, verdict)
	}
}

func secs(t float64) string {
	if t < 0 {
		return "-"
	}
	return fmt.Sprintf("%.3f", t)
}

// median returns the median of n runs of f, or -1 if any run fails (f
// returns -1).
func median(n int, f func() float64) float64 {
	var ts []float64
	for range max(n, 1) {
		t := f()
		if t < 0 {
			return -1
		}
		ts = append(ts, t)
	}
	slices.Sort(ts)
	return ts[len(ts)/2]
}

// puzzles returns the corrupted puzzles: each testdata puzzle once, then
// random nonograms of 30x30 (half black: hard to solve; and 65% black)
// and 60x60 (65% black), each from a fixed seed.
func puzzles(root string, only *regexp.Regexp) ([]corrupt.Case, error) {
	var out []corrupt.Case
	add := func(c corrupt.Case, err error) error {
		if err != nil {
			return err
		}
		if only.MatchString(c.Name) {
			out = append(out, c)
		}
		return nil
	}
	bw, _ := filepath.Glob(filepath.Join(root, "testdata/nonogram/*.non"))
	colour, _ := filepath.Glob(filepath.Join(root, "testdata/nonogram/colour/*.non"))
	for i, p := range append(bw, colour...) {
		if err := add(corrupt.NonogramFile(p, rand.New(rand.NewPCG(uint64(i), 5)), "nonogram")); err != nil {
			return nil, err
		}
	}
	for i, p := range []string{"9x9.txt", "many9.txt#1", "many9.txt#2", "many9.txt#3", "16x16.txt"} {
		if err := add(corrupt.SudokuFile(filepath.Join(root, "testdata/sudoku", p), rand.New(rand.NewPCG(uint64(i), 5)))); err != nil {
			return nil, err
		}
	}
	for i, p := range []string{"einstein.txt", "life1962.txt"} {
		if err := add(corrupt.ZebraFile(filepath.Join(root, "testdata/zebra", p), rand.New(rand.NewPCG(uint64(i), 5)))); err != nil {
			return nil, err
		}
	}
	for _, r := range []struct {
		n int
		d float64
	}{{30, 0.5}, {30, 0.65}, {60, 0.65}} {
		name := fmt.Sprintf("random %dx%d d%.2f", r.n, r.n, r.d)
		if !only.MatchString(name) {
			continue
		}
		p := corrupt.RandomNonogram(r.n, r.n, r.d, 1)
		if err := add(corrupt.NonogramCase(p, name, rand.New(rand.NewPCG(1, 5)), "nonogram")); err != nil {
			return nil, err
		}
	}
	return out, nil
}
