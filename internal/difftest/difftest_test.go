package difftest

import (
	"context"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/pipesat/pipesat/solver"
)

// installed returns the known solvers that are installed, failing t for a
// missing one that PIPESAT_REQUIRE_SOLVERS names.
func installed(t *testing.T) []Solver {
	var out []Solver
	for _, k := range solver.KnownSolvers {
		p, err := exec.LookPath(k.Name)
		if err != nil {
			if testenv.Required(k.Name) {
				t.Errorf("%s is required by PIPESAT_REQUIRE_SOLVERS but not installed", k.Name)
			} else {
				t.Logf("%s not installed: left out", k.Name)
			}
			continue
		}
		out = append(out, FromKnown(k, p))
	}
	return out
}

// TestRun checks 6 formulas (seed 1: satisfiable and unsatisfiable ones,
// some small enough to count) with gini and every installed solver, raw and
// through satrun: they must agree. Volume is make difftest's (CI runs 300
// formulas); 20 here cost 3 s more of CPU and checked Run no more.
func TestRun(t *testing.T) {
	cfg := Config{Gini: true, Satrun: testenv.Tool(t, "satrun"), Solvers: installed(t)}
	dir := t.TempDir()
	var out lineWriter
	sum, err := Run(context.Background(), cfg, Options{Seed: 1, N: 6, Jobs: 2, Regress: dir, Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Formulas != 6 || sum.Disagreements != 0 || sum.FailedModels != 0 || len(sum.Files) != 0 {
		t.Errorf("%v, files %q\n%s", sum, sum.Files, out)
	}
	// Every formula runs gini raw and through satrun, each solver raw and
	// through satrun; the small ones add counts.
	if min := 6 * (2 + 2*len(cfg.Solvers)); sum.Runs < min || sum.Counted == 0 {
		t.Errorf("%d runs (want at least %d), %d formulas counted", sum.Runs, min, sum.Counted)
	}
	if sum.Sat == 0 || sum.Unsat == 0 {
		t.Errorf("%d satisfiable, %d unsatisfiable: want both", sum.Sat, sum.Unsat)
	}
}

type lineWriter []byte

func (w *lineWriter) Write(p []byte) (int, error) { *w = append(*w, p...); return len(p), nil }

// TestRegress replays every file in testdata/regress through gini, every
// installed solver (raw and through satrun) and brute force when small.
func TestRegress(t *testing.T) {
	files, err := filepath.Glob("../../testdata/regress/*.cnf")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no files in testdata/regress")
	}
	cfg := Config{Gini: true, Satrun: testenv.Tool(t, "satrun"), Solvers: installed(t)}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			runs, ds, err := Replay(context.Background(), cfg, path)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range ds {
				t.Error(d)
			}
			if runs < 2+2*len(cfg.Solvers) {
				t.Errorf("%d runs", runs)
			}
		})
	}
}

func TestGenerate(t *testing.T) {
	a, da := Generate(7, 42)
	b, db := Generate(7, 42)
	if da != db || a.String() != b.String() || !slices.EqualFunc(a.Clauses, b.Clauses, slices.Equal) {
		t.Errorf("Generate(7, 42) differs between calls: %v %v", a, b)
	}
	seen := map[string]int{}
	for i := range 3000 {
		c, desc := Generate(1, i)
		if c.Planted != nil {
			seen["planted"]++
			if err := c.Formula().Check(c.Planted); err != nil || !strings.HasPrefix(desc, "planted") {
				t.Fatalf("formula %d (%s): planted model: %v", i, desc, err)
			}
		}
		switch {
		case c.Vars == 0 && len(c.Clauses) == 0:
			seen["empty formula"]++
		case len(c.Clauses) == 0:
			seen["no clauses"]++
		}
		if c.Vars > 210 {
			t.Fatalf("formula %d: %v", i, c)
		}
		if c.maxVar() < c.Vars && len(c.Clauses) > 0 {
			seen["unused vars"]++
		}
		if c.Vars <= MaxCountVars {
			seen["countable"]++
		}
		for _, cl := range c.Clauses {
			seen["width "+string(rune('0'+min(len(cl), 9)))]++
			for j, l := range cl {
				if l == 0 || abs(l) > c.Vars {
					t.Fatalf("formula %d: literal %d over %d vars", i, l, c.Vars)
				}
				if slices.Contains(cl[j+1:], l) {
					seen["duplicate"]++
				}
				if slices.Contains(cl[j+1:], -l) {
					seen["tautology"]++
				}
			}
		}
	}
	for _, k := range []string{"planted", "empty formula", "no clauses", "unused vars", "countable", "duplicate", "tautology",
		"width 0", "width 1", "width 2", "width 3", "width 4", "width 5"} {
		if seen[k] == 0 {
			t.Errorf("3000 formulas have no %s: %v", k, seen)
		}
	}
}

