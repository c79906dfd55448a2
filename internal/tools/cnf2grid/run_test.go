package cnf2grid

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
	"github.com/pipesat/pipesat/internal/tools/queens2cnf"
	"github.com/pipesat/pipesat/internal/tools/satrun"
)

// queens returns satrun's answer (with flags) for n queens.
func queens(t *testing.T, n string, flags ...string) string {
	t.Helper()
	_, cnf, _ := cmdiotest.Run(queens2cnf.Tool(""), "", n)
	_, out, stderr := cmdiotest.Run(satrun.Tool(""), cnf, append(flags, "--solver", "gini")...)
	if out == "" {
		t.Fatalf("satrun: %s", stderr)
	}
	return out
}

func TestRun(t *testing.T) {
	one, all, none := queens(t, "4"), queens(t, "4", "--all"), queens(t, "3")
	dir := t.TempDir()
	out := filepath.Join(dir, "q4.txt")
	usage := "usage: cnf2grid [flags] [FILE]\n"
	q4 := "..Q.\nQ...\n...Q\n.Q..\n"
	tests := []struct {
		name           string
		stdin          string
		args           []string
		code           int
		stdout, stderr string
	}{
		{"text", one, nil, 0, q4, ""},
		{"board", one, []string{"--format", "board", "-"}, 0, q4, ""},
		{"-o", one, []string{"-o", out}, 0, "", ""},
		{"count", all, []string{"--count"}, 0, "2\n", ""},
		{"status sat", one, []string{"--status", "sat"}, 10, q4, ""},
		{"status sat, unsat", none, []string{"--status", "sat"}, 20, "", "no solution\n"},
		{"count of one answer", one, []string{"--count"}, 1, "at least 1\n",
			"cnf2grid: count incomplete: one answer, not an enumeration (satrun --all lists every model)\n"},
		{"unsat", none, nil, 20, "", "no solution\n"},
		{"W alone", one, []string{"-W", "2"}, 2, "", "cnf2grid: -W and -H go together\n" + usage},
		{"W 0", one, []string{"-W", "0", "-H", "1"}, 2, "", "cnf2grid: -W 0 -H 1: sizes must be positive\n" + usage},
		{"colour", one, []string{"--colour", "x"}, 2, "", "cnf2grid: --colour: \"x\" is not auto, always or never\n" + usage},
		{"format", one, []string{"--format", "x"}, 2, "", "cnf2grid: --format: \"x\" is not text, unicode, goal, png, svg, pdf or board\n" + usage},
		{"index without puzzle", one, []string{"--index", "2"}, 2, "", "cnf2grid: --index needs --puzzle\n" + usage},
		{"index 0", one, []string{"--index", "0", "--puzzle", "p.xml"}, 2, "", "cnf2grid: --index 0: want 1 or more\n" + usage},
		{"drawing, not to a terminal", one, []string{"--format", "svg"}, 0, "", ""},
		{"two files", "", []string{"a", "b"}, 2, "", "cnf2grid: unexpected argument \"b\"\n" + usage},
		{"puzzle and answer on stdin", one, []string{"--puzzle", "-"}, 2, "", "cnf2grid: --puzzle and the solver output cannot both be standard input\n" + usage},
		{"no puzzle file", one, []string{"--puzzle", "/nonexistent"}, 1, "", "cnf2grid: open /nonexistent: no such file or directory\n"},
		{"no file", "", []string{"/nonexistent"}, 1, "", "cnf2grid: open /nonexistent: no such file or directory\n"},
		{"no answer", "x\n", nil, 1, "", "cnf2grid: <stdin>:2:1: no solver answer in the input: want \"s SATISFIABLE\", \"s UNSATISFIABLE\" or \"s UNKNOWN\" (or minisat's SATISFIABLE, SAT, UNSAT, ...)\n"},
		{"-o in no folder", one, []string{"-o", filepath.Join(dir, "no", "x")}, 1, "", "cnf2grid: open " + filepath.Join(dir, "no", "x") + ": no such file or directory\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "drawing, not to a terminal" {
				// The drawing's bytes are the grid package's to test.
				code, stdout, stderr := cmdiotest.Run(Tool(""), tt.stdin, tt.args...)
				if code != 0 || !strings.HasPrefix(stdout, "<?xml") || stderr != "" {
					t.Errorf("exit %d, stdout %.40q, stderr %q", code, stdout, stderr)
				}
				return
			}
			cmdiotest.Expect(t, Tool(""), tt.stdin, tt.args, tt.code, tt.stdout, tt.stderr)
		})
	}
	if b, err := os.ReadFile(out); string(b) != q4 {
		t.Errorf("-o wrote %q, %v", b, err)
	}
}

// TestWords: what the grid decoder cannot do without a flag names it.
func TestWords(t *testing.T) {
	const colour = "c pipesat nonogram 3 2 colours 0=ffffff a=ff0000 b=0000ff\ns SATISFIABLE\nv -1 2 -3 -4 -5 6 7 -8 -9 10 -11 -12 -13 -14 15 -16 -17 18 0\n"
	cmdiotest.Expect(t, Tool(""), colour, []string{"--format", "unicode", "--colour", "never"}, 1, "",
		"cnf2grid: --format unicode shows colours only as ANSI colours: add --colour always, or use text, png or svg\n")
	cmdiotest.Expect(t, Tool(""), "s SATISFIABLE\nv 1 -2 0\n", nil, 1, "",
		"cnf2grid: no puzzle header (\"c pipesat nonogram W H\" or \"c pipesat queens N\") in the solver output: give --puzzle FILE or -W and -H (N queens: -W N -H N --format board)\n")
	b, err := os.ReadFile("../../../decoders/grid/testdata/explained-colour.out")
	if err != nil {
		t.Fatal(err)
	}
	unclued := strings.Replace(string(b), `column 2 "1r"`, `column 2 "1x"`, 1)
	code, stdout, stderr := cmdiotest.Run(Tool(""), unclued, "--format", "svg")
	if code != 20 || stdout != "" || !strings.HasPrefix(stderr, "no solution (no clues to draw: give --puzzle FILE)\nc no solution: ") {
		t.Errorf("a conflict without clues to draw: exit %d, stdout %.40q, stderr %q", code, stdout, stderr)
	}
}
