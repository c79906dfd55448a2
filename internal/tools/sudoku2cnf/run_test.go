package sudoku2cnf

import (
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
)

func TestRun(t *testing.T) {
	const grid = "../../../testdata/sudoku/9x9.txt"
	usage := "usage: sudoku2cnf [flags] [FILE]\n"
	tests := []struct {
		name          string
		args          []string
		code          int
		pline, stderr string // pline: the "p cnf" line of the output
	}{
		{"stats", []string{"--stats", grid}, 0, "p cnf 729 12014", "c 9x9 pairwise: 729 variables (729 primary), 12014 clauses, 26270 literals\n"},
		{"amo", []string{"--amo", "x", grid}, 2, "", "sudoku2cnf: --amo: \"x\" is not pairwise, sequential or commander\n" + usage},
		{"symbols", []string{"--symbols", "x", grid}, 2, "", "sudoku2cnf: --symbols: \"x\" is not auto, 1-G or 0-F\n" + usage},
		{"index", []string{"--index", "0", grid}, 2, "", "sudoku2cnf: --index 0: want 1 or more\n" + usage},
		{"names", []string{"--names", "x", grid}, 2, "", "sudoku2cnf: --names: \"x\" is not none, primary or all\n" + usage},
		{"two files", []string{"a", "b"}, 2, "", "sudoku2cnf: unexpected argument \"b\"\n" + usage},
		{"index of a grid", []string{"--index", "2", grid}, 1, "", "sudoku2cnf: " + grid + ":3: line has 9 symbols; a one-line puzzle has 16, 81, 256 or 625\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := cmdiotest.Run(Tool(""), "", tt.args...)
			if p := pLine(stdout); code != tt.code || p != tt.pline || stderr != tt.stderr {
				t.Errorf("exit %d, %q, stderr %q\nwant %d, %q, %q", code, p, stderr, tt.code, tt.pline, tt.stderr)
			}
		})
	}
}

// pLine returns the "p cnf" line of a CNF.
func pLine(cnf string) string {
	for l := range strings.Lines(cnf) {
		if strings.HasPrefix(l, "p cnf ") {
			return strings.TrimSuffix(l, "\n")
		}
	}
	return ""
}
