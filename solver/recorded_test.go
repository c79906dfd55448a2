package solver

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

// TestRecordedOutputs runs each known solver's invocation on a replay of
// its real output (the recordings in ../dimacs/testdata/outputs, copied
// from the project's shared solver outputs), installed under the solver's name
// in a private PATH: every dialect is read, models are checked, and
// cryptominisat5's exit 15 and cadical's "c UNKNOWN" are UNKNOWN.
func TestRecordedOutputs(t *testing.T) {
	replay, err := filepath.Abs("testdata/fake/replay.sh")
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := filepath.Abs("../dimacs/testdata/outputs")
	bin := t.TempDir()
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH")) // first: the replay wins
	tests := []struct {
		solver, run string
		cnf         string
		want        dimacs.Status
		wantErr     string
	}{
		{"kissat", "small-sat", "small-sat.cnf", dimacs.Sat, ""},
		{"kissat", "small-unsat", "small-unsat.cnf", dimacs.Unsat, ""},
		{"kissat", "timeout", "hard-unsat-php-11-10.cnf", dimacs.Unknown, ""},
		{"cadical", "small-sat", "small-sat.cnf", dimacs.Sat, ""},
		{"cadical", "small-unsat", "small-unsat.cnf", dimacs.Unsat, ""},
		{"cadical", "timeout", "hard-unsat-php-11-10.cnf", dimacs.Unknown, ""},
		{"cryptominisat5", "small-sat", "small-sat.cnf", dimacs.Sat, ""},
		{"cryptominisat5", "small-unsat", "small-unsat.cnf", dimacs.Unsat, ""},
		{"cryptominisat5", "timeout", "hard-unsat-php-11-10.cnf", dimacs.Unknown, ""},
		{"picosat", "small-sat", "small-sat.cnf", dimacs.Sat, ""},
		{"picosat", "small-unsat", "small-unsat.cnf", dimacs.Unsat, ""},
		{"picosat", "timeout", "hard-unsat-php-11-10.cnf", dimacs.Unknown, ""},
		{"minisat", "small-sat", "small-sat.cnf", dimacs.Sat, ""},
		{"minisat", "small-unsat", "small-unsat.cnf", dimacs.Unsat, ""},
		{"minisat", "timeout", "hard-unsat-php-11-10.cnf", dimacs.Unknown, ""},
		// Their own enumerations in a run that asked for one answer: the
		// final "no more models" contradicts the first model (issue 20.3).
		{"picosat", "all-free3", "free3.cnf", 0, `picosat: contradictory answers: "s SATISFIABLE" (line 1) and "s SOLUTIONS 8" (line 17)`},
		{"cryptominisat5", "maxsol-free3", "free3.cnf", 0, `cryptominisat5: contradictory answers: "s SATISFIABLE" (line 25) and "s UNSATISFIABLE" (line 194)`},
	}
	for _, tt := range tests {
		t.Run(tt.solver+"-"+tt.run, func(t *testing.T) {
			link := filepath.Join(bin, tt.solver)
			os.Remove(link)
			if err := os.Symlink(replay, link); err != nil {
				t.Fatal(err)
			}
			t.Setenv("REPLAY", filepath.Join(rec, tt.solver+"-"+tt.run))
			s, err := Lookup(tt.solver)
			if err != nil {
				t.Fatal(err)
			}
			f := readCNF(t, "../../dimacs/testdata/outputs/"+tt.cnf)
			e, err := Enumerate(context.Background(), s, f, EnumOptions{Max: 1, Verify: true}, func(dimacs.Model) error { return nil })
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("error %v, want %s", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if e.Status() != tt.want {
				t.Fatalf("answer %v, want %v", e.Status(), tt.want)
			}
		})
	}
}

// TestRecordedComments: with Comments set (satrun -v), each known
// solver's own messages reach it as the solver printed them, its "c" lines
// (every line in the minisat dialect), and the answer is read all the
// same; the solver runs without the arguments that silence it.
func TestRecordedComments(t *testing.T) {
	replay, err := filepath.Abs("testdata/fake/replay.sh")
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := filepath.Abs("../dimacs/testdata/outputs")
	bin := t.TempDir()
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	for _, tt := range []struct {
		solver string
		args   string // without the CNF and result files
	}{
		// (picosat prints no messages of its own unless asked with -v.)
		{"kissat", ""}, {"cadical", ""}, {"cryptominisat5", ""}, {"minisat", ""},
	} {
		t.Run(tt.solver, func(t *testing.T) {
			if err := os.Symlink(replay, filepath.Join(bin, tt.solver)); err != nil {
				t.Fatal(err)
			}
			t.Setenv("REPLAY", filepath.Join(rec, tt.solver+"-small-sat"))
			s, err := Lookup(tt.solver)
			if err != nil {
				t.Fatal(err)
			}
			var comments strings.Builder
			Verbose(s, &comments)
			x := s.(*External)
			if args := strings.Join(slices.DeleteFunc(x.argList(), func(a string) bool { return strings.Contains(a, "{") }), " "); args != tt.args {
				t.Errorf("arguments %q, want %q", args, tt.args)
			}
			r, err := x.Solve(context.Background(), readCNF(t, "../../dimacs/testdata/outputs/small-sat.cnf"), nil)
			if err != nil || r.Status != dimacs.Sat {
				t.Fatalf("%v, %v", r, err)
			}
			out, err := os.ReadFile(filepath.Join(rec, tt.solver+"-small-sat.out"))
			if err != nil {
				t.Fatal(err)
			}
			var want strings.Builder
			for l := range strings.Lines(string(out)) {
				if x.Dialect == dimacs.Minisat || strings.HasPrefix(l, "c") {
					want.WriteString(l)
				}
			}
			if comments.String() != want.String() || want.Len() == 0 {
				t.Errorf("comments\n%s\nwant\n%s", comments.String(), want.String())
			}
		})
	}
	// Without Comments the quiet arguments stay.
	k, _ := FindKnown("cryptominisat5")
	if got := (&External{Args: k.Args, Quiet: k.Quiet}).argList(); !slices.Equal(got, k.Args) {
		t.Errorf("argList without Comments = %q", got)
	}
	if got := (&External{Args: k.Args, Quiet: []string{"-q"}, Comments: io.Discard}).argList(); !slices.Equal(got, k.Args) {
		t.Errorf("argList with Quiet not in Args = %q", got)
	}
}

// TestCommentLines: lines in pieces, a last line without its newline.
func TestCommentLines(t *testing.T) {
	var b strings.Builder
	w := &commentLines{w: &b}
	for _, p := range []string{"c a", "b\ns SAT", "ISFIABLE\nv 1 0\nc", " x\n", "\nc end"} {
		if n, err := w.Write([]byte(p)); n != len(p) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", p, n, err)
		}
	}
	if b.String() != "c ab\nc x\nc end" {
		t.Errorf("got %q", b.String())
	}
}
