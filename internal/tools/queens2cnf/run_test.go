package queens2cnf

import (
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
)

func TestRun(t *testing.T) {
	usage := "usage: queens2cnf [flags] [--n] N\n"
	tests := []struct {
		name           string
		args           []string
		code           int
		stdout, stderr string
	}{
		{"one queen", []string{"--n", "1", "--names", "none", "--comments=false"}, 0,
			"c pipesat tool queens2cnf (devel)\nc pipesat args --n 1 --names none --comments=false\nc pipesat encoding pairwise\nc pipesat queens 1\nc pipesat primary 1-1\np cnf 1 2\nc pipesat group 1 row 1 rule\n1 0\nc pipesat group 2 column 1 rule\n1 0\n", ""},
		{"operand", []string{"1", "--names=none", "--comments=false"}, 0,
			"c pipesat tool queens2cnf (devel)\nc pipesat args 1 --names=none --comments=false\nc pipesat encoding pairwise\nc pipesat queens 1\nc pipesat primary 1-1\np cnf 1 2\nc pipesat group 1 row 1 rule\n1 0\nc pipesat group 2 column 1 rule\n1 0\n", ""},
		{"names", []string{"4", "--names", "x"}, 2, "", "queens2cnf: --names: \"x\" is not none, primary or all\n" + usage},
		{"n and an operand", []string{"4", "--n", "4"}, 2, "", "queens2cnf: unexpected argument \"4\"\n" + usage},
		{"two sizes", []string{"4", "5"}, 2, "", "queens2cnf: unexpected argument \"5\"\n" + usage},
		{"no size", nil, 2, "", "queens2cnf: no board size N\n" + usage},
		{"not a number", []string{"x"}, 2, "", "queens2cnf: board size \"x\" is not a number\n" + usage},
		{"bad flag value", []string{"--n", "x"}, 2, "", "queens2cnf: --n \"x\": want a whole number\n" + usage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { cmdiotest.Expect(t, Tool(""), "", tt.args, tt.code, tt.stdout, tt.stderr) })
	}
}
