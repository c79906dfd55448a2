package solver

import (
	"context"
	"os"
	"path/filepath"
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
