package satrun

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/pipesat/pipesat/internal/testenv/lrattest"
)

func TestTool(t *testing.T) {
	const cnf = "p cnf 3 2\n1 -3 0\n2 3 -1 0\n"
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	usage := "usage: satrun [flags] [FILE]\n"
	tests := []struct {
		name           string
		args           []string
		code           int
		stdout, stderr string
	}{
		{"sat", []string{"--solver", "gini"}, 10, "s SATISFIABLE\nv 1 2 -3 0\n", ""},
		{"max", []string{"--solver", "gini", "--max", "1", "-"}, 10, "s SATISFIABLE\nv 1 2 -3 0\nc limit 1 reached; more models may exist\nc solutions 1\n", ""},
		{"assume", []string{"--solver", "gini", "--assume", "-1"}, 10, "s SATISFIABLE\nv -1 2 -3 0\n", ""},
		{"-o", []string{"--solver", "gini", "-o", out}, 10, "", ""},
		{"stats", []string{"--solver=gini", "--stats", "--no-verify", "--relaxed"}, 10, "s SATISFIABLE\nv 1 2 -3 0\n", ""},
		{"timeout in seconds", []string{"--solver", "gini", "--timeout", "5"}, 10, "s SATISFIABLE\nv 1 2 -3 0\n", ""},
		{"-q", []string{"--solver", "gini", "-q"}, 10, "s SATISFIABLE\n", ""},
		{"--quiet enumerating", []string{"--solver", "gini", "--quiet", "--all"}, 10, "s SATISFIABLE\ns SATISFIABLE\ns SATISFIABLE\ns SATISFIABLE\ns SATISFIABLE\n", ""},
		{"-n", []string{"--solver", "gini", "-n", "--max", "2"}, 10, "s SATISFIABLE\ns SATISFIABLE\nc limit 2 reached; more models may exist\nc solutions 2\n", ""},
		{"-v with gini", []string{"--solver", "gini", "-v"}, 10, "s SATISFIABLE\nv 1 2 -3 0\n", ""},
		{"-q minisat", []string{"-q", "--format", "minisat"}, 2, "", "satrun: -q: --format minisat has no \"s\" and \"v\" lines to leave out\n" + usage},
		{"-n minisat", []string{"-n", "--format", "minisat"}, 2, "", "satrun: -n: --format minisat has no \"s\" and \"v\" lines to leave out\n" + usage},
		{"-q gcnf", []string{"-q", "--format", "gcnf"}, 2, "", "satrun: -q: --format gcnf writes the formula, no answer to leave lines out of\n" + usage},
		{"-n gcnf", []string{"-n", "--format", "gcnf"}, 2, "", "satrun: -n: --format gcnf writes the formula, no answer to leave lines out of\n" + usage},
		{"lrat without certify", []string{"--solver", "gini", "--lrat", "p.lrat"}, 2, "", "satrun: --lrat goes with --certify: only a checked proof is written as LRAT\n" + usage},
		{"proof format without certify", []string{"--proof-format", "lrat"}, 2, "", "satrun: --proof-format goes with --certify\n" + usage},
		{"max 0", []string{"--max", "0"}, 2, "", "satrun: --max 0: want 1 or more\n" + usage},
		{"all and max", []string{"--all", "--max", "2"}, 2, "", "satrun: --all and --max exclude each other\n" + usage},
		{"empty project", []string{"--project="}, 2, "", "satrun: --project: empty variable list\n" + usage},
		{"bad assume", []string{"--assume", "1,x"}, 2, "", "satrun: --assume: \"x\" is not a literal (like 3 or -7)\n" + usage},
		{"solver", []string{"--solver", "gini", "--solver-cmd", "x"}, 2, "", "satrun: --solver and --solver-cmd exclude each other\n" + usage},
		{"two files", []string{"a", "b"}, 2, "", "satrun: unexpected argument \"b\"\n" + usage},
		{"no file", []string{"--solver", "gini", filepath.Join(dir, "none")}, 1, "", "satrun: open " + filepath.Join(dir, "none") + ": no such file or directory\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := cmdiotest.Run(Tool(""), cnf, tt.args...)
			if tt.name == "stats" {
				// The run's times vary: the lines are checked, not the times.
				stderr = strings.Join(strings.FieldsFunc(stderr, func(r rune) bool { return r == '\n' })[:2], "\n")
				tt.stderr = "c solver gini\nc variables 3 clauses 2"
			}
			if code != tt.code || stdout != tt.stdout || stderr != tt.stderr {
				t.Errorf("exit %d, stdout %q, stderr %q\nwant %d, %q, %q", code, stdout, stderr, tt.code, tt.stdout, tt.stderr)
			}
		})
	}
	if b, err := os.ReadFile(out); string(b) != "s SATISFIABLE\nv 1 2 -3 0\n" {
		t.Errorf("-o wrote %q, %v", b, err)
	}
}

// TestListSolvers: gini first, embedded, with the version go.mod names;
// then every known solver, installed or not.
func TestListSolvers(t *testing.T) {
	code, stdout, stderr := cmdiotest.Run(Tool(""), "", "--list-solvers")
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if code != 0 || stderr != "" || len(lines) < 3 || strings.Join(strings.Fields(lines[0]), " ") != "NAME INSTALLED VERSION PATH" ||
		!strings.HasPrefix(strings.Join(strings.Fields(lines[1]), " "), "gini yes v") || !strings.HasSuffix(lines[1], " (embedded)") {
		t.Errorf("exit %d, stderr %q, stdout\n%s", code, stderr, stdout)
	}
}

// TestCertifyLRATCadical: satrun --certify --lrat FILE with cadical on
// php-6-5 writes an LRAT file that verifies (lrattest: drat's reader,
// testenv.CheckLRAT, a second checker sharing no code with package drat,
// and lrat-check where installed), and that CheckLRAT rejects once one
// hint is changed; --lrat - is refused (stdout carries the answer).
func TestCertifyLRATCadical(t *testing.T) {
	testenv.Solver(t, "cadical")
	var cnf [][]int
	v := func(p, h int) int { return p*5 + h + 1 }
	for p := range 6 {
		var cl []int
		for h := range 5 {
			cl = append(cl, v(p, h))
		}
		cnf = append(cnf, cl)
	}
	for h := range 5 {
		for p := range 6 {
			for q := p + 1; q < 6; q++ {
				cnf = append(cnf, []int{-v(p, h), -v(q, h)})
			}
		}
	}
	text := fmt.Sprintf("p cnf 30 %d\n", len(cnf))
	for _, cl := range cnf {
		for _, l := range cl {
			text += fmt.Sprint(l, " ")
		}
		text += "0\n"
	}
	out := filepath.Join(t.TempDir(), "out.lrat")
	code, stdout, stderr := cmdiotest.Run(Tool(""), text, "--certify", "--solver", "cadical", "--lrat", out)
	if code != 20 || stdout != "s UNSATISFIABLE\nc proof verified\n" || stderr != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := lrattest.VerifyClauses(cnf, string(b)); err != nil {
		t.Fatalf("the LRAT file does not verify: %v", err)
	}
	if err := testenv.CheckLRAT(cnf, testenv.ChangeHint(string(b), 0)); err == nil {
		t.Fatal("the second checker accepts the LRAT file with one hint changed")
	}
	code, stdout, stderr = cmdiotest.Run(Tool(""), text, "--certify", "--solver", "cadical", "--lrat", "-")
	if code != 1 || stdout != "" || stderr != "satrun: --lrat -: stdout carries the answer: name a file\n" {
		t.Errorf("--lrat -: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
