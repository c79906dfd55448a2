package difftest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/pipesat/pipesat/internal/tools/satrun"
	"github.com/pipesat/pipesat/solver"
)

// fakeEnv names the lie the test binary tells when run as a fake solver.
const fakeEnv = "DIFFTEST_FAKE"

// TestMain makes the test binary a lying competition solver when fakeEnv
// is set: "fake FILE" solves FILE honestly with gini, except that on a
// formula that mentions variable 7 it answers UNSATISFIABLE ("unsat7"),
// flips variable 7 in its model ("flip7") or exits with status 3
// ("crash7"). Otherwise the tests run with satrun on PATH, played by
// this test binary too (testenv.Main).
func TestMain(m *testing.M) {
	// The satrun it runs the liar through inherits fakeEnv: it is satrun.
	if lie := os.Getenv(fakeEnv); lie != "" && filepath.Base(os.Args[0]) != "satrun" {
		os.Exit(fake(lie, os.Args[1:]))
	}
	testenv.Main(m, testenv.Manuals(), map[string]func(string) int{"satrun": satrun.Main})
}

func fake(lie string, args []string) int {
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "fake: want one CNF file")
		return 1
	}
	fh, err := os.Open(args[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, "fake:", err)
		return 1
	}
	f, err := dimacs.Read(fh, args[0], dimacs.Options{})
	fh.Close()
	if err != nil {
		fmt.Fprintln(os.Stderr, "fake:", err)
		return 1
	}
	has7 := false
	for i := 0; i < f.NumClauses(); i++ {
		if slices.Contains(f.Clause(i), 7) || slices.Contains(f.Clause(i), -7) {
			has7 = true
		}
	}
	switch {
	case has7 && lie == "unsat7":
		fmt.Println("s UNSATISFIABLE")
		return 20
	case has7 && lie == "crash7":
		fmt.Fprintln(os.Stderr, "fake: crashed on purpose")
		return 3
	}
	r, err := solver.Gini{}.Solve(context.Background(), f, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fake:", err)
		return 1
	}
	if r.Status != dimacs.Sat {
		fmt.Println("s", r.Status)
		return int(r.Status)
	}
	if has7 && lie == "flip7" {
		r.Model[7] = -r.Model[7]
	}
	fmt.Println("s SATISFIABLE")
	fmt.Print("v")
	for _, l := range r.Model.Lits() {
		fmt.Print(" ", l)
	}
	fmt.Println(" 0")
	return 10
}

// fakeSolver returns the test binary as a solver that lies as lie says.
func fakeSolver(t *testing.T, lie string) Solver {
	t.Setenv(fakeEnv, lie)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Solver{Name: "fake", Path: exe, Args: []string{"{cnf}"}, Dialect: dimacs.Competition,
		Satrun: []string{"--solver-cmd", exe + " {cnf}"}}
}

// TestShrinkFakeLiar runs the generator, checker and shrinker against a
// solver that lies on every formula mentioning variable 7, raw (so that
// shrinking stays quick), and checks that the lies are found, that each is
// shrunk to one clause of one literal on variable 7, and that the written
// file still makes the liar disagree while gini and brute force agree on it.
func TestShrinkFakeLiar(t *testing.T) {
	for _, tc := range []struct{ lie, kind string }{
		{"unsat7", KindStatus},
		{"flip7", KindModel},
		{"crash7", KindCrash},
	} {
		t.Run(tc.lie, func(t *testing.T) {
			cfg := Config{Gini: true, Solvers: []Solver{fakeSolver(t, tc.lie)}}
			dir := t.TempDir()
			// Formulas 0-5 of seed 3 include satisfiable ones with
			// variable 7.
			sum, err := Run(context.Background(), cfg, Options{Seed: 3, N: 6, Jobs: 2, Regress: dir})
			if err != nil {
				t.Fatal(err)
			}
			if len(sum.Files) == 0 {
				t.Fatalf("no disagreement found in %d formulas: %+v", sum.Formulas, sum)
			}
			if tc.kind == KindModel && sum.FailedModels != len(sum.Files) || tc.kind != KindModel && sum.Disagreements != len(sum.Files) {
				t.Errorf("summary %v counts the wrong kind for %d files", sum, len(sum.Files))
			}
			for _, path := range sum.Files {
				fh, err := os.Open(path)
				if err != nil {
					t.Fatal(err)
				}
				f, err := dimacs.Read(fh, path, dimacs.Options{AllComments: true})
				fh.Close()
				if err != nil {
					t.Fatal(err)
				}
				c := FromFormula(f)
				if len(c.Clauses) != 1 || len(c.Clauses[0]) != 1 || abs(c.Clauses[0][0]) != 7 || c.Vars != 7 {
					t.Errorf("%s: shrunk to %v %v, want one clause 7 or -7 over 7 variables", path, c, c.Clauses)
				}
				if len(f.Comments) < 2 || !strings.HasPrefix(f.Comments[0], "difftest: "+tc.kind+": fake/raw: ") ||
					!strings.HasPrefix(f.Comments[1], "difftest: shrunk from seed 3 formula ") {
					t.Errorf("%s: header %q does not name the disagreement", path, f.Comments)
				}
				_, ds, err := Replay(context.Background(), cfg, path)
				if err != nil {
					t.Fatal(err)
				}
				if len(ds) != 1 || "difftest: "+ds[0].String() != f.Comments[0] {
					t.Errorf("%s: replay found %v, want the one in its header %q", path, ds, f.Comments[0])
				}
				_, ds, err = Replay(context.Background(), Config{Gini: true}, path)
				if err != nil || len(ds) != 0 {
					t.Errorf("%s: gini alone: %v, %v; want agreement", path, ds, err)
				}
			}
		})
	}
}

