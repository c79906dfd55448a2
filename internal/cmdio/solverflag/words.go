package solverflag

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pipesat/pipesat/solver"
)

// ProofSolverNames returns the solvers --certify can prove with, for
// messages: "kissat, cadical, picosat, or a --solver-cmd with {proof}".
func ProofSolverNames() string {
	var ns []string
	for _, p := range solver.ProofSolvers() {
		ns = append(ns, p.Name)
	}
	return strings.Join(ns, ", ") + ", or a --solver-cmd with {proof}"
}

// words returns err, an error of package solver about the solver the
// flags name, in the words of the command line: an unknown --solver
// suggests --solver-cmd; a solver --certify cannot prove with names the
// ones it can. Other errors are returned as they are.
func words(err error) error {
	var unknown *solver.UnknownError
	var noProof *solver.NoProofError
	switch {
	case errors.As(err, &unknown):
		return fmt.Errorf("unknown solver %q (known: auto, gini, %s; or use --solver-cmd)", unknown.Name, strings.Join(solver.KnownNames(), ", "))
	case errors.As(err, &noProof) && noProof.Solver == "":
		return fmt.Errorf("--certify: no proof-writing solver is installed (%s)", ProofSolverNames())
	case errors.As(err, &noProof) && noProof.Unasked:
		return fmt.Errorf("--certify: %s writes no proofs satrun can ask for; use %s", noProof.Solver, ProofSolverNames())
	case errors.As(err, &noProof):
		return fmt.Errorf("--certify: %s writes no proofs; use %s", noProof.Solver, ProofSolverNames())
	}
	return err
}
