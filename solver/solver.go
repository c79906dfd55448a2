// Package solver runs SAT solvers, external programs or the embedded gini,
// behind one interface.
package solver

import (
	"context"
	"errors"
	"time"

	"github.com/pipesat/pipesat/dimacs"
)

// Solver solves CNF formulas. Implementations are safe to reuse for several
// Solve calls but not for concurrent ones.
type Solver interface {
	// Name returns the solver's short name, e.g. "kissat", "gini", or the
	// program of a --solver-cmd.
	Name() string
	// Solve returns Sat with a model over f's variables, Unsat, or Unknown
	// if ctx ends first (a timeout is Unknown, not an error). assume are
	// literals forced true for this call only. An error means the solver
	// failed: it crashed, printed nothing, or printed garbage. Solve does
	// not check the model; the caller does (see Result.Check).
	Solve(ctx context.Context, f *dimacs.Formula, assume []int) (*Result, error)
}

// Result is one Solve call's answer and what it cost.
type Result struct {
	Status dimacs.Status
	Model  dimacs.Model // nil unless Sat
	Wall   time.Duration
	// ExitCode is the external solver's exit status, -1 if killed by a
	// signal, 0 for gini.
	ExitCode int
	// Output is the external solver's raw stdout, kept only when asked.
	Output []byte
}

// Lookup returns the solver called name: "auto" (the first installed of
// kissat, cadical, cryptominisat5, glucose, minisat, picosat, else gini),
// "gini", or one of the known external solvers. It fails if an external
// solver is not installed.
func Lookup(name string) (Solver, error) {
	return nil, errors.New("solver.Lookup: not implemented yet")
}
