package solver

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/testenv"
)

// nativeFake returns the fake solver native.sh as an enumerator of its own
// (like cryptominisat5: --maxsol {max}, "c ind" projection, at most 1000
// models), printing out and exiting with exit.
func nativeFake(t *testing.T, out string, exit int) *External {
	t.Helper()
	s := fake(t, "native")
	s.Native = &Native{Args: []string{"--maxsol", "{max}"}, MaxModels: 1000, Project: true}
	t.Setenv("FAKE_OUT", out)
	t.Setenv("FAKE_EXIT", fmt.Sprint(exit))
	return s
}

func parseCNF(t *testing.T, text string) *dimacs.Formula {
	t.Helper()
	f, err := dimacs.Read(strings.NewReader(text), "t.cnf", dimacs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestNativeFake checks how a native enumeration's output is judged: every
// model verified, the end of the enumeration required, counts and exit
// statuses that contradict the models rejected, each with its exact error.
func TestNativeFake(t *testing.T) {
	const cnf = "p cnf 2 1\n1 2 0\n" // 3 models
	tests := []struct {
		name    string
		out     string
		exit    int
		max     int
		models  int
		rest    dimacs.Status
		wantErr string
	}{
		{name: "all", out: "s SATISFIABLE\nv 1 2 0\ns SATISFIABLE\nv -1 2 0\ns SATISFIABLE\nv 1 -2 0\ns UNSATISFIABLE\n", models: 3, rest: dimacs.Unsat},
		{name: "picosat count", out: "s SATISFIABLE\nv 1 2 0\ns SATISFIABLE\nv -1 2 0\ns SATISFIABLE\nv 1 -2 0\ns SOLUTIONS 3\n", models: 3, rest: dimacs.Unsat},
		{name: "unsat", out: "s UNSATISFIABLE\n", models: 0, rest: dimacs.Unsat},
		{name: "max stops reading", out: "s SATISFIABLE\nv 1 2 0\ns SATISFIABLE\nv -1 2 0\nv garbage\n", exit: 10, max: 2, models: 2, rest: dimacs.Sat},
		{name: "indeterminate", out: "s SATISFIABLE\nv 1 2 0\ns INDETERMINATE\n", exit: 15, models: 1, rest: dimacs.Unknown},
		{name: "wrong model", out: "s SATISFIABLE\nv 1 2 0\ns SATISFIABLE\nv -1 -2 0\n", exit: 10, models: 1, rest: dimacs.Unknown,
			wantErr: "native: model check: clause 1 (line 2) falsified: 1 2 0"},
		{name: "repeat", out: "s SATISFIABLE\nv 1 2 0\ns SATISFIABLE\nv 1 2 0\ns UNSATISFIABLE\n", models: 1, rest: dimacs.Unknown,
			wantErr: "native: model check: model 2 repeats model 1 on the projection"},
		{name: "count too high", out: "s SATISFIABLE\nv 1 2 0\ns SOLUTIONS 2\n", models: 1, rest: dimacs.Unknown,
			wantErr: "native: says 2 solutions (line 3) but printed 1 models"},
		{name: "no end", out: "s SATISFIABLE\nv 1 2 0\n", exit: 10, models: 1, rest: dimacs.Unknown,
			wantErr: "native: output ended after 1 models without saying there are no more (exit status 10)"},
		{name: "unsat exit 10", out: "s SATISFIABLE\nv 1 2 0\ns UNSATISFIABLE\n", exit: 10, models: 1, rest: dimacs.Unknown,
			wantErr: `native: answered "s UNSATISFIABLE" after the last model but exited 10`},
		{name: "answer after the end", out: "s UNSATISFIABLE\ns SATISFIABLE\nv 1 2 0\n", models: 0, rest: dimacs.Unknown,
			wantErr: `native: native output:2:1: contradictory answers: "s UNSATISFIABLE" (line 1) and "s SATISFIABLE" (line 2)`},
		{name: "no model", out: "s SATISFIABLE\ns UNSATISFIABLE\n", models: 0, rest: dimacs.Unknown,
			wantErr: `native: native output:2:1: contradictory answers: "s SATISFIABLE" (line 1) and "s UNSATISFIABLE" (line 2)`},
		{name: "no model at the end", out: "s SATISFIABLE\nv 1 2 0\ns SATISFIABLE\n", exit: 10, models: 1, rest: dimacs.Unknown,
			wantErr: "native: answered SATISFIABLE without a model (line 3)"},
		{name: "variable beyond", out: "s SATISFIABLE\nv 1 2 3 0\ns UNSATISFIABLE\n", models: 0, rest: dimacs.Unknown,
			wantErr: "native: model of line 1 has variable 3, the formula only 2"},
		{name: "cut model", out: "s SATISFIABLE\nv 1 2 0\ns SATISFIABLE\nv -1", exit: 10, models: 1, rest: dimacs.Unknown,
			wantErr: "native: output ends inside a model after 1 models"},
		{name: "bad exit", out: "s SATISFIABLE\nv 1 2 0\n", exit: 3, models: 1, rest: dimacs.Unknown,
			wantErr: "native: exit status 3 after 1 models"},
		{name: "garbage", out: "s SATISFIABLE\nv 1 x 0\n", exit: 10, models: 0, rest: dimacs.Unknown,
			wantErr: `native: native output:2:5: "x" is not a literal`},
		{name: "silent", out: "", exit: 0, models: 0, rest: dimacs.Unknown,
			wantErr: "native: printed no answer (exit status 0)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := nativeFake(t, tc.out, tc.exit)
			s.ExitCodes = []int{15}
			f := parseCNF(t, cnf)
			var got []string
			e, err := Enumerate(context.Background(), s, f, EnumOptions{Max: tc.max, Verify: true}, func(m dimacs.Model) error {
				got = append(got, fmtModel(m))
				return nil
			})
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || err.Error() != tc.wantErr) {
				t.Fatalf("error %v, want %q", err, tc.wantErr)
			}
			if e.Models != tc.models || len(got) != tc.models || e.Rest != tc.rest || e.Calls != 1 {
				t.Errorf("%d models (%d emitted), rest %v, %d calls; want %d, %v, 1", e.Models, len(got), e.Rest, e.Calls, tc.models, tc.rest)
			}
		})
	}
}

