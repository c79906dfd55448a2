package solver

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/testenv"
)

// clean gives the test a private TMPDIR (returned) and checks when it ends
// that it left no process it started (no child of this process remains),
// no pipesat-* temporary file in that TMPDIR, and as many open file
// descriptors as it began with.
func clean(t *testing.T) string {
	t.Helper()
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	// The runtime's network poller keeps the descriptors it opens when
	// first used (by the first child's pipes): open them before counting,
	// or a test run alone (-run) counts them as left open.
	if r, w, err := os.Pipe(); err == nil {
		r.Close()
		w.Close()
	}
	before := openFDs(t)
	t.Cleanup(func() {
		if kids := children(); len(kids) > 0 {
			t.Errorf("processes left: %v", kids)
		}
		left, _ := filepath.Glob(filepath.Join(tmp, "pipesat-*"))
		if len(left) > 0 {
			t.Errorf("temporary files left: %v", left)
		}
		if after := openFDs(t); after != before {
			t.Errorf("%d open file descriptors before, %d after", before, after)
		}
	})
	return tmp
}

func openFDs(t *testing.T) int {
	es, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd")
	}
	return len(es)
}

// children returns the live (not zombie) processes whose parent is this
// process, waiting up to 2 s for them to go. Since solver runs make this
// process a child subreaper, a solver's orphaned descendants count too.
func children() []string { return childrenWithin(200) }

