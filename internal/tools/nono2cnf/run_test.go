package nono2cnf

import (
	"regexp"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
)

func TestRun(t *testing.T) {
	const dancer = "../../../testdata/nonogram/webpbn-1.non"
	usage := "usage: nono2cnf [flags] [FILE]\n"
	tests := []struct {
		name           string
		args           []string
		code           int
		stdout, stderr string // stdout: its first lines
	}{
		// "cells" is the old name of primary.
		{"cells", []string{"--names", "cells", "--comments=false", dancer}, 0,
			"c pipesat tool nono2cnf (devel)\nc pipesat args --names cells --comments=false " + dancer + "\nc pipesat encoding automaton\nc \"Dancer\"\nc pipesat nonogram 5 10\nc pipesat primary 1-50\nc encoding automaton; cells are variables 1-50 row by row, named r<row>c<col> from r1c1\nc presolve: line logic fixed 50 of 50 cells (unit clauses at the end); 15 of 15 lines have every cell fixed and are left out (nono2cnf --presolve=false writes them)\nc varname 1 r1c1\n", ""},
		// Line logic solves the dancer: one unit clause per cell.
		{"no comments", []string{"--no-comments", dancer}, 0, "p cnf 50 50\n-1 0\n2 0\n", ""},
		{"full formula", []string{"--presolve=false", "--no-comments", dancer}, 0, "p cnf 253 845\n1 -2 51 0\n", ""},
		{"input format", []string{"--input-format", "x"}, 2, "", "nono2cnf: --input-format: \"x\" is not auto, non, xml, keen, g, mk, nin or cwd\n" + usage},
		{"encoding", []string{"--encoding", "x"}, 2, "", "nono2cnf: --encoding: \"x\" is not automaton, runs, patterns or order\n" + usage},
		{"names", []string{"--names", "x"}, 2, "", "nono2cnf: --names: \"x\" is not none, primary or all\n" + usage},
		{"max patterns", []string{"--max-patterns", "0"}, 2, "", "nono2cnf: --max-patterns: 0 is not positive\n" + usage},
		{"two files", []string{"a", "b"}, 2, "", "nono2cnf: unexpected argument \"b\"\n" + usage},
		{"no file", []string{"/nonexistent"}, 1, "", "nono2cnf: open /nonexistent: no such file or directory\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := cmdiotest.Run(Tool(""), "", tt.args...)
			if code != tt.code || !strings.HasPrefix(stdout, tt.stdout) || (tt.stdout == "") != (stdout == "") || stderr != tt.stderr {
				t.Errorf("exit %d, stdout %.300q, stderr %q\nwant %d, %q..., %q", code, stdout, stderr, tt.code, tt.stdout, tt.stderr)
			}
		})
	}
	// --stats: what presolve fixed, the counts of the CNF written, and
	// the times.
	for _, tt := range []struct {
		flag, presolve string
	}{
		{"--probe=true", `nono2cnf: ` + regexp.QuoteMeta(dancer) + `: presolve fixed 50 of 50 cells \(probing 0 of them\) in [0-9.]+[µm]?s\n`},
		{"--presolve=false", ""},
	} {
		_, stdout, stderr := cmdiotest.Run(Tool(""), "", "--stats", tt.flag, "--encoding", "runs", dancer)
		want := regexp.MustCompile(`^` + tt.presolve + `nono2cnf: ` + regexp.QuoteMeta(dancer) + `: runs encoding: (\d+) variables, (\d+) clauses, \d+ literals, encoded in [0-9.]+[µm]?s\n$`)
		m := want.FindStringSubmatch(stderr)
		if m == nil || !strings.Contains(stdout, "\np cnf "+m[1]+" "+m[2]+"\n") {
			t.Errorf("--stats %s printed %q; the CNF's header is not in it", tt.flag, stderr)
		}
	}
}
