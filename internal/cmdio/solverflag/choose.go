package solverflag

import (
	"errors"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/solver"
)

// choose returns the solver a command's flags name: with --solver-cmd
// given (cmdSet), solver.Command(cmd, dialect), which refuses a cmd that
// is empty or blank (an unset $S in --solver-cmd "$S" must not run
// another solver); else solver.Lookup(name) (--solver). named and
// dialectSet say whether --solver and --dialect were given on the
// command line: --solver with --solver-cmd, or --dialect without it, is
// an error.
func choose(name string, named bool, cmd string, cmdSet bool, dialect string, dialectSet bool) (solver.Solver, error) {
	if cmdSet || cmd != "" {
		if named {
			return nil, errors.New("--solver and --solver-cmd exclude each other")
		}
		d, err := dimacs.ParseDialect(dialect)
		if err != nil {
			return nil, err
		}
		return solver.Command(cmd, d)
	}
	if dialectSet {
		return nil, errors.New("--dialect goes with --solver-cmd")
	}
	return solver.Lookup(name)
}
