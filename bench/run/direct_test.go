package run

import (
	"compress/gzip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pipesat/pipesat/bench/run/runtest"
	"github.com/pipesat/pipesat/bench/suite"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/pipesat/pipesat/solver"
)

// satHash is ModelHash of runtest.SatCNF's model 1 -2: sha256 of "1 -2 ".
const satHash = "b333732097a9a3c84af549a4d7d73a8da66ce359db9f9dbee9db91d12759f8c2"

// TestDirectFakes: a known solver runs by its own command line (Direct),
// its answer read in its dialect, from its standard output or minisat's
// result file, its exit code checked against the answer and its model
// against the CNF.
func TestDirectFakes(t *testing.T) {
	t.Parallel() // waits on fake solvers
	dir := t.TempDir()
	cnf := runtest.WriteFile(t, dir, "a.cnf", runtest.SatCNF)
	minisat := []string{"-verb=0", "{cnf}", "{out}"}
	// A minisat fake checks where its arguments are: -verb=0 CNF RESULT.
	const args = `[ "$1" = -verb=0 ] && [ "$2" = ` + "'" + `CNF` + "'" + ` ] || { echo "bad arguments: $*" >&2; exit 1; }; `
	tests := []struct {
		name, body string
		args       []string
		dialect    dimacs.Dialect
		codes      []int
		status     string
		exit       int
		verified   bool
		err        string
	}{
		{name: "minisat-sat", args: minisat, dialect: dimacs.Minisat, body: args + `echo SATISFIABLE; printf 'SAT\n1 -2 0\n' > "$3"; exit 10`, status: "SAT", exit: 10, verified: true},
		{name: "minisat-unsat", args: minisat, dialect: dimacs.Minisat, body: args + `echo UNSATISFIABLE; printf 'UNSAT\n' > "$3"; exit 20`, status: "UNSAT", exit: 20},
		{name: "minisat-indet", args: minisat, dialect: dimacs.Minisat, body: args + `printf 'INDET\n' > "$3"; exit 0`, status: "UNKNOWN"},
		{name: "minisat-liar", args: minisat, dialect: dimacs.Minisat, body: args + `printf 'SAT\n-1 -2 0\n' > "$3"; exit 10`, status: "ERROR", exit: 10, err: "wrong model: model check: clause 1 (line 2) falsified: 1 2 0"},
		{name: "minisat-stdout", args: minisat, dialect: dimacs.Minisat, body: args + `printf 's SATISFIABLE\nv 1 -2 0\n'; exit 10`, status: "ERROR", exit: 10, err: "the solver wrote no result file"},
		{name: "minisat-other", args: minisat, dialect: dimacs.Minisat, body: args + `printf 'UNSAT\n' > "$3"; exit 10`, status: "ERROR", exit: 10, err: "exit code 10 but the output says UNSATISFIABLE"},
		{name: "sat", args: []string{"-q", "{cnf}"}, body: runtest.Fakes["sat"], status: "SAT", exit: 10, verified: true},
		{name: "liar", args: []string{"-q", "{cnf}"}, body: runtest.Fakes["liar"], status: "ERROR", exit: 10, err: "wrong model: model check: clause 1 (line 2) falsified: 1 2 0"},
		{name: "unknown-15", args: []string{"{cnf}"}, codes: []int{15}, body: `echo "s UNKNOWN"; exit 15`, status: "UNKNOWN", exit: 15},
		{name: "sat-15", args: []string{"{cnf}"}, codes: []int{15}, body: `echo "s SATISFIABLE"; echo "v 1 -2 0"; exit 15`, status: "ERROR", exit: 15, err: "exit code 15 but the output says SATISFIABLE"},
		{name: "unknown-15-not-its-code", args: []string{"{cnf}"}, body: `echo "s UNKNOWN"; exit 15`, status: "ERROR", exit: 15, err: "solver exited 15: no message"},
		{name: "crash", args: []string{"{cnf}"}, body: runtest.Fakes["crash"], status: "ERROR", exit: 3, err: "solver exited 3: oops, segfault"},
		{name: "segfault", args: []string{"{cnf}"}, body: `echo "s SATISFIABLE"; echo "caught SIGSEGV" >&2; kill -SEGV $$`, status: "ERROR", exit: -1, err: "solver killed by a signal: caught SIGSEGV"},
		{name: "slow", args: []string{"{cnf}"}, body: runtest.Fakes["slow"], status: "TIMEOUT", exit: -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			timeout := time.Minute
			if tt.status == "TIMEOUT" {
				timeout = 500 * time.Millisecond
			}
			r := &Runner{Limits: Limits{Timeout: timeout, Grace: 200 * time.Millisecond}, Verify: true}
			body := strings.ReplaceAll(tt.body, "CNF", cnf)
			d := &Direct{Path: runtest.Script(t, dir, "direct-"+tt.name, body), Args: tt.args, Dialect: tt.dialect, ExitCodes: tt.codes}
			// Argv is a satrun that must not run.
			s := Solver{Name: tt.name, Argv: []string{"/nonexistent/satrun"}, Direct: d}
			in := suite.NewInstance(cnf, "")
			row, err := r.RunOne(t.Context(), Job{&s, &in, 1})
			if err != nil {
				t.Fatal(err)
			}
			wantModel := ""
			if tt.verified {
				wantModel = satHash
			}
			if row.Via != "" {
				t.Errorf("via %q, want none: the solver ran by its own command line", row.Via)
			}
			if row.Status != tt.status || row.Exit != tt.exit || row.Verified != tt.verified || row.Error != tt.err || row.Model != wantModel {
				t.Errorf("got status %s exit %d verified %v error %q model %q; want %s %d %v %q %q", row.Status, row.Exit, row.Verified, row.Error, row.Model, tt.status, tt.exit, tt.verified, tt.err, wantModel)
			}
		})
	}
}