// TestNativeArgs checks what a native enumerator is given: its own
// arguments with {max}, a CNF with the projection as "c ind" lines and the
// assumptions as units, and none of the input's comments (a "c ind" line
// in the input must not change what is enumerated).
func TestNativeArgs(t *testing.T) {
	dir := t.TempDir()
	args, cnf := filepath.Join(dir, "args"), filepath.Join(dir, "cnf")
	t.Setenv("FAKE_ARGS", args)
	t.Setenv("FAKE_CNF", cnf)
	f := parseCNF(t, "c ind 3 0\np cnf 3 1\n1 2 0\n")
	tests := []struct {
		max     int
		project []int
		assume  []int
		args    string
		cnf     string
	}{
		{max: 0, args: "--maxsol 1000 ", cnf: "p cnf 3 1\n1 2 0\n"},
		{max: 5, project: []int{1, 2}, args: "--maxsol 5 ", cnf: "c ind 1 2 0\np cnf 3 1\n1 2 0\n"},
		{max: 5000, project: []int{1, 2, 3}, assume: []int{-3}, args: "--maxsol 1000 ", cnf: "p cnf 3 2\n1 2 0\n-3 0\n"},
	}
	for _, tc := range tests {
		s := nativeFake(t, "s UNSATISFIABLE\n", 20)
		_, err := Enumerate(context.Background(), s, f, EnumOptions{Max: tc.max, Project: tc.project, Assume: tc.assume, Verify: true}, func(dimacs.Model) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		a, _ := os.ReadFile(args)
		c, _ := os.ReadFile(cnf)
		if got := strings.TrimPrefix(string(a), ""); !strings.HasPrefix(got, tc.args) || !strings.HasSuffix(strings.TrimSpace(got), ".cnf") {
			t.Errorf("max %d: arguments %q, want %q and the CNF", tc.max, got, tc.args)
		}
		if string(c) != tc.cnf {
			t.Errorf("max %d project %v assume %v: CNF\n%s\nwant\n%s", tc.max, tc.project, tc.assume, c, tc.cnf)
		}
	}
	// The long projection of a big formula is split into lines.
	s := nativeFake(t, "s UNSATISFIABLE\n", 20)
	g := &dimacs.Formula{Vars: 40}
	var proj []int
	for v := 1; v <= 20; v++ {
		proj = append(proj, v)
	}
	if _, err := Enumerate(context.Background(), s, g, EnumOptions{Project: proj}, func(dimacs.Model) error { return nil }); err != nil {
		t.Fatal(err)
	}
	c, _ := os.ReadFile(cnf)
	want := "c ind 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 0\nc ind 17 18 19 20 0\np cnf 40 0\n"
	if string(c) != want {
		t.Errorf("CNF\n%s\nwant\n%s", c, want)
	}
}

// TestNativeStopsSolver checks that reaching Max ends a solver that goes
// on and ignores SIGTERM (SIGKILL after the grace), and that the models
// stand.
func TestNativeStopsSolver(t *testing.T) {
	s := nativeFake(t, "s SATISFIABLE\nv 1 2 0\ns SATISFIABLE\nv -1 2 0\n", 10)
	t.Setenv("FAKE_HANG", "1")
	var pid int
	s.started = func(p int) { pid = p }
	f := parseCNF(t, "p cnf 2 1\n1 2 0\n")
	start := time.Now()
	e, err := Enumerate(context.Background(), s, f, EnumOptions{Max: 2, Verify: true}, func(dimacs.Model) error { return nil })
	if err != nil || e.Models != 2 || e.Rest != dimacs.Sat {
		t.Fatalf("%v, %d models, rest %v; want no error, 2, SATISFIABLE", err, e.Models, e.Rest)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v: the solver was not stopped at the limit", d)
	}
	if !testenv.Gone(pid) {
		t.Errorf("solver %d still runs", pid)
	}
}

// TestNativeTimeout checks that a timeout during a native enumeration keeps
// the models verified so far, answers UNKNOWN for the rest without an
// error, and leaves no process behind.
func TestNativeTimeout(t *testing.T) {
	s := nativeFake(t, "s SATISFIABLE\nv 1 2 0\ns SATISFIABLE\nv -1 2 0\n", 10)
	t.Setenv("FAKE_HANG", "1")
	var pid int
	s.started = func(p int) { pid = p }
	f := parseCNF(t, "p cnf 2 1\n1 2 0\n")
	// The run is cut after the second model, as a timeout would cut it (a
	// fixed timeout could come before a loaded machine printed both).
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	n := 0
	e, err := Enumerate(ctx, s, f, EnumOptions{Verify: true}, func(dimacs.Model) error {
		if n++; n == 2 {
			cancel()
		}
		return nil
	})
	if err != nil || e.Models != 2 || e.Rest != dimacs.Unknown {
		t.Fatalf("%v, %d models, rest %v; want no error, 2, UNKNOWN", err, e.Models, e.Rest)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
	if !testenv.Gone(pid) {
		t.Errorf("solver %d still runs", pid)
	}
}

// TestNativeReal runs the installed solvers that enumerate on their own
// (picosat --all, cryptominisat5 --maxsol) and checks their models against
// gini's on projections, limits and assumptions.
func TestNativeReal(t *testing.T) {
	f := parseCNF(t, "c ind 1 0\np cnf 5 3\n1 2 0\n-2 3 0\n4 5 0\n")
	tests := []struct {
		name    string
		opts    EnumOptions
		models  int
		rest    dimacs.Status
		project bool // needs a projection
	}{
		{name: "all", opts: EnumOptions{}, models: 12, rest: dimacs.Unsat},
		{name: "max", opts: EnumOptions{Max: 4}, models: 4, rest: dimacs.Sat},
		{name: "assume", opts: EnumOptions{Assume: []int{-1}}, models: 3, rest: dimacs.Unsat},
		{name: "project", opts: EnumOptions{Project: []int{1, 2}}, models: 3, rest: dimacs.Unsat, project: true},
		{name: "project max", opts: EnumOptions{Project: []int{4, 5}, Max: 2}, models: 2, rest: dimacs.Sat, project: true},
	}
	for _, name := range []string{"picosat", "cryptominisat5"} {
		t.Run(name, func(t *testing.T) {
			testenv.Solver(t, name)
			s, err := Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			x := s.(*External)
			x.TempDir = t.TempDir()
			for _, tc := range tests {
				if tc.project && !x.EnumeratesNatively(f.Vars, tc.opts.Project) {
					continue
				}
				if !x.EnumeratesNatively(f.Vars, tc.opts.Project) {
					t.Fatalf("%s: %s does not enumerate natively", tc.name, name)
				}
				ms, e := collect(t, s, f, tc.opts)
				gms, ge := collect(t, Gini{}, f, tc.opts)
				if len(ms) != tc.models || e.Rest != tc.rest || e.Calls != 1 || len(gms) != tc.models || ge.Rest != tc.rest {
					t.Errorf("%s: %d models, rest %v, %d calls (gini %d, %v); want %d, %v, 1", tc.name, len(ms), e.Rest, e.Calls, len(gms), ge.Rest, tc.models, tc.rest)
				}
				if tc.rest == dimacs.Unsat {
					// Complete enumerations list the same projections.
					if a, b := projections(ms, f.Vars, tc.opts.Project), projections(gms, f.Vars, tc.opts.Project); !slices.Equal(a, b) {
						t.Errorf("%s: models %v, gini %v", tc.name, a, b)
					}
				}
			}
		})
	}
}

// projections returns the models' values on project (nil: 1..vars), sorted.
func projections(ms []dimacs.Model, vars int, project []int) []string {
	if project == nil {
		for v := 1; v <= vars; v++ {
			project = append(project, v)
		}
	}
	var out []string
	for _, m := range ms {
		var b strings.Builder
		for _, v := range project {
			fmt.Fprintf(&b, "%d ", m.Lit(v))
		}
		out = append(out, b.String())
	}
	slices.Sort(out)
	return out
}
