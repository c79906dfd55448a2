package solver

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/testenv"
)

// TestReadStartedFeedsCanonicalCNF: the started solver reads the canonical
// CNF on stdin while the input is parsed, and the first Solve answers from
// that run.
func TestReadStartedFeedsCanonicalCNF(t *testing.T) {
	copyFile := filepath.Join(t.TempDir(), "copy.cnf")
	t.Setenv("FAKE_COPY", copyFile)
	e := fake(t, "stdin")
	e.Stdin = true
	in := "c pipesat x\np cnf 3 2\n1  -3 0\n2 3\n-1 0\n"
	f, s, err := ReadStarted(context.Background(), e, strings.NewReader(in), "in", dimacs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(*startedRun); !ok {
		t.Fatalf("ReadStarted returned %T, want a started run", s)
	}
	r, err := s.Solve(context.Background(), f, nil)
	if err != nil || r.Status != dimacs.Unknown {
		t.Fatalf("Solve = %v, %v; want the fake's UNKNOWN", r, err)
	}
	got, _ := os.ReadFile(copyFile)
	if want := "p cnf 3 2\n1 -3 0\n2 3 -1 0\n"; string(got) != want {
		t.Errorf("the solver read %q, want %q", got, want)
	}
	// A second call runs the solver again, with the CNF from a file.
	e.Args = []string{"{cnf}"}
	if _, err := s.Solve(context.Background(), f, nil); err != nil {
		t.Fatal(err)
	}
}

// stdinFakeReads runs ReadStarted on in with the fake solver that reads
// standard input and copies it to a file, then that run's Solve, and
// returns the bytes the solver read, or ReadStarted's error.
func stdinFakeReads(t *testing.T, in io.Reader, name string) (string, error) {
	t.Helper()
	copyFile := filepath.Join(t.TempDir(), "copy.cnf")
	t.Setenv("FAKE_COPY", copyFile)
	e := fake(t, "stdin")
	e.Stdin = true
	f, s, err := ReadStarted(context.Background(), e, in, name, dimacs.Options{})
	if err != nil {
		return "", err
	}
	if _, err := s.Solve(context.Background(), f, nil); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(copyFile)
	return string(got), nil
}

// TestReadStartedParseError: a malformed input stops the started solver
// (and its group) before ReadStarted returns the parse error.
func TestReadStartedParseError(t *testing.T) {
	e, pids := hangingFake(t, true)
	_, _, err := ReadStarted(context.Background(), e, strings.NewReader("p cnf 2 2\n1 -0 0\n"), "in", dimacs.Options{})
	if err == nil || err.Error() != `in:2:3: "-0" is not a literal` {
		t.Fatalf("err = %v", err)
	}
	stoppedAfterError(t, pids)
}

// hangingFake returns the fake solver that reads its input and then hangs
// until stopped (reading standard input if stdin), whose PID its start
// sends on the channel; the PID is also listed for KillListedAtEnd.
func hangingFake(t *testing.T, stdin bool) (*External, chan int) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	t.Setenv("FAKE_PIDFILE", pidFile)
	t.Setenv("FAKE_COPY", filepath.Join(dir, "copy"))
	testenv.KillListedAtEnd(t, pidFile)
	e := fake(t, "stdinhang")
	e.Stdin = stdin
	pids := make(chan int, 1)
	e.started = func(pid int) { pids <- pid }
	return e, pids
}

// stoppedAfterError checks that the solver hangingFake started, whose PID
// comes on pids, and its process group are gone once ReadStarted returned
// its parse error.
func stoppedAfterError(t *testing.T, pids chan int) {
	t.Helper()
	if pid := nextPid(t, pids); !testenv.Gone(pid) || !gone(t, pid, true) {
		t.Errorf("solver group %d still running after the parse error", pid)
	}
}

// TestReadStartedClose: a started run nobody asks for is stopped by Close.
func TestReadStartedClose(t *testing.T) {
	e, pids := hangingFake(t, true)
	_, s, err := ReadStarted(context.Background(), e, strings.NewReader("p cnf 1 1\n1 0\n"), "in", dimacs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pid := <-pids
	if !alive(pid, true) {
		t.Fatalf("solver %d ended by itself: the test shows nothing", pid)
	}
	s.(io.Closer).Close()
	if !gone(t, pid, true) {
		t.Errorf("solver group %d still running after Close", pid)
	}
}

// TestReadStartedFallsBack: gini, file-only solvers and relaxed reading
// get dimacs.Read and the solver itself, not a started run; a parse error
// is returned as it is.
func TestReadStartedFallsBack(t *testing.T) {
	file := fake(t, "stdin") // Stdin false: the CNF goes in a file
	relaxed := &External{Path: "/nonexistent", Stdin: true}
	for _, c := range []struct {
		s    Solver
		opts dimacs.Options
		in   string
	}{
		{Gini{}, dimacs.Options{}, "p cnf 1 1\n1 0\n"},
		{file, dimacs.Options{}, "p cnf 1 1\n1 0\n"},
		{relaxed, dimacs.Options{Relaxed: true}, "p cnf 1 2\n1 0\n"},
	} {
		f, s, err := ReadStarted(context.Background(), c.s, strings.NewReader(c.in), "in", c.opts)
		if err != nil || f.NumClauses() != 1 || s != c.s {
			t.Errorf("%T: solver %T, err %v; want the solver itself", c.s, s, err)
		}
	}
	_, _, err := ReadStarted(context.Background(), Gini{}, strings.NewReader("p cnf 1 2\n1 0\n"), "in", dimacs.Options{})
	if err == nil || err.Error() != "in:3:1: found 1 clauses, the header declares 2" {
		t.Errorf("parse error = %v", err)
	}
}

// TestReadStartedRealSolvers: each installed stdin solver answers the same
// through the started run as through Solve, with a verified model.
func TestReadStartedRealSolvers(t *testing.T) {
	for _, name := range []string{"kissat", "cadical", "cryptominisat5", "picosat", "glucose", "lingeling"} {
		t.Run(name, func(t *testing.T) {
			testenv.Solver(t, name)
			s0, err := Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			for _, file := range []string{"small-sat.cnf", "small-unsat.cnf"} {
				b, err := os.ReadFile(filepath.Join("..", "testdata", "cnf", file))
				if err != nil {
					t.Fatal(err)
				}
				want := dimacs.Sat
				if file == "small-unsat.cnf" {
					want = dimacs.Unsat
				}
				solveStarted(t, s0, strings.NewReader(string(b)), file, want)
			}
		})
	}
}

// solveStarted runs ReadStarted with s0 on in, then Solve of the solver
// it returns, which it returns too, and checks that the answer is want,
// with a model of the formula when satisfiable.
func solveStarted(t *testing.T, s0 Solver, in io.Reader, name string, want dimacs.Status) Solver {
	t.Helper()
	f, s, err := ReadStarted(context.Background(), s0, in, name, dimacs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Solve(context.Background(), f, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != want {
		t.Errorf("%s: %v, want %v", name, r.Status, want)
	}
	if r.Status == dimacs.Sat {
		if err := f.Check(r.Model); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	return s
}
