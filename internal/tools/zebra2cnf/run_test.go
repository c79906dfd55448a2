package zebra2cnf

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
)

func TestRun(t *testing.T) {
	const einstein = "../../../testdata/zebra/einstein.txt"
	usage := "usage: zebra2cnf [flags] [FILE]\n"
	missing := filepath.Join(t.TempDir(), "no", "e.cnf")
	tests := []struct {
		name           string
		args           []string
		code           int
		stdout, stderr string // stdout: its first lines
	}{
		{"stats", []string{"--stats", "--names", "none", "--comments=false", einstein}, 0,
			"c pipesat tool zebra2cnf (devel)\nc pipesat args --stats --names none --comments=false " + einstein + "\nc pipesat encoding direct\nc pipesat zebra 5 5\n",
			"c 5 houses, 5 attributes, 15 clues: 201 variables (125 primary), 793 clauses, 1860 literals\n"},
		{"names", []string{"--names", "x"}, 2, "", "zebra2cnf: --names: \"x\" is not none, primary or all\n" + usage},
		{"two files", []string{"a", "b"}, 2, "", "zebra2cnf: unexpected argument \"b\"\n" + usage},
		{"no file", []string{"/nonexistent"}, 1, "", "zebra2cnf: open /nonexistent: no such file or directory\n"},
		{"-o in no folder", []string{"-o", missing, einstein}, 1, "", "zebra2cnf: open " + missing + ": no such file or directory\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := cmdiotest.Run(Tool(""), "", tt.args...)
			if code != tt.code || !strings.HasPrefix(stdout, tt.stdout) || (tt.stdout == "") != (stdout == "") || stderr != tt.stderr {
				t.Errorf("exit %d, stdout %.200q, stderr %q\nwant %d, %q..., %q", code, stdout, stderr, tt.code, tt.stdout, tt.stderr)
			}
			if tt.name == "stats" && !strings.Contains(stdout, "\np cnf 201 793\n") {
				t.Errorf("the CNF is not the one --stats counts:\n%.500s", stdout)
			}
		})
	}
}
