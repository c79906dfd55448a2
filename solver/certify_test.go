package solver

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/drat"
)

func TestCertify(t *testing.T) {
	cmd := func(line string) Solver {
		e, err := Command(line, "")
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	for _, tt := range []struct {
		name    string
		s       Solver
		args    string
		format  drat.Format
		wantErr string
	}{
		{name: "gini", s: Gini{}, wantErr: "--certify: gini writes no proofs; use kissat, cadical, picosat, or a --solver-cmd with {proof}"},
		{name: "minisat", s: &External{Label: "minisat", Path: "/usr/bin/minisat", Args: []string{"-verb=0", "{cnf}", "{out}"}},
			wantErr: "--certify: minisat writes no proofs satrun can ask for; use kissat, cadical, picosat, or a --solver-cmd with {proof}"},
		{name: "cadical", s: &External{Label: "cadical", Path: "/usr/bin/cadical", Args: []string{"-q", "{cnf}"}, Stdin: true},
			args: "-q {cnf} {proof}", format: drat.Binary},
		{name: "kissat", s: &External{Label: "kissat", Path: "/usr/bin/kissat", Args: []string{"-q", "{cnf}"}, Stdin: true},
			args: "-q {cnf} {proof}", format: drat.Binary},
		{name: "picosat loses --all", s: &External{Label: "picosat", Path: "/usr/bin/picosat", Args: []string{"{cnf}"}, Stdin: true, Native: &Native{Args: []string{"--all"}}},
			args: "-R {proof} {cnf}", format: drat.Text},
		{name: "solver-cmd with {proof}", s: cmd("sh -c 'x' {cnf} {proof}"), args: "-c x {cnf} {proof}", format: drat.Auto},
		{name: "solver-cmd without", s: cmd("sh {cnf}"),
			wantErr: "--certify: sh writes no proofs satrun can ask for; use kissat, cadical, picosat, or a --solver-cmd with {proof}"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Certify(tt.s, false)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("err = %v, want %s", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(c.X.Args, " "); got != tt.args || c.Format != tt.format || c.X.Native != nil && tt.format != drat.Auto {
				t.Errorf("args %q format %v native %v, want %q %v and no native enumeration", got, c.Format, c.X.Native, tt.args, tt.format)
			}
			if c.X.Stdin {
				t.Errorf("Stdin set: the proof must follow a named CNF")
			}
		})
	}
}

// TestCertifiedBlocking: in an enumeration the last UNSAT answer is proven
// against the formula plus the blocking clauses. The formula is the units
// 1, 2, 3; the fake solver gives the model 1 2 3, then answers UNSAT with
// the proof "0", which is right only when the blocking clause -1 -2 -3 is
// among the clauses checked. The proof file is removed afterwards.
func TestCertifiedBlocking(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "fake.sh")
	os.WriteFile(fake, []byte(`if grep -q '^-1 -2 -3 0$' "$1"; then echo 0 > "$2"; echo s UNSATISFIABLE; exit 20; fi
echo s SATISFIABLE; echo v 1 2 3 0; exit 10
`), 0o755)
	x, err := Command("sh "+fake+" {cnf} {proof}", "")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	x.TempDir = tmp
	c, err := Certify(x, false)
	if err != nil {
		t.Fatal(err)
	}
	f := &dimacs.Formula{Vars: 3}
	f.AddClause(1)
	f.AddClause(2)
	f.AddClause(3)
	e, err := Enumerate(context.Background(), c, f, EnumOptions{Verify: true}, func(dimacs.Model) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if e.Models != 1 || e.Rest != dimacs.Unsat || c.Proven != 1 {
		t.Errorf("models %d rest %v proven %d, want 1 model, then a proven UNSAT", e.Models, e.Rest, c.Proven)
	}
	// The same proof against the formula alone fails: the blocking clause
	// made the difference.
	if _, err := drat.Check(context.Background(), f, strings.NewReader("0\n"), "p", drat.Text); err == nil {
		t.Errorf("the proof checks against the formula without the blocking clause")
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("files left in the temporary folder: %v", left)
	}
}
