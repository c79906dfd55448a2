package solverflag

import (
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

func TestChoose(t *testing.T) {
	tests := []struct {
		name, solver string
		named        bool
		cmd, dialect string
		dialectSet   bool
		want         string // the solver's Name, or the error
	}{
		{"gini", "gini", true, "", dimacs.Competition.String(), false, "gini"},
		{"cmd", "auto", false, "sh -c true", dimacs.Competition.String(), false, "sh"},
		{"cmd minisat", "auto", false, "sh {cnf} {out}", dimacs.Minisat.String(), true, "sh"},
		{"both", "gini", true, "mysat", dimacs.Competition.String(), false, "--solver and --solver-cmd exclude each other"},
		{"dialect alone", "gini", true, "", dimacs.Minisat.String(), true, "--dialect goes with --solver-cmd"},
		{"empty cmd", "auto", false, "", dimacs.Competition.String(), false, "empty solver command"},
		{"bad dialect", "auto", false, "mysat", "dimacs", true, `unknown dialect "dimacs" (want competition or minisat)`},
	}
	for _, tt := range tests {
		s, err := choose(tt.solver, tt.named, tt.cmd, tt.cmd != "" || tt.name == "empty cmd", tt.dialect, tt.dialectSet)
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			got = s.Name()
		}
		if got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}
