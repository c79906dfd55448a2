package cnf2sudoku

import (
	"os"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
	"github.com/pipesat/pipesat/internal/tools/satrun"
	"github.com/pipesat/pipesat/internal/tools/sudoku2cnf"
)

func TestRun(t *testing.T) {
	const grid = "../../../testdata/sudoku/9x9.txt"
	solution, err := os.ReadFile("../../../testdata/sudoku/9x9.solution")
	if err != nil {
		t.Fatal(err)
	}
	_, cnf, _ := cmdiotest.Run(sudoku2cnf.Tool(""), "", grid)
	_, ans, _ := cmdiotest.Run(satrun.Tool(""), cnf, "--solver", "gini")
	header, _, _ := strings.Cut(ans, "s SATISFIABLE\n")
	line := strings.NewReplacer(" ", "", "|", "", "-", "", "+", "", "\n", "").Replace(string(solution)) + "\n"
	usage := "usage: cnf2sudoku [flags] [FILE]\n"
	tests := []struct {
		name           string
		stdin          string
		args           []string
		code           int
		stdout, stderr string
	}{
		{"grid", ans, nil, 0, string(solution), ""},
		{"line, checked against the clues", ans, []string{"--line", "--puzzle", grid, "--size", "9"}, 0, line, ""},
		{"unsat", header + "s UNSATISFIABLE\n", nil, 20, "", "cnf2sudoku: no solution\n"},
		{"index without puzzle", ans, []string{"--index", "2"}, 2, "", "cnf2sudoku: --index needs --puzzle\n" + usage},
		{"index 0", ans, []string{"--puzzle", grid, "--index", "0"}, 2, "", "cnf2sudoku: --index 0: want 1 or more\n" + usage},
		{"symbols", ans, []string{"--symbols", "x"}, 2, "", "cnf2sudoku: --symbols: \"x\" is not auto, 1-G or 0-F\n" + usage},
		{"size", ans, []string{"--size", "5"}, 2, "", "cnf2sudoku: --size 5: want 4, 9, 16 or 25\n" + usage},
		{"no puzzle file", ans, []string{"--puzzle", "/nonexistent"}, 1, "", "cnf2sudoku: open /nonexistent: no such file or directory\n"},
		{"two files", "", []string{"a", "b"}, 2, "", "cnf2sudoku: unexpected argument \"b\"\n" + usage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { cmdiotest.Expect(t, Tool(""), tt.stdin, tt.args, tt.code, tt.stdout, tt.stderr) })
	}
}
