package cnf2zebra

import (
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
	"github.com/pipesat/pipesat/internal/tools/satrun"
	"github.com/pipesat/pipesat/internal/tools/zebra2cnf"
)

func TestRun(t *testing.T) {
	const einstein = "../../../testdata/zebra/einstein.txt"
	_, cnf, _ := cmdiotest.Run(zebra2cnf.Tool(""), "", einstein)
	_, ans, _ := cmdiotest.Run(satrun.Tool(""), cnf, "--solver", "gini")
	header, _, _ := strings.Cut(ans, "s SATISFIABLE\n")
	usage := "usage: cnf2zebra [flags] [FILE]\n"
	// The German owns the fish, as every telling of the puzzle says.
	table := "house  nationality  colour  drink   smoke       pet\n" +
		"1      Norwegian    yellow  water   Dunhill     cats\n" +
		"2      Dane         blue    tea     Blends      horses\n" +
		"3      Brit         red     milk    PallMall    birds\n" +
		"4      German       green   coffee  Prince      fish\n" +
		"5      Swede        white   juice   Bluemaster  dogs\n"
	tests := []struct {
		name           string
		stdin          string
		args           []string
		code           int
		stdout, stderr string
	}{
		{"answer", ans, nil, 0, table + "fish: German\n", ""},
		{"checked against the clues", ans, []string{"--puzzle", einstein}, 0, table + "fish: German\n", ""},
		{"puzzle and answer on stdin", ans, []string{"--puzzle", "-", "-"}, 2, "", "cnf2zebra: --puzzle and the solver output cannot both be standard input\n" + usage},
		{"no puzzle file", ans, []string{"--puzzle", "/nonexistent"}, 1, "", "cnf2zebra: open /nonexistent: no such file or directory\n"},
		{"unsat", header + "s UNSATISFIABLE\n", nil, 20, "", "cnf2zebra: no solution\n"},
		{"two files", "", []string{"a", "b"}, 2, "", "cnf2zebra: unexpected argument \"b\"\n" + usage},
		{"a raw solver's answer, no puzzle", "s SATISFIABLE\nv 1 -2 0\n", nil, 1, "",
			"cnf2zebra: no \"c pipesat zebra\" header in the solver output: give --puzzle FILE\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { cmdiotest.Expect(t, Tool(""), tt.stdin, tt.args, tt.code, tt.stdout, tt.stderr) })
	}
	if !strings.Contains(ans, "\ns SATISFIABLE\n") {
		t.Errorf("satrun: %q", ans)
	}
}