func TestBrute(t *testing.T) {
	for _, tc := range []struct {
		c      CNF
		proj   []int
		status dimacs.Status
		count  int
	}{
		{CNF{}, nil, dimacs.Sat, 1},
		{CNF{Vars: 2, Clauses: [][]int{{}}}, []int{1, 2}, dimacs.Unsat, 0},
		{CNF{Vars: 3, Clauses: [][]int{{1, 2}}}, []int{1, 2, 3}, dimacs.Sat, 6},
		{CNF{Vars: 3, Clauses: [][]int{{1, 2}}}, []int{1, 2}, dimacs.Sat, 3},
		{CNF{Vars: 3, Clauses: [][]int{{1, 2}}}, []int{3}, dimacs.Sat, 2},
		{CNF{Vars: 2, Clauses: [][]int{{1}, {-1, 2}, {-2}}}, []int{1}, dimacs.Unsat, 0},
		{CNF{Vars: 4, Clauses: [][]int{{1, -1}, {4, 4}}}, []int{4, 2}, dimacs.Sat, 2},
	} {
		if got := bruteStatus(tc.c); got != tc.status {
			t.Errorf("bruteStatus(%v) = %v, want %v", tc.c.Clauses, got, tc.status)
		}
		if got := bruteCount(tc.c, tc.proj); got != tc.count {
			t.Errorf("bruteCount(%v, %v) = %d, want %d", tc.c.Clauses, tc.proj, got, tc.count)
		}
	}
	if got := bruteStatus(CNF{Vars: MaxBruteVars + 1}); got != dimacs.Unknown {
		t.Errorf("bruteStatus over %d vars = %v, want UNKNOWN", MaxBruteVars+1, got)
	}
}

// TestShrinkPredicate shrinks with a pure predicate: the formula must keep
// a clause holding both 3 and -5, and at least 6 declared variables.
func TestShrinkPredicate(t *testing.T) {
	c := CNF{Vars: 9, Clauses: [][]int{{1, 2}, {3, 4, -5, 6}, {-5}, {7, 3, 8, -5}, {}, {9}}}
	persists := func(d CNF) bool {
		for _, cl := range d.Clauses {
			if slices.Contains(cl, 3) && slices.Contains(cl, -5) {
				return true
			}
		}
		return false
	}
	got, calls := shrink(c, 6, false, persists, 1000)
	if got.Vars != 6 || len(got.Clauses) != 1 || !slices.Equal(got.Clauses[0], []int{3, -5}) || calls == 0 {
		t.Errorf("shrink = %v %v after %d calls, want [[3 -5]] over 6 vars", got, got.Clauses, calls)
	}
	got, _ = shrink(c, 0, true, func(d CNF) bool { return len(d.Clauses) > 0 && len(d.Clauses[0]) == 2 }, 1000)
	if got.Vars != 2 || len(got.Clauses) != 1 || len(got.Clauses[0]) != 2 {
		t.Errorf("renumbering shrink = %v %v, want one 2-clause over 2 vars", got, got.Clauses)
	}
	if _, calls := shrink(c, 0, true, func(CNF) bool { return true }, 3); calls != 3 {
		t.Errorf("budget 3: %d calls", calls)
	}
}

func TestFormatVars(t *testing.T) {
	for _, tc := range []struct {
		in   []int
		want string
	}{
		{[]int{1}, "1"},
		{[]int{1, 2, 3, 7}, "1-3,7"},
		{[]int{2, 4, 5, 9, 10, 11}, "2,4-5,9-11"},
	} {
		if got := formatVars(tc.in); got != tc.want {
			t.Errorf("formatVars(%v) = %q, want %q", tc.in, got, tc.want)
		}
		if back, err := dimacs.ParseVars(tc.want, 20); err != nil || !slices.Equal(back, tc.in) {
			t.Errorf("ParseVars(%q) = %v, %v", tc.want, back, err)
		}
	}
}
