package cnf2moves

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
	"github.com/pipesat/pipesat/internal/tools/cube2cnf"
	"github.com/pipesat/pipesat/internal/tools/satrun"
)

const (
	cube2 = "../../../encoders/twisty/definitions/cube2.yaml"
	// afterR is the goal after turning R: R' solves it.
	afterR = "W G W G O O G Y R R W B O O G Y R R W B Y B Y B"
)

// answer returns satrun's answer for cube2cnf's formula for afterR at
// depth d, without its "c pipesat" header lines if bare, with satrun's
// flags more.
func answer(t *testing.T, d string, bare bool, more ...string) string {
	t.Helper()
	cnf := filepath.Join(t.TempDir(), "f.cnf")
	if code, _, stderr := cmdiotest.Run(cube2cnf.Tool(""), "", "--definition", cube2, "--state", afterR, "--depth", d, "-o", cnf); code != 0 {
		t.Fatalf("cube2cnf: exit %d: %s", code, stderr)
	}
	_, out, stderr := cmdiotest.Run(satrun.Tool(""), "", append([]string{"--solver", "gini", cnf}, more...)...)
	if !strings.Contains(out, "\ns ") {
		t.Fatalf("satrun: %q %s", out, stderr)
	}
	if !bare {
		return out
	}
	var b strings.Builder
	for l := range strings.Lines(out) {
		if !strings.HasPrefix(l, "c pipesat") {
			b.WriteString(l)
		}
	}
	return b.String()
}

// comments returns the comment lines of out.
func comments(out string) string {
	var b strings.Builder
	for l := range strings.Lines(out) {
		if strings.HasPrefix(l, "c ") {
			b.WriteString(l)
		}
	}
	return b.String()
}

func TestRun(t *testing.T) {
	sat, bare, unsat := answer(t, "1", false), answer(t, "1", true), answer(t, "0", false)
	explained := answer(t, "0", false, "--explain")
	dir := t.TempDir()
	out := filepath.Join(dir, "moves.txt")
	usageLine := "usage: cnf2moves [flags] [FILE]\n"
	fallback := []string{"--definition", cube2, "--state", afterR, "--depth", "1"}
	tests := []struct {
		name           string
		stdin          string
		args           []string
		code           int
		stdout, stderr string
	}{
		{"header", sat, nil, 0, "c length 1\nR'\n", ""},
		{"flags for a bare answer", bare, fallback, 0, "c length 1\nR'\n", ""},
		{"-o", sat, []string{"-o", out}, 0, "", ""},
		{"unsat", unsat, nil, 20, "", "cnf2moves: no solution in at most 0 turns\n"},
		{"explained", explained, nil, 20, "c no solution: start sticker 2 is G cannot hold; each of the others can be dropped\n", "cnf2moves: no solution in at most 0 turns\n"},
		{"bare, no flags", bare, []string{"-"}, 1, "", "cnf2moves: <stdin>: no \"c pipesat twisty\" header: give --definition, --state and --depth\n"},
		{"no definition file", bare, []string{"--definition", "/nonexistent", "--state", afterR, "--depth", "1"}, 1, "",
			"cnf2moves: open /nonexistent: no such file or directory\n"},
		{"unknown", comments(sat) + "s UNKNOWN\n", nil, 3, "", "cnf2moves: unknown: the solver gave no answer\n"},
		{"status sat", sat, []string{"--status", "sat"}, 10, "c length 1\nR'\n", ""},
		{"status sat, unknown", comments(sat) + "s UNKNOWN\n", []string{"--status", "sat"}, 0, "", "cnf2moves: unknown: the solver gave no answer\n"},
		{"status sat, unsat", unsat, []string{"--status", "sat"}, 20, "", "cnf2moves: no solution in at most 0 turns\n"},
		{"depth alone", sat, []string{"--depth", "1"}, 2, "", "cnf2moves: --definition, --depth and one of --state or --scramble go together\n" + usageLine},
		{"state and scramble", sat, []string{"--definition", cube2, "--state", afterR, "--scramble", "3", "--depth", "1"}, 2, "",
			"cnf2moves: --definition, --depth and one of --state or --scramble go together\n" + usageLine},
		{"bad depth", sat, []string{"--definition", cube2, "--scramble", "3", "--seed", "1", "--depth", "99"}, 2, "", "cnf2moves: --depth: want 0..64\n" + usageLine},
		{"scramble without seed", sat, []string{"--definition", cube2, "--scramble", "3", "--depth", "1"}, 2, "", "cnf2moves: --scramble needs --seed: the seed the CNF's scramble was made with (its \"c pipesat args\" line names it)\n" + usageLine},
		{"two files", "", []string{"a", "b"}, 2, "", "cnf2moves: unexpected argument \"b\"\n" + usageLine},
		{"no file", "", []string{filepath.Join(dir, "none")}, 1, "", "cnf2moves: open " + filepath.Join(dir, "none") + ": no such file or directory\n"},
		{"unwritable -o", sat, []string{"-o", filepath.Join(dir, "no", "x")}, 1, "", "cnf2moves: open " + filepath.Join(dir, "no", "x") + ": no such file or directory\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { cmdiotest.Expect(t, Tool(""), tt.stdin, tt.args, tt.code, tt.stdout, tt.stderr) })
	}
	if b, err := os.ReadFile(out); string(b) != "c length 1\nR'\n" {
		t.Errorf("-o wrote %q, %v", b, err)
	}
}
