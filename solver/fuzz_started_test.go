package solver

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

// FuzzReadStarted: whatever the input, ReadStarted with a started stdin
// solver gives the same formula or the same error as dimacs.Read; the
// solver reads a CNF that parses back to that formula (same variables,
// same clauses in order), and the first Solve answers from that run. The
// solver is a shell that copies its standard input to a file of this
// iteration and gives up ("s UNKNOWN").
func FuzzReadStarted(f *testing.F) {
	for _, s := range []string{
		"c pipesat x\np cnf 3 2\n1  -3 0\n2 3\n-1 0\n",
		"p cnf 2 2\n1 -0 0\n",
		"p cnf 1 1\n1 0\n",
		"p cnf 0 0\n",
		"p cnf 3 1\n1 2 3",
		"p cnf 5 3\n1 -2 0\n0\n-5 5 0\n%\n0\n",
		"p cnf 2 1\n0001 -0002 0\n",
		"p cnf 1 2\n1 0\n",
		"c only a comment\n",
		"",
	} {
		f.Add(s, false)
	}
	f.Add("p cnf 2 5\n1 0\n", true)
	sh, err := exec.LookPath("sh")
	if err != nil {
		f.Skip("no sh")
	}
	f.Fuzz(func(t *testing.T, in string, relaxed bool) {
		if len(in) > 1<<16 {
			return
		}
		opts := dimacs.Options{Relaxed: relaxed, MaxVars: 1 << 16, MaxClauses: 1 << 16}
		want, wantErr := dimacs.Read(strings.NewReader(in), "in", opts)
		copyPath := filepath.Join(t.TempDir(), "copy.cnf")
		e := &External{Label: "copy", Path: sh, Args: []string{"-c", `cat > "$0"; echo "s UNKNOWN"`, copyPath}, Stdin: true, TempDir: t.TempDir()}
		got, s, err := ReadStarted(context.Background(), e, strings.NewReader(in), "in", opts)
		if errText(err) != errText(wantErr) {
			t.Fatalf("ReadStarted error %q, dimacs.Read error %q", errText(err), errText(wantErr))
		}
		if err != nil {
			return
		}
		if !sameFormula(got, want) {
			t.Fatalf("ReadStarted read a formula different from dimacs.Read's")
		}
		_, started := s.(*startedRun)
		if started == relaxed {
			t.Fatalf("relaxed %v: got %T", relaxed, s)
		}
		r, err := s.Solve(context.Background(), got, nil)
		if err != nil || r.Status != dimacs.Unknown {
			t.Fatalf("Solve = %v, %v; want the copy's UNKNOWN", r, err)
		}
		if !started {
			return
		}
		fed, err := os.ReadFile(copyPath)
		if err != nil {
			t.Fatal(err)
		}
		back, err := dimacs.Read(strings.NewReader(string(fed)), "fed", dimacs.Options{})
		if err != nil {
			t.Fatalf("the solver was fed a CNF that does not parse: %v\n%s", err, fed)
		}
		if back.Vars != got.Vars || !sameClauses(back, got) {
			t.Fatalf("the solver was fed another formula:\n%s", fed)
		}
	})
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func sameFormula(a, b *dimacs.Formula) bool {
	return a.Vars == b.Vars && slices.Equal(a.Comments, b.Comments) && sameClauses(a, b)
}

func sameClauses(a, b *dimacs.Formula) bool {
	if a.NumClauses() != b.NumClauses() {
		return false
	}
	for i := range a.NumClauses() {
		if !slices.Equal(a.Clause(i), b.Clause(i)) {
			return false
		}
	}
	return true
}
