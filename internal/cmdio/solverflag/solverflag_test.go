package solverflag

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
	"github.com/pipesat/pipesat/solver"
)

func TestSolverChoose(t *testing.T) {
	tests := []struct {
		args []string
		want string // the solver's name and auto, or the error
	}{
		{nil, "auto"},
		{[]string{"--solver", "gini"}, "gini false"},
		{[]string{"--solver-cmd", "sh -c true"}, "sh false"},
		{[]string{"--solver-cmd", "sh {cnf} {out}", "--dialect", "minisat"}, "sh false"},
		{[]string{"--solver-cmd", ""}, "empty solver command"},
		{[]string{"--solver-cmd", "  "}, "empty solver command"},
		{[]string{"--solver-cmd", "", "--solver", "gini"}, "--solver and --solver-cmd exclude each other"},
		{[]string{"--timeout", "-1s"}, "--timeout -1s: want a positive duration"},
		{[]string{"--solver-cmd", "sat {cnf} {proof}"}, "--solver-cmd with {proof} goes with --certify"},
		{[]string{"--solver", "gini", "--solver-cmd", "x"}, "--solver and --solver-cmd exclude each other"},
		{[]string{"--solver", "auto", "--solver-cmd", "x"}, "--solver and --solver-cmd exclude each other"},
		{[]string{"--dialect", "competition"}, "--dialect goes with --solver-cmd"},
		{[]string{"--solver", "nosuch"}, `--solver: "nosuch" is not auto, gini, ` + strings.Join(solver.KnownNames()[:len(solver.KnownNames())-1], ", ") + " or lingeling, or a path to one"},
		{[]string{"--solver", "/no/such/dir/minisat"}, "solver minisat: /no/such/dir/minisat is no executable file"},
		{[]string{"--solver", "/usr/bin/nosuch"}, `--solver: "/usr/bin/nosuch" is not auto, gini, ` + strings.Join(solver.KnownNames()[:len(solver.KnownNames())-1], ", ") + " or lingeling, or a path to one"},
		{[]string{"--solver-cmd", "sh", "--dialect", "dimacs"}, `--dialect: "dimacs" is not competition or minisat`},
		{[]string{"--solver", "gini", "--certify"}, "--certify: gini writes no proofs; use kissat, cadical, picosat, or a --solver-cmd with {proof}"},
		{[]string{"--solver-cmd", "sh -c x {cnf}", "--certify"}, "--certify: sh writes no proofs satrun can ask for; use kissat, cadical, picosat, or a --solver-cmd with {proof}"},
		{[]string{"--certify"}, autoCertified()},
		{[]string{"--solver-cmd", "sh -c x {cnf} {proof}", "--certify"}, "sh false certified"},
	}
	for _, tt := range tests {
		var s Solver
		var got string
		code, stderr := cmdiotest.RunFlags(s.Flags(), func(c *cmdio.Cmd) error {
			sv, auto, err := s.Choose(c)
			switch {
			case err != nil:
				return err
			case !auto:
				got = fmt.Sprint(sv.Name(), " ", auto)
			default:
				got = "auto"
			}
			if _, ok := sv.(*solver.Certified); ok {
				got += " certified"
			}
			return nil
		}, tt.args...)
		if code == 2 {
			got = strings.TrimSuffix(strings.TrimPrefix(stderr, "tool: "), "\nusage: tool [flags]\n")
		}
		if got != tt.want {
			t.Errorf("%q: got %q (exit %d), want %q", tt.args, got, code, tt.want)
		}
	}
}

// TestSolverEnv: Env names the default of --solver.
func TestSolverEnv(t *testing.T) {
	t.Setenv("PIPESAT_TEST_SOLVER", "gini")
	for _, tt := range []struct {
		env, args []string
		want      string
	}{
		{nil, nil, "auto"},
		{[]string{"PIPESAT_TEST_SOLVER"}, nil, "gini"},
		{[]string{"PIPESAT_TEST_SOLVER"}, []string{"--solver", "auto"}, "auto"},
		// The environment is a default, not a --solver: no clash.
		{[]string{"PIPESAT_TEST_SOLVER"}, []string{"--solver-cmd", "sh"}, "sh"},
		{[]string{"PIPESAT_NO_SUCH_VARIABLE"}, nil, "auto"},
	} {
		s := Solver{}
		if tt.env != nil {
			s.Env = tt.env[0]
		}
		var got string
		code, stderr := cmdiotest.RunFlags(s.Flags(), func(c *cmdio.Cmd) error {
			_, auto, err := s.Choose(c)
			got = s.Name
			if s.Cmd != "" {
				got = s.Cmd
			} else if auto {
				got = "auto"
			}
			return err
		}, tt.args...)
		if code != 0 || got != tt.want {
			t.Errorf("Env %v, %q: exit %d (%s), solver %q; want %q", tt.env, tt.args, code, stderr, got, tt.want)
		}
	}
}

// autoCertified returns what --certify alone picks: the first installed
// proof-writing solver, or the error that names them when none is.
func autoCertified() string {
	for _, p := range solver.ProofSolvers() {
		if _, err := solver.Lookup(p.Name); err == nil {
			return p.Name + " false certified"
		}
	}
	return "--certify: no proof-writing solver is installed (kissat, cadical, picosat, or a --solver-cmd with {proof})"
}