// TestPlantedOracle checks that a planted model decides a formula too large
// for brute force when no engine gives a model: the liar alone, without
// gini, is caught answering UNSAT.
func TestPlantedOracle(t *testing.T) {
	i := 0
	for ; ; i++ {
		if _, desc := Generate(1, i); strings.HasPrefix(desc, "planted") {
			break
		}
	}
	c, _ := Generate(1, i)
	if c.Vars <= MaxBruteVars {
		t.Fatalf("formula %d: %v is small enough for brute force", i, c)
	}
	h := newHarness(Config{Solvers: []Solver{fakeSolver(t, "unsat7")}})
	ck, err := h.check(context.Background(), t.TempDir(), c, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "status: fake/raw: answered UNSATISFIABLE, but the formula is satisfiable (its planted model satisfies it)"
	if len(ck.ds) != 1 || ck.ds[0].String() != want {
		t.Errorf("formula %d (%v): %v, want %q", i, c, ck.ds, want)
	}
}

// TestShrinkDeterministic checks that the same seed writes the same shrunk
// files whatever the number of jobs.
func TestShrinkDeterministic(t *testing.T) {
	cfg := Config{Gini: true, Solvers: []Solver{fakeSolver(t, "unsat7")}}
	var got [2]map[string]string
	for k, jobs := range []int{1, 2} {
		dir := t.TempDir()
		var out lineWriter
		sum, err := Run(context.Background(), cfg, Options{Seed: 3, N: 6, Jobs: jobs, Regress: dir, Out: &out})
		if err != nil {
			t.Fatal(err)
		}
		got[k] = map[string]string{"output": strings.ReplaceAll(string(out), dir, "DIR")}
		for _, p := range sum.Files {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			got[k][strings.TrimPrefix(p, dir)] = string(b)
		}
	}
	if len(got[0]) < 2 || fmt.Sprint(got[0]) != fmt.Sprint(got[1]) {
		t.Errorf("jobs 1 and 2 differ or found nothing:\n%v\n%v", got[0], got[1])
	}
}

// TestFakeThroughSatrun checks that the liar is caught through satrun
// --solver-cmd too: status, model and count disagreements.
func TestFakeThroughSatrun(t *testing.T) {
	satrun := testenv.Tool(t, "satrun")
	dir := t.TempDir()
	path := dir + "/f.cnf"
	if err := writeFormula(path, CNF{Vars: 7, Clauses: [][]int{{7, 1}, {-1}, {2}, {-3}, {4}, {5}, {6}}}.Formula()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lie  string
		want []string
	}{
		{"unsat7", []string{"status fake/raw", "status fake/satrun", "count fake/satrun --all --project"}},
		{"flip7", []string{"model fake/raw", "crash fake/satrun", "count fake/satrun --all --project"}},
	} {
		t.Run(tc.lie, func(t *testing.T) {
			cfg := Config{Gini: true, Satrun: satrun, Solvers: []Solver{fakeSolver(t, tc.lie)}}
			_, ds, err := Replay(context.Background(), cfg, path)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range ds {
				got = append(got, d.Kind+" "+d.Engine)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("disagreements %q, want %q\n%v", got, tc.want, ds)
			}
		})
	}
}