// childrenWithin is children, looking tries times, 10 ms apart.
func childrenWithin(tries int) []string {
	me := os.Getpid()
	var kids []string
	for range tries {
		kids = kids[:0]
		for _, p := range testenv.Procs() {
			if p.PPid == me {
				kids = append(kids, strconv.Itoa(p.Pid)+" "+p.Comm)
			}
		}
		if len(kids) == 0 {
			return nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return kids
}

// shSolver is a solver running the shell script script; in the minisat
// dialect "$1" is the CNF and "$2" the result file.
func shSolver(script string, dialect dimacs.Dialect) *External {
	return &External{Label: "fake", Path: "/bin/sh", Args: []string{"-c", script, "fake", "{cnf}", "{out}"},
		Dialect: dialect, Grace: 300 * time.Millisecond}
}

// TestContradictions: two answers in one run (unless it is the solver's own
// enumeration), or an exit status that contradicts the answer, are errors
// quoting both; every recorded real run passes (TestRecordedOutputs).
func TestContradictions(t *testing.T) {
	small := readCNF(t, "small-sat.cnf")
	rec, _ := filepath.Abs("../dimacs/testdata/outputs")
	tests := []struct {
		name, script string
		minisat      bool
		exitCodes    []int
		want         dimacs.Status
		model        string
		wantErr      string
	}{
		{name: "unsat then sat", script: `echo s UNSATISFIABLE; echo s SATISFIABLE; echo v 1 2 3 0; exit 20`,
			wantErr: `fake: fake output:2:1: contradictory answers: "s UNSATISFIABLE" (line 1) and "s SATISFIABLE" (line 2)`},
		{name: "unsat then sat exit 0", script: `echo c hello; echo s UNSATISFIABLE; echo c x; echo s SATISFIABLE; echo v 1 2 3 0`,
			wantErr: `fake: fake output:4:1: contradictory answers: "s UNSATISFIABLE" (line 2) and "s SATISFIABLE" (line 4)`},
		{name: "sat without model then unsat", script: `echo s SATISFIABLE; echo s UNSATISFIABLE; exit 10`,
			wantErr: `fake: fake output:2:1: contradictory answers: "s SATISFIABLE" (line 1) and "s UNSATISFIABLE" (line 2)`},
		{name: "unknown then unsat", script: `echo s INDETERMINATE; echo s UNSATISFIABLE; exit 20`,
			wantErr: `fake: fake output:2:1: contradictory answers: "s INDETERMINATE" (line 1) and "s UNSATISFIABLE" (line 2)`},
		{name: "unsat twice", script: `echo s UNSATISFIABLE; echo s UNSATISFIABLE; exit 20`,
			wantErr: `fake: fake output:2:1: two answers: "s UNSATISFIABLE" (line 1) and "s UNSATISFIABLE" (line 2)`},
		{name: "sat exit 20", script: `echo s SATISFIABLE; echo v 1 2 3 0; exit 20`,
			wantErr: `fake: answered "s SATISFIABLE" but exited 20`},
		{name: "unsat exit 10", script: `echo "s UNSATISFIABLE"; exit 10`,
			wantErr: `fake: answered "s UNSATISFIABLE" but exited 10`},
		{name: "unknown exit 10", script: `echo "s UNKNOWN"; exit 10`,
			wantErr: `fake: answered "s UNKNOWN" but exited 10`},
		{name: "c UNKNOWN exit 20", script: `echo "c UNKNOWN"; exit 20`,
			wantErr: `fake: answered "c UNKNOWN" but exited 20`},
		{name: "no answer exit 10", script: `echo c nothing; exit 10`,
			wantErr: `fake: printed no answer (exit status 10)`},
		{name: "no answer exit 20", script: `exit 20`,
			wantErr: `fake: printed no answer (exit status 20)`},
		{name: "own code with unsat", script: `echo "s UNSATISFIABLE"; exit 15`, exitCodes: []int{15},
			wantErr: `fake: answered "s UNSATISFIABLE" but exited 15`},
		{name: "own code", script: `echo "s INDETERMINATE"; exit 15`, exitCodes: []int{15}, want: dimacs.Unknown},
		{name: "own code not allowed", script: `echo "s INDETERMINATE"; exit 15`,
			wantErr: `fake: exit status 15`},
		{name: "sat exit 0", script: `echo s SATISFIABLE; echo v 1 2 -3 0`, want: dimacs.Sat, model: "[0 1 1 -1]"},
		{name: "unsat exit 0", script: `echo s UNSATISFIABLE`, want: dimacs.Unsat},
		// A solver's own enumeration in a run that asked for one answer:
		// its final answer contradicts the first (issue 20.3).
		{name: "picosat --all", script: `cat ` + rec + `/picosat-all-free3.out; exit 20`,
			wantErr: `fake: contradictory answers: "s SATISFIABLE" (line 1) and "s SOLUTIONS 8" (line 17)`},
		{name: "cryptominisat5 --maxsol", script: `cat ` + rec + `/cryptominisat5-maxsol-free3.out; exit 20`,
			wantErr: `fake: contradictory answers: "s SATISFIABLE" (line 25) and "s UNSATISFIABLE" (line 194)`},
		{name: "model then unsat", script: `echo s SATISFIABLE; echo v 1 2 -3 0; echo s UNSATISFIABLE; exit 20`,
			wantErr: `fake: contradictory answers: "s SATISFIABLE" (line 1) and "s UNSATISFIABLE" (line 3)`},
		{name: "model then unsat exit 10", script: `echo s SATISFIABLE; echo v 1 2 -3 0; echo c done; echo s UNSATISFIABLE; exit 10`,
			wantErr: `fake: contradictory answers: "s SATISFIABLE" (line 1) and "s UNSATISFIABLE" (line 4)`},
		{name: "model then unknown", script: `echo s SATISFIABLE; echo v 1 2 -3 0; echo s UNKNOWN; exit 10`,
			wantErr: `fake: contradictory answers: "s SATISFIABLE" (line 1) and "s UNKNOWN" (line 3)`},
		{name: "two agreeing models", script: `echo s SATISFIABLE; echo v 1 2 -3 0; echo s SATISFIABLE; echo v 1 2 3 0; exit 10`, want: dimacs.Sat, model: "[0 1 1 -1]"},
		{name: "model without final 0", script: `echo s SATISFIABLE; echo v 1 -3; exit 10`,
			wantErr: `fake: output ends before the final 0 of the model of line 1`},
		{name: "model without final 0 nor line end", script: `echo s SATISFIABLE; printf "v 1 2 -3"; exit 10`,
			wantErr: `fake: output ends before the final 0 of the model of line 1`},
		{name: "enumeration then sat without model", script: `echo s SATISFIABLE; echo v 1 2 -3 0; echo s SATISFIABLE; exit 10`,
			wantErr: `fake: two answers: "s SATISFIABLE" (line 1) and "s SATISFIABLE" (line 3)`},
		{name: "unsat inside enumeration", script: `echo s SATISFIABLE; echo v 1 2 -3 0; echo s UNSATISFIABLE; echo s SATISFIABLE; echo v 1 2 3 0; exit 10`,
			wantErr: `fake: fake output:4:1: contradictory answers: "s UNSATISFIABLE" (line 3) and "s SATISFIABLE" (line 4)`},

		{name: "minisat unsat then sat", minisat: true, script: `printf 'UNSAT\nSAT\n1 2 3 0\n' > "$2"; exit 20`,
			wantErr: `fake: fake result file:2:1: contradictory answers: "UNSAT" (line 1) and "SAT" (line 2)`},
		{name: "minisat stdout contradicts", minisat: true, script: `echo UNSATISFIABLE; printf 'SAT\n1 2 -3 0\n' > "$2"; exit 10`,
			wantErr: `fake: contradictory answers: "UNSATISFIABLE" (line 1) and "SAT" (result file line 1)`},
		{name: "minisat stdout twice", minisat: true, script: `echo SATISFIABLE; echo SATISFIABLE; printf 'SAT\n1 2 -3 0\n' > "$2"; exit 10`,
			wantErr: `fake: two answers: "SATISFIABLE" (line 1) and "SATISFIABLE" (line 2)`},
		{name: "minisat model without final 0", minisat: true, script: `printf 'SAT\n1 2 -3\n' > "$2"; exit 10`,
			wantErr: `fake: result file ends before the final 0 of the model of line 1`},
		{name: "minisat sat exit 20", minisat: true, script: `printf 'SAT\n1 2 -3 0\n' > "$2"; exit 20`,
			wantErr: `fake: answered "SAT" but exited 20`},
		{name: "minisat unsat exit 10", minisat: true, script: `echo UNSAT > "$2"; exit 10`,
			wantErr: `fake: answered "UNSAT" but exited 10`},
		{name: "minisat agrees", minisat: true, script: `echo x; echo SATISFIABLE; printf 'SAT\n1 2 -3 0\n' > "$2"; exit 10`, want: dimacs.Sat, model: "[0 1 1 -1]"},
		{name: "minisat indet", minisat: true, script: `echo INDETERMINATE; echo INDET > "$2"; exit 0`, want: dimacs.Unknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmp := clean(t)
			dialect := dimacs.Competition
			if tt.minisat {
				dialect = dimacs.Minisat
			}
			s := shSolver(tt.script, dialect)
			s.ExitCodes = tt.exitCodes
			s.TempDir = tmp
			r, err := s.Solve(context.Background(), small, nil)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != tt.want {
				t.Fatalf("status %v, want %v", r.Status, tt.want)
			}
			if tt.model != "" && fmtModel(r.Model) != tt.model {
				t.Fatalf("model %s, want %s", fmtModel(r.Model), tt.model)
			}
		})
	}
}

// TestCommandKeepsExitCodes: cryptominisat5 named in --solver-cmd keeps its
// exit 15 for INDETERMINATE (here its recorded time-limit run).
func TestCommandKeepsExitCodes(t *testing.T) {
	tmp := clean(t)
	replay, _ := filepath.Abs("testdata/fake/replay.sh")
	rec, _ := filepath.Abs("../dimacs/testdata/outputs")
	bin := t.TempDir()
	if err := os.Symlink(replay, filepath.Join(bin, "cryptominisat5")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("REPLAY", filepath.Join(rec, "cryptominisat5-timeout"))
	for _, cmd := range []string{"cryptominisat5 --verb 0 {cnf}", filepath.Join(bin, "cryptominisat5") + " {cnf}"} {
		s, err := Command(cmd, dimacs.Competition)
		if err != nil {
			t.Fatal(err)
		}
		s.TempDir = tmp
		r, err := s.Solve(context.Background(), readCNF(t, "small-sat.cnf"), nil)
		if err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
		if r.Status != dimacs.Unknown || r.ExitCode != 15 {
			t.Fatalf("%s: %v, exit %d; want UNKNOWN, exit 15", cmd, r.Status, r.ExitCode)
		}
	}
	// Another program exiting 15 still fails.
	s, err := Command("sh -c 'echo s INDETERMINATE; exit 15'", dimacs.Competition)
	if err != nil {
		t.Fatal(err)
	}
	s.TempDir = tmp
	if _, err := s.Solve(context.Background(), readCNF(t, "small-sat.cnf"), nil); err == nil || err.Error() != "sh: exit status 15" {
		t.Fatalf("error %v, want %q", err, "sh: exit status 15")
	}
}

// TestRealCryptominisatIndeterminate runs cryptominisat5 through Command
// with a time limit it cannot meet: INDETERMINATE, exit 15, is UNKNOWN.
func TestRealCryptominisatIndeterminate(t *testing.T) {
	testenv.Solver(t, "cryptominisat5")
	tmp := clean(t)
	s, err := Command("cryptominisat5 --verb 0 --maxtime 0 --maxconfl 1 {cnf}", dimacs.Competition)
	if err != nil {
		t.Fatal(err)
	}
	s.TempDir = tmp
	r, err := s.Solve(context.Background(), readCNF(t, "../../dimacs/testdata/outputs/hard-unsat-php-11-10.cnf"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != dimacs.Unknown || r.ExitCode != 15 {
		t.Fatalf("%v, exit %d; want UNKNOWN, exit 15", r.Status, r.ExitCode)
	}
}

// TestResultFileNotRegular: a minisat-dialect solver that leaves a FIFO, a
// directory or a symbolic link where its result file was gets an error at
// once, never a blocking open, and nothing is left behind.
func TestResultFileNotRegular(t *testing.T) {
	small := readCNF(t, "small-sat.cnf")
	real := filepath.Join(t.TempDir(), "real.result")
	if err := os.WriteFile(real, []byte("SAT\n1 2 -3 0\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	t.Setenv("FAKE_REAL", real)
	tests := []struct{ kind, want string }{
		{"fifo", `^fifo: result file .*/pipesat-[0-9.a-f]+-[0-9]+\.result is not a regular file \(a FIFO\)$`},
		{"dir", `^fifo: result file .*/pipesat-[0-9.a-f]+-[0-9]+\.result is not a regular file \(a directory\)$`},
		{"symlink", `^fifo: result file .*/pipesat-[0-9.a-f]+-[0-9]+\.result is not a regular file \(a symbolic link\)$`},
		{"gone", `^fifo: result file: lstat .*/pipesat-[0-9.a-f]+-[0-9]+\.result: no such file or directory$`},
	}
	for _, tt := range tests {
		t.Run(tt.kind, func(t *testing.T) {
			tmp := clean(t)
			t.Setenv("FAKE_KIND", tt.kind)
			s := fake(t, "fifo")
			s.Args = nil
			s.Dialect = dimacs.Minisat
			s.TempDir = tmp
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			start := time.Now()
			_, err := s.Solve(ctx, small, nil)
			if el := time.Since(start); el > 5*time.Second {
				t.Errorf("took %v", el)
			}
			if err == nil || !regexp.MustCompile(tt.want).MatchString(err.Error()) {
				t.Fatalf("error %v, want %s", err, tt.want)
			}
		})
	}
}

// TestResultReadHonoursContext: reading a result file stops once ctx has
// ended for longer than the grace period.
func TestResultReadHonoursContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := &ctxReader{ctx: ctx, grace: 100 * time.Millisecond, r: endless{}}
	start := time.Now()
	_, err := dimacs.ReadOutput(r, "endless")
	if el := time.Since(start); el < 100*time.Millisecond || el > 3*time.Second {
		t.Errorf("returned after %v, want the grace of 100ms", el)
	}
	if err == nil || r.err != context.Canceled {
		t.Fatalf("error %v (%v), want %v", err, r.err, context.Canceled)
	}
}

// endless is an endless stream of comment lines.
type endless struct{}

func (endless) Read(b []byte) (int, error) {
	line := "c a line that never ends the stream\n"
	n := 0
	for n+len(line) <= len(b) {
		n += copy(b[n:], line)
	}
	if n == 0 {
		n = copy(b, "c")
	}
	return n, nil
}

var _ io.Reader = endless{}

// TestModelCompletion: the model is checked as the solver gave it; a plain
// solve returns it so (satrun prints the rest false), an enumeration sets
// the projection variables the solver left out false, so the blocking
// clauses are right.
func TestModelCompletion(t *testing.T) {
	f5, err := dimacs.Read(strings.NewReader("p cnf 5 1\n1 0\n"), "f5.cnf", dimacs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	neg, err := dimacs.Read(strings.NewReader("p cnf 2 1\n-1 0\n"), "neg.cnf", dimacs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	collect := func(s Solver, f *dimacs.Formula, opts EnumOptions) ([]string, *Enumeration, error) {
		var ms []string
		e, err := Enumerate(context.Background(), s, f, opts, func(m dimacs.Model) error {
			ms = append(ms, fmtModel(m))
			return nil
		})
		return ms, e, err
	}
	t.Run("minisat-like", func(t *testing.T) {
		tmp := clean(t)
		s := shSolver(`echo s SATISFIABLE; echo v 1 0; exit 10`, dimacs.Competition)
		s.TempDir = tmp
		ms, _, err := collect(s, f5, EnumOptions{Max: 1, Verify: true})
		if err != nil || strings.Join(ms, " ") != "[0 1]" {
			t.Fatalf("%v %v, want [0 1]", ms, err)
		}
		// Projected on 1, 3: variable 3 is set false for the blocking
		// clause (1 is true: the clause is -1 3), the fake repeats itself.
		ms, e, err := collect(s, f5, EnumOptions{Project: []int{1, 3}, Max: 2, Verify: true})
		if err == nil || err.Error() != "fake: model check: model 2 repeats model 1 on the projection" {
			t.Fatalf("%v %v: the fake repeats itself, want an error", ms, err)
		}
		if e.Models != 1 || strings.Join(ms, " ") != "[0 1 0 -1]" {
			t.Fatalf("%d models %v before the error, want 1: [0 1 0 -1]", e.Models, ms)
		}
	})
	t.Run("checked as given", func(t *testing.T) {
		tmp := clean(t)
		// "v 0" leaves 1 unassigned: -1 would satisfy the clause, but the
		// solver did not say so.
		s := shSolver(`echo s SATISFIABLE; echo v 0; exit 10`, dimacs.Competition)
		s.TempDir = tmp
		for _, max := range []int{1, 0} {
			_, _, err := collect(s, neg, EnumOptions{Max: max, Verify: true})
			want := "fake: model check: clause 1 (line 2) not satisfied (unassigned variables): -1 0"
			if err == nil || err.Error() != want {
				t.Fatalf("max %d: error %v, want %q", max, err, want)
			}
		}
	})
	t.Run("real minisat", func(t *testing.T) {
		testenv.Solver(t, "minisat")
		tmp := clean(t)
		s, err := Lookup("minisat")
		if err != nil {
			t.Fatal(err)
		}
		s.(*External).TempDir = tmp
		ms, _, err := collect(s, f5, EnumOptions{Max: 1, Verify: true})
		if err != nil || len(ms) != 1 || ms[0] != "[0 1]" {
			t.Fatalf("%v %v: want minisat's [0 1] (if minisat now prints every variable, update the test)", ms, err)
		}
		// All 16 models over 1..5, and projected on 4, 5: 4.
		_, e, err := collect(s, f5, EnumOptions{Verify: true})
		if err != nil || e.Models != 16 || !e.Complete() {
			t.Fatalf("--all: %v, %+v; want 16 models", err, e)
		}
		_, e, err = collect(s, f5, EnumOptions{Project: []int{4, 5}, Verify: true})
		if err != nil || e.Models != 4 || !e.Complete() {
			t.Fatalf("--all --project 4,5: %v, %+v; want 4 models", err, e)
		}
	})
}

// TestCrashMidEnumeration: the fake dies on its third call; Enumerate
// returns its error with the two models found.
func TestCrashMidEnumeration(t *testing.T) {
	tmp := clean(t)
	t.Setenv("FAKE_COUNT", filepath.Join(t.TempDir(), "count"))
	s := fake(t, "crash3")
	s.TempDir = tmp
	var ms []string
	e, err := Enumerate(context.Background(), s, readCNF(t, "free3.cnf"), EnumOptions{Verify: true}, func(m dimacs.Model) error {
		ms = append(ms, fmtModel(m))
		return nil
	})
	want := `crash3: killed by signal 11 (segmentation fault): "call 3"`
	if err == nil || err.Error() != want {
		t.Fatalf("error %v, want %q", err, want)
	}
	if e.Models != 2 || e.Calls != 3 || e.Rest != dimacs.Unknown || strings.Join(ms, " ") != "[0 -1 -1 -1] [0 1 -1 -1]" {
		t.Fatalf("%+v, models %v", e, ms)
	}
}

// TestNoChildren makes sure children() sees a child: else the checks of
// clean could not fail. (A child that stays is seen at every look: five
// looks show it as well as children's 200, which take 2 s.)
func TestNoChildren(t *testing.T) {
	cmd := exec.Command("sleep", "10")
	if err := cmd.Start(); err != nil {
		t.Skip(err)
	}
	kids := childrenWithin(5)
	cmd.Process.Kill()
	cmd.Wait()
	found := false
	for _, k := range kids {
		if strings.HasPrefix(k, strconv.Itoa(cmd.Process.Pid)+" ") {
			found = true
		}
	}
	if !found {
		t.Fatalf("children() = %v, missed %d", kids, cmd.Process.Pid)
	}
}

// TestProjectionLimit: an enumeration whose blocking clauses would name
// more than MaxProject variables is an error before any solver call; a
// short --project or a plain solve is fine.
func TestProjectionLimit(t *testing.T) {
	f := &dimacs.Formula{Vars: MaxProject + 1}
	none := func(dimacs.Model) error { return nil }
	e, err := Enumerate(context.Background(), Gini{}, f, EnumOptions{}, none)
	want := "enumeration: 1048577 projection variables exceed the limit 1048576 (each model's blocking clause names them all)"
	var pe *ProjectionError
	if err == nil || err.Error() != want || !errors.As(err, &pe) || pe.Vars != MaxProject+1 || e.Calls != 0 {
		t.Fatalf("error %v after %d calls, want %q", err, e.Calls, want)
	}
	e, err = Enumerate(context.Background(), Gini{}, f, EnumOptions{Project: []int{1, MaxProject + 1}}, none)
	if err != nil || e.Models != 4 || !e.Complete() {
		t.Fatalf("--project 1,%d: %v, %+v", MaxProject+1, err, e)
	}
	e, err = Enumerate(context.Background(), Gini{}, f, EnumOptions{Max: 1}, none)
	if err != nil || e.Models != 1 {
		t.Fatalf("plain solve: %v, %+v", err, e)
	}
}

// TestBlockingLimit: an enumeration stops with a *BlockingError, its
// models so far kept, when the next blocking clause would take the
// blocking clauses past their limit: with gini, which blocks in place,
// and with a solver restarted per model.
func TestBlockingLimit(t *testing.T) {
	f := &dimacs.Formula{Vars: 3} // 8 models over every variable
	for _, s := range []Solver{Gini{}, restartedGini{}} {
		var models int
		emit := func(dimacs.Model) error { models++; return nil }
		e, err := Enumerate(context.Background(), s, f, EnumOptions{MaxBlocked: 10}, emit)
		want := "enumeration: model 4's blocking clause over 3 projection variables would pass the limit of 10 blocked literals"
		var be *BlockingError
		if err == nil || err.Error() != want || !errors.As(err, &be) {
			t.Fatalf("%s: error %v, want %q", s.Name(), err, want)
		}
		if e.Models != 4 || models != 4 || e.Complete() {
			t.Errorf("%s: %d models (%d emitted, complete %v), want 4 and more that may exist", s.Name(), e.Models, models, e.Complete())
		}
		e, err = Enumerate(context.Background(), s, f, EnumOptions{MaxBlocked: 24}, emit)
		if err != nil || e.Models != 8 || !e.Complete() {
			t.Errorf("%s: limit 24: %v, %+v; want all 8 models", s.Name(), err, e)
		}
	}
}

// restartedGini is gini behind a type Enumerate does not know: it is
// restarted per model, with the blocking clauses in its formula.
type restartedGini struct{ g Gini }

func (restartedGini) Name() string { return "restarted gini" }
func (r restartedGini) Solve(ctx context.Context, f *dimacs.Formula, assume []int) (*Result, error) {
	return r.g.Solve(ctx, f, assume)
}
