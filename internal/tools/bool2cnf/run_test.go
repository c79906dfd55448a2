package bool2cnf

import (
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
)

func TestRun(t *testing.T) {
	usage := "usage: bool2cnf [flags] [FILE]\n"
	header := "c pipesat tool bool2cnf (devel)\nc pipesat args "
	tests := []struct {
		name           string
		stdin          string
		args           []string
		code           int
		stdout, stderr string
	}{
		{"-e", "", []string{"-e", "a & b", "--stats", "--names", "none", "--comments=false"}, 0,
			header + "-e 'a & b' --stats --names none --comments=false\nc pipesat encoding tseitin\nc pipesat bool\nc pipesat primary 1-2\np cnf 2 2\nc pipesat group 1 formula 1: a & b\n1 0\n2 0\n",
			"c 2 variables (2 primary), 2 clauses, 2 literals\n"},
		{"stdin", "a | b\n", []string{"--names", "none", "--comments=false"}, 0,
			header + "--names none --comments=false\nc pipesat encoding tseitin\nc pipesat bool\nc pipesat primary 1-2\np cnf 2 1\nc pipesat group 1 formula 1: a | b\n1 2 0\n", ""},
		{"dnf", "a b\n1 0\n", []string{"--dnf", "--names", "none", "--comments=false", "-"}, 0,
			header + "--dnf --names none --comments=false -\nc pipesat encoding dnf\nc pipesat bool\nc pipesat primary 1-2\np cnf 3 4\n-3 1 0\n-3 -2 0\n-1 2 3 0\nc pipesat group 1 table 1: a b\n3 0\n", ""},
		{"parse error", "", []string{"-e", "a &"}, 1, "", "bool2cnf: <-e>:1:4: expected a name, a constant or \"(\", got end of input\na &\n   ^\n"},
		{"dnf parse error", "a\nx\n", []string{"--dnf"}, 1, "", "bool2cnf: <stdin>:1:1: table \"a\" has no rows\na\n^\n"},
		{"-e and a file", "", []string{"-e", "a", "f.bool"}, 2, "", "bool2cnf: -e and an input file\n" + usage},
		{"two files", "", []string{"a", "b"}, 2, "", "bool2cnf: unexpected argument \"b\"\n" + usage},
		{"dnf polarity", "", []string{"--dnf", "--polarity"}, 2, "", "bool2cnf: --polarity does not apply to --dnf\n" + usage},
		{"names", "", []string{"-e", "a", "--names", "x"}, 2, "", "bool2cnf: --names: \"x\" is not none, primary or all\n" + usage},
		{"no file", "", []string{"/nonexistent"}, 1, "", "bool2cnf: open /nonexistent: no such file or directory\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { cmdiotest.Expect(t, Tool(""), tt.stdin, tt.args, tt.code, tt.stdout, tt.stderr) })
	}
}
