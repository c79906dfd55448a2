package run

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/run/runtest"
	"github.com/pipesat/pipesat/bench/suite"
	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/pipesat/pipesat/solver"
)

func TestCheckTime(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "err")
	os.WriteFile(p, []byte("c solver cadical\nc proofs checked 1 in 2.125s (last: 3 steps)\n"), 0o644)
	if got := checkTime(p); got != 2.125 {
		t.Errorf("checkTime = %v, want 2.125", got)
	}
	os.WriteFile(p, []byte("c solver cadical\n"), 0o644)
	if got := checkTime(p); got != 0 {
		t.Errorf("checkTime without the line = %v, want 0", got)
	}
}

// TestCertifySolvers: to certify, every solver must write proofs, which
// is checked before any is looked up (the satrun given does not exist).
func TestCertifySolvers(t *testing.T) {
	for _, tt := range []struct {
		names, cmds []string
		want        SolverError
		text        string
	}{
		{[]string{"gini"}, nil, SolverError{"gini", NoProofs}, "gini writes no proofs (those that do: kissat, cadical, picosat)"},
		{[]string{"cadical,minisat"}, nil, SolverError{"minisat", NoProofs}, "minisat writes no proofs (those that do: kissat, cadical, picosat)"},
		{nil, []string{"cadical -q {cnf}"}, SolverError{"cadical -q {cnf}", NoProofOption}, `solver command "cadical -q {cnf}" has no {proof}`},
	} {
		_, err := Solvers("/nonexistent/satrun", tt.names, tt.cmds, true)
		var e *SolverError
		if !errors.As(err, &e) || *e != tt.want || err.Error() != tt.text {
			t.Errorf("%q %q: err = %v, want %+v: %s", tt.names, tt.cmds, err, tt.want, tt.text)
		}
	}
}

// TestSolversErrors: the errors Solvers gives, each naming its solver.
func TestSolversErrors(t *testing.T) {
	for _, tt := range []struct {
		names, cmds []string
		want        error
		text        string
	}{
		{nil, nil, ErrNoSolvers, "no solvers"},
		{[]string{" , "}, nil, ErrNoSolvers, "no solvers"},
		{[]string{"frob"}, nil, &SolverError{"frob", Unknown}, `unknown solver "frob" (known: gini, ` + strings.Join(solver.KnownNames(), ", ") + ")"},
		{nil, []string{"x=sh a", "x=sh b"}, &SolverError{"x", Twice}, `two solvers named "x"`},
		{nil, []string{"  "}, &SolverError{"  ", EmptyCommand}, `solver command "  ": empty command`},
	} {
		_, err := Solvers("/nonexistent/satrun", tt.names, tt.cmds, false)
		var e *SolverError
		if want, ok := tt.want.(*SolverError); ok && (!errors.As(err, &e) || *e != *want) || !ok && err != tt.want || err.Error() != tt.text {
			t.Errorf("%q %q: err = %v, want %v: %s", tt.names, tt.cmds, err, tt.want, tt.text)
		}
	}
	if _, err := Solvers("/nonexistent/satrun", []string{"nosuchsolver"}, nil, true); err == nil || err.Error() != "nosuchsolver writes no proofs (those that do: kissat, cadical, picosat)" {
		t.Errorf("an unknown name, to certify: %v", err)
	}
}

// TestRunCertify runs cadical through satrun --certify (proven UNSAT, with
// its check time) and a fake that claims UNSAT with an empty proof (an
// UNPROVEN row).
func TestRunCertify(t *testing.T) {
	sat := testenv.Tool(t, "satrun")
	dir := t.TempDir()
	liar := runtest.Script(t, dir, "liar.sh", "echo s UNSATISFIABLE; exit 20")
	php := &suite.Instance{Name: "php", Path: "../../drat/testdata/php-5-4.cnf"}
	r := &Runner{Verify: true, Certify: true}
	fake, err := CommandSolver(sat, "liar="+liar+" {cnf} {proof}")
	if err != nil {
		t.Fatal(err)
	}
	row, err := r.RunOne(context.Background(), Job{Solver: &fake, Instance: php, Rep: 1})
	if err != nil {
		t.Fatal(err)
	}
	if row.Status != results.StatusUnproven || row.Proven || !strings.HasPrefix(row.Error, "solver exited 1: satrun: liar.sh: UNSAT answer not proven: ") {
		t.Errorf("liar: row %+v, want an UNPROVEN row saying the UNSAT answer is not proven", row)
	}

	testenv.Solver(t, "cadical")
	cad, err := NamedSolver(sat, "cadical")
	if err != nil {
		t.Fatal(err)
	}
	row, err = r.RunOne(context.Background(), Job{Solver: &cad, Instance: php, Rep: 1})
	if err != nil {
		t.Fatal(err)
	}
	if row.Status != results.StatusUnsat || !row.Proven || row.Check < 0 || row.Check > row.Wall {
		t.Errorf("cadical --certify: row %+v, want proven UNSAT with 0 <= check <= wall", row)
	}
	r.Certify = false
	row, err = r.RunOne(context.Background(), Job{Solver: &cad, Instance: php, Rep: 1})
	if err != nil {
		t.Fatal(err)
	}
	if row.Status != results.StatusUnsat || row.Proven || row.Check != 0 {
		t.Errorf("cadical without --certify: row %+v, want unproven UNSAT", row)
	}
}
