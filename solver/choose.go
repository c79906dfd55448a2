package solver

import "errors"

// Choose returns the solver a command's flags name: with cmd (--solver-cmd)
// not "", Command(cmd, dialect); else Lookup(name) (--solver). named and
// dialectSet say whether --solver and --dialect were given on the command
// line: --solver with --solver-cmd, or --dialect without it, is an error.
func Choose(name string, named bool, cmd, dialect string, dialectSet bool) (Solver, error) {
	if cmd != "" {
		if named {
			return nil, errors.New("--solver and --solver-cmd exclude each other")
		}
		return Command(cmd, dialect)
	}
	if dialectSet {
		return nil, errors.New("--dialect goes with --solver-cmd")
	}
	return Lookup(name)
}
