package bench

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/testenv"
)

func TestProofStats(t *testing.T) {
	rows := []Row{
		{Solver: "cadical", Instance: "a", Status: StatusUnsat, Proven: true, Check: 1.5},
		{Solver: "cadical", Instance: "b", Status: StatusUnsat, Proven: true, Check: 0.25},
		{Solver: "cadical", Instance: "c", Status: StatusSat},
		{Solver: "minisat", Instance: "a", Status: StatusUnsat},
		{Solver: "gini", Instance: "c", Status: StatusSat},
	}
	want := []ProofStats{
		{Solver: "cadical", Unsat: 2, Proven: 2, Check: 1.75},
		{Solver: "minisat", Unsat: 1, Unproven: 1},
		{Solver: "all", Unsat: 3, Proven: 2, Unproven: 1, Check: 1.75},
	}
	if got := proofStats(rows); !reflect.DeepEqual(got, want) {
		t.Errorf("proofStats = %+v, want %+v", got, want)
	}
	if got := proofStats(rows[2:3]); len(got) != 0 {
		t.Errorf("no UNSAT rows: proofStats = %+v, want none", got)
	}
}

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

func TestCertifySolvers(t *testing.T) {
	sat := testenv.Tool(t, "satrun")
	for _, tt := range []struct {
		o    Options
		want string
	}{
		{Options{Solvers: []string{"gini"}}, "--certify: gini writes no proofs; use kissat, cadical, picosat, or a --solver-cmd with {proof}"},
		{Options{Solvers: []string{"cadical,minisat"}}, "--certify: minisat writes no proofs; use kissat, cadical, picosat, or a --solver-cmd with {proof}"},
		{Options{SolverCmds: []string{"cadical -q {cnf}"}}, `--certify: --solver-cmd "cadical -q {cnf}" has no {proof}; use kissat, cadical, picosat, or a --solver-cmd with {proof}`},
	} {
		tt.o.Certify, tt.o.Satrun = true, sat
		if _, err := tt.o.solvers(); err == nil || err.Error() != tt.want {
			t.Errorf("%+v: err = %v, want %s", tt.o, err, tt.want)
		}
	}
}

// TestRunCertify runs cadical through satrun --certify (proven UNSAT, with
// its check time) and a fake that claims UNSAT with an empty proof (an
// ERROR row).
func TestRunCertify(t *testing.T) {
	sat := testenv.Tool(t, "satrun")
	dir := t.TempDir()
	liar := script(t, dir, "liar.sh", "echo s UNSATISFIABLE; exit 20")
	php := &Instance{Name: "php", Path: "../drat/testdata/php-5-4.cnf"}
	r := &Runner{Verify: true, Certify: true}
	fake, err := CommandSolver(sat, "liar="+liar+" {cnf} {proof}")
	if err != nil {
		t.Fatal(err)
	}
	row, err := r.RunOne(context.Background(), Job{Solver: &fake, Instance: php, Rep: 1})
	if err != nil {
		t.Fatal(err)
	}
	if row.Status != StatusError || row.Proven || !strings.Contains(row.Error, "UNSAT answer not proven") {
		t.Errorf("liar: row %+v, want an ERROR row saying the UNSAT answer is not proven", row)
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
	if row.Status != StatusUnsat || !row.Proven || row.Check < 0 || row.Check > row.Wall {
		t.Errorf("cadical --certify: row %+v, want proven UNSAT with 0 <= check <= wall", row)
	}
	r.Certify = false
	row, err = r.RunOne(context.Background(), Job{Solver: &cad, Instance: php, Rep: 1})
	if err != nil {
		t.Fatal(err)
	}
	if row.Status != StatusUnsat || row.Proven || row.Check != 0 {
		t.Errorf("cadical without --certify: row %+v, want unproven UNSAT", row)
	}
}