// TestDirectArgv: a known solver's own command line, with its result file
// for minisat; satrun's when certifying or when the CNF is compressed
// (satrun decompresses it), and for a solver with no Direct.
func TestDirectArgv(t *testing.T) {
	dir := t.TempDir()
	cnf := runtest.WriteFile(t, dir, "a.cnf", runtest.SatCNF)
	gz := filepath.Join(dir, "a.cnf.gz")
	f, err := os.Create(gz)
	if err != nil {
		t.Fatal(err)
	}
	zw := gzip.NewWriter(f)
	zw.Write([]byte(runtest.SatCNF))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	known := func(name string) Solver {
		k, _ := solver.FindKnown(name)
		return Solver{Name: name, Argv: []string{"satrun", "--no-verify", "--solver", name}, Direct: newDirect(k, "/usr/bin/"+name)}
	}
	out, res := filepath.Join(dir, "solver.out"), filepath.Join(dir, "solver.result")
	tests := []struct {
		name    string
		s       Solver
		cnf     string
		certify bool
		argv    []string
		answer  string
		direct  bool
	}{
		{"minisat", known("minisat"), cnf, false, []string{"/usr/bin/minisat", "-verb=0", cnf, res}, res, true},
		{"cadical", known("cadical"), cnf, false, []string{"/usr/bin/cadical", "-q", cnf}, out, true},
		{"cryptominisat5", known("cryptominisat5"), cnf, false, []string{"/usr/bin/cryptominisat5", "--verb", "0", cnf}, out, true},
		{"certify", known("cadical"), cnf, true, []string{"satrun", "--certify", "--stats", "--no-verify", "--solver", "cadical", cnf}, out, false},
		{"gzip", known("minisat"), gz, false, []string{"satrun", "--no-verify", "--solver", "minisat", gz}, out, false},
		{"gini", Solver{Name: "gini", Argv: []string{"satrun", "--no-verify", "--solver", "gini"}}, cnf, false, []string{"satrun", "--no-verify", "--solver", "gini", cnf}, out, false},
	}
	for _, tt := range tests {
		r := &Runner{Certify: tt.certify}
		argv, answer, d := r.argv(&tt.s, tt.cnf, dir)
		if !slices.Equal(argv, tt.argv) || answer != tt.answer || (d != nil) != tt.direct {
			t.Errorf("%s: argv %q answer %q direct %v; want %q %q %v", tt.name, argv, answer, d != nil, tt.argv, tt.answer, tt.direct)
		}
	}
}

// TestDirectSolvers runs each installed known solver by its own command
// line on a CNF with one model and on an unsatisfiable one.
func TestDirectSolvers(t *testing.T) {
	dir := t.TempDir()
	sat := runtest.WriteFile(t, dir, "sat.cnf", "p cnf 3 3\n1 0\n-2 0\n3 0\n")
	unsat := runtest.WriteFile(t, dir, "unsat.cnf", "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n")
	const hash = "2ea5a0ab9896434da99dc23db111bcabc68b39b2ca620cc0594f7443b63a07ca" // printf '1 -2 3 ' | sha256sum
	for _, name := range solver.KnownNames() {
		t.Run(name, func(t *testing.T) {
			testenv.Solver(t, name)
			s, err := NamedSolver("/nonexistent/satrun", name)
			if err != nil {
				t.Fatal(err)
			}
			r := &Runner{Limits: Limits{Timeout: time.Minute}, Verify: true}
			for _, tt := range []struct{ cnf, status, model string }{{sat, "SAT", hash}, {unsat, "UNSAT", ""}} {
				in := suite.NewInstance(tt.cnf, "")
				row, err := r.RunOne(t.Context(), Job{&s, &in, 1})
				if err != nil {
					t.Fatal(err)
				}
				if row.Status != tt.status || row.Model != tt.model || row.Error != "" || row.Verified != (tt.model != "") {
					t.Errorf("%s: status %s model %q verified %v error %q; want %s %q", filepath.Base(tt.cnf), row.Status, row.Model, row.Verified, row.Error, tt.status, tt.model)
				}
			}
		})
	}
}
