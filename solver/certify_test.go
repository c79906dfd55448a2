package solver

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/drat"
	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/pipesat/pipesat/internal/testenv/lrattest"
)

func TestCertify(t *testing.T) {
	cmd := func(line string) Solver {
		e, err := Command(line, dimacs.Competition)
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
		{name: "gini", s: Gini{}, wantErr: "gini writes no proofs; use kissat, cadical, picosat"},
		{name: "minisat", s: &External{Label: "minisat", Path: "/usr/bin/minisat", Args: []string{"-verb=0", "{cnf}", "{out}"}},
			wantErr: "minisat writes no proofs Certify can ask for; use kissat, cadical, picosat, or arguments with {proof}"},
		{name: "cadical", s: &External{Label: "cadical", Path: "/usr/bin/cadical", Args: []string{"-q", "{cnf}"}, Stdin: true},
			args: "-q {cnf} {proof}", format: drat.Binary},
		{name: "kissat", s: &External{Label: "kissat", Path: "/usr/bin/kissat", Args: []string{"-q", "{cnf}"}, Stdin: true},
			args: "-q {cnf} {proof}", format: drat.Binary},
		{name: "picosat loses --all", s: &External{Label: "picosat", Path: "/usr/bin/picosat", Args: []string{"{cnf}"}, Stdin: true, Native: &Native{Args: []string{"--all"}}},
			args: "-R {proof} {cnf}", format: drat.Text},
		{name: "solver-cmd with {proof}", s: cmd("sh -c 'x' {cnf} {proof}"), args: "-c x {cnf} {proof}", format: drat.Auto},
		{name: "solver-cmd without", s: cmd("sh {cnf}"),
			wantErr: "sh writes no proofs Certify can ask for; use kissat, cadical, picosat, or arguments with {proof}"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Certify(tt.s, false)
			if tt.wantErr != "" {
				var ne *NoProofError
				if err == nil || err.Error() != tt.wantErr || !errors.As(err, &ne) {
					t.Fatalf("err = %v, want the *NoProofError %s", err, tt.wantErr)
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
	x, err := Command("sh "+fake+" {cnf} {proof}", dimacs.Competition)
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

// lines is an io.Writer that passes each write on a channel.
type lines chan string

func (l lines) Write(p []byte) (int, error) { l <- string(p); return len(p), nil }

// TestCertifiedProgress: with Progress set, each tick of the (injected)
// ticker writes a line while the solver runs, and the check's lines give
// its counts. No fixed waits: the fake solver waits for a file the test
// writes after the first line.
func TestCertifiedProgress(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "fake.sh")
	os.WriteFile(fake, []byte(`while [ ! -e "$1.go" ]; do sleep 0.01; done
printf '2 0\n0\n' > "$3"; echo s UNSATISFIABLE; exit 20
`), 0o755)
	goFile := filepath.Join(dir, "x")
	x, err := Command("sh "+fake+" "+goFile+" {cnf} {proof}", dimacs.Competition)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Certify(x, false)
	if err != nil {
		t.Fatal(err)
	}
	out := make(lines, 10)
	tick := make(chan time.Time)
	stopped := false
	c.Progress = out
	c.ticker = func(d time.Duration) (<-chan time.Time, func()) {
		if d != 10*time.Second {
			t.Errorf("ticker every %v, want 10s", d)
		}
		return tick, func() { stopped = true }
	}
	f := &dimacs.Formula{Vars: 2}
	for _, cl := range [][]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}} {
		f.AddClause(cl...)
	}
	done := make(chan error, 1)
	go func() {
		r, err := c.Solve(context.Background(), f, nil)
		if err == nil && r.Status != dimacs.Unsat {
			err = fmt.Errorf("status %v", r.Status)
		}
		done <- err
	}()
	tick <- time.Now().Add(25 * time.Second)
	select {
	case l := <-out:
		if !regexp.MustCompile(`^c progress: sh solving, 2[56]s\n$`).MatchString(l) {
			t.Errorf("progress line %q, want c progress: sh solving, 25s", l)
		}
	case <-time.After(time.Minute):
		t.Fatal("no progress line a minute after the tick")
	}
	os.WriteFile(goFile+".go", nil, 0o666)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !stopped {
		t.Error("the ticker was not stopped when Solve returned")
	}
	select {
	case l := <-out:
		t.Errorf("a line after Solve returned: %q", l)
	default:
	}

	// The check's lines, from a checker's counts.
	chk := drat.FromFormula(f)
	if _, err := chk.Check(context.Background(), strings.NewReader("2 0\n0\n"), "p", drat.Text); err != nil {
		t.Fatal(err)
	}
	if got, want := progressLine("cadical", chk, 61*time.Second), "c progress: checking the proof: 1 of 1 lemmas checked, 0 steps to go back, 1m1s"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := progressLine("cadical", drat.New(1), 3*time.Second), "c progress: checking the proof: reading, 0 steps, 0 lemmas, 3s"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// certifiedCadical returns cadical, certified; without cadical it skips
// the test, or fails it under PIPESAT_REQUIRE_SOLVERS.
func certifiedCadical(t *testing.T) *Certified {
	t.Helper()
	x, err := Lookup("cadical")
	if err != nil {
		testenv.Solver(t, "cadical")
		t.Fatal(err)
	}
	c, err := Certify(x, false)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestEnumerationLRAT: an enumeration's last call, whose proof is kept as
// LRAT, gets the formula in its own variables (no renaming towards the
// last model, see phases), so the LRAT file checks against the formula
// and the blocking clauses as the models give them. The formula, 5
// pigeons in 5 holes projected on pigeon 0's holes, takes pigeonhole
// lemmas to refute once its 5 models are blocked.
func TestEnumerationLRAT(t *testing.T) {
	c := certifiedCadical(t)
	c.LRAT = filepath.Join(t.TempDir(), "out.lrat")
	f := pigeonhole(5, 5)
	cnf := testenv.Clauses(f)
	proj := []int{1, 2, 3, 4, 5}
	ms, e := collect(t, c, f, EnumOptions{Project: proj})
	if len(ms) != 5 || !e.Complete() {
		t.Fatalf("%d models (complete: %v), want 5", len(ms), e.Complete())
	}
	for _, m := range ms {
		var cl []int
		for _, v := range proj {
			cl = append(cl, -int(m[v])*v)
		}
		cnf = append(cnf, cl)
	}
	b, err := os.ReadFile(c.LRAT)
	if err != nil {
		t.Fatal(err)
	}
	if err := lrattest.VerifyClauses(cnf, string(b)); err != nil {
		t.Fatalf("the last call's LRAT file does not verify: %v", err)
	}
}

// TestCertifiedLRAT: with LRAT set, cadical's proof, once checked, is
// written as LRAT; it verifies (lrattest: drat's reader, the tests'
// second checker testenv.CheckLRAT, lrat-check where installed), and the
// second checker rejects it with one hint changed. The file is written as -o files
// are: through a symbolic link, which stays one, with the mode ">" gives;
// no temporary file is left.
func TestCertifiedLRAT(t *testing.T) {
	c := certifiedCadical(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir, other := t.TempDir(), t.TempDir()
	c.LRAT = filepath.Join(dir, "out.lrat")
	target := filepath.Join(other, "target.lrat")
	if err := os.Symlink(target, c.LRAT); err != nil {
		t.Fatal(err)
	}
	f := pigeons(5) // 6 pigeons, 5 holes
	cnf := testenv.Clauses(f)
	r, err := c.Solve(context.Background(), f, nil)
	if err != nil || r.Status != dimacs.Unsat {
		t.Fatalf("%v, %v", r, err)
	}
	b, err := os.ReadFile(target)
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(c.LRAT); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link: %v, %v", st.Mode(), err)
	}
	shell := filepath.Join(other, "as-shell-redirection") // the mode ">" gives
	if err := os.WriteFile(shell, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	want, _ := os.Stat(shell)
	if st, err := os.Stat(target); err != nil || st.Mode().Perm() != want.Mode().Perm() {
		t.Errorf("mode %v, want %v (%v)", st.Mode().Perm(), want.Mode().Perm(), err)
	}
	if err := lrattest.VerifyClauses(cnf, string(b)); err != nil {
		t.Fatalf("the LRAT file does not verify: %v", err)
	}
	if err := testenv.CheckLRAT(cnf, testenv.ChangeHint(string(b), 0)); err == nil {
		t.Fatal("the second checker accepts the LRAT file with one hint changed")
	}
	for _, d := range []string{tmp, dir, other} {
		if left, _ := filepath.Glob(filepath.Join(d, "*pipesat-*")); len(left) != 0 {
			t.Errorf("temporary files left: %v", left)
		}
	}
}

// TestCertifiedLRATErrors: an LRAT file that cannot be written is an
// *LRATError, "-" (standard output, which carries the answer) too.
func TestCertifiedLRATErrors(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "fake.sh")
	os.WriteFile(fake, []byte("echo 0 > \"$2\"; echo s UNSATISFIABLE; exit 20\n"), 0o755)
	x, err := Command("sh "+fake+" {cnf} {proof}", dimacs.Competition)
	if err != nil {
		t.Fatal(err)
	}
	f := &dimacs.Formula{Vars: 1}
	f.AddClause(1)
	f.AddClause(-1)
	for _, tt := range []struct{ path, want string }{
		{"-", "LRAT file -: standard output carries the answer: name a file"},
		{filepath.Join(dir, "no", "p.lrat"), "LRAT file " + filepath.Join(dir, "no", "p.lrat") + ": open " + filepath.Join(dir, "no", "p.lrat") + ": no such file or directory"},
	} {
		c, err := Certify(x, false)
		if err != nil {
			t.Fatal(err)
		}
		c.LRAT = tt.path
		_, err = c.Solve(context.Background(), f, nil)
		var le *LRATError
		if err == nil || err.Error() != tt.want || !errors.As(err, &le) || le.Path != tt.path {
			t.Errorf("LRAT %q: %v, want the *LRATError %q", tt.path, err, tt.want)
		}
	}
}

// TestCertifiedLRATInput: with Input set, the LRAT file numbers Input's
// clauses when a call gets only some of them (satrun --explain), Input's
// others deleted first; clauses not in Input (the assumption 4) follow
// Input's. The file verifies against Input (lrattest), plus the
// assumption. The fake solver's proof "2 0", "0" refutes four's clauses,
// IDs 2, 3, 5 and 6 of Input; without Input the file numbers them 1 to 4.
func TestCertifiedLRATInput(t *testing.T) {
	const input = "p cnf 4 6\n3 0\n1 2 0\n-1 2 0\n-3 4 0\n1 -2 0\n-1 -2 0\n"
	in, err := dimacs.Read(strings.NewReader(input), "in.cnf", dimacs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	four := &dimacs.Formula{Vars: 4}
	for _, i := range []int{1, 2, 4, 5} {
		for _, l := range in.Clause(i) {
			four.Add(int(l))
		}
		four.Add(0)
	}
	dir := t.TempDir()
	fake := filepath.Join(dir, "fake.sh")
	os.WriteFile(fake, []byte("printf '2 0\\n0\\n' > \"$2\"; echo s UNSATISFIABLE; exit 20\n"), 0o755)
	x, err := Command("sh "+fake+" {cnf} {proof}", dimacs.Competition)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name    string
		input   *dimacs.Formula
		assume  []int
		against string // the formula the file checks against
		want    string
	}{
		{"input", in, nil, input, "6 d 1 4 0\n7 2 0 2 3 0\n8 0 7 5 6 0\n"},
		{"input and an assumption", in, []int{4}, strings.Replace(input, "p cnf 4 6", "p cnf 4 7", 1) + "4 0\n", "7 d 1 4 0\n8 2 0 2 3 0\n9 0 8 5 6 0\n"},
		{"no input", nil, nil, "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n", "5 2 0 1 2 0\n6 0 5 3 4 0\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Certify(x, false)
			if err != nil {
				t.Fatal(err)
			}
			c.LRAT, c.Input = filepath.Join(dir, "out.lrat"), tt.input
			if r, err := c.Solve(context.Background(), four, tt.assume); err != nil || r.Status != dimacs.Unsat {
				t.Fatalf("%v, %v", r, err)
			}
			b, err := os.ReadFile(c.LRAT)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.want {
				t.Errorf("LRAT\n%s\nwant\n%s", b, tt.want)
			}
			if err := lrattest.Verify(tt.against, string(b)); err != nil {
				t.Error(err)
			}
		})
	}
}
