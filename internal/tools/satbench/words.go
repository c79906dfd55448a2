package satbench

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pipesat/pipesat/bench/plan"
	"github.com/pipesat/pipesat/bench/plot"
	"github.com/pipesat/pipesat/bench/run"
	"github.com/pipesat/pipesat/bench/score"
	"github.com/pipesat/pipesat/bench/suite"
	"github.com/pipesat/pipesat/internal/cmdio/solverflag"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/pipesat/pipesat/solver"
)

// word returns err in satbench's words: the bench libraries' errors name
// no flag, and those that the flags caused are usage errors (status 2)
// naming the flag here. Any other error is err itself.
func word(err error) error {
	var (
		se    *run.SolverError
		twice *suite.TwiceError
		col   *score.ColumnError
		pair  *plot.PairError
		dir   *plan.DirError
		np    *plan.NotPlanError
		line  *plan.LineError
	)
	switch {
	case err == nil:
		return nil
	case errors.As(err, &se):
		return wordSolver(se)
	case errors.Is(err, run.ErrNoSolvers):
		return usage.Errorf("no solvers: use --solvers or --solver-cmd")
	case errors.Is(err, run.ErrNoProofSolvers):
		return usage.Errorf("--certify: no proof-writing solver is installed (%s)", solverflag.ProofSolverNames())
	case errors.Is(err, run.ErrNoSatrun):
		return errors.New("satrun not found next to satbench or on PATH (use --satrun)")
	case errors.Is(err, suite.ErrNoInstances):
		return usage.Errorf("no instances: give files or --suite")
	case errors.Is(err, suite.ErrStdin):
		return usage.Errorf(`instance "-" needs --encode: satbench reads no CNF from stdin`)
	case errors.As(err, &twice):
		return usage.Wrap(err)
	case errors.As(err, &col):
		return usage.Errorf("--by %q: %v", col.List, col)
	case errors.As(err, &pair):
		return usage.Errorf("--scatter %q: %v", pair.Spec, pair.Err)
	case errors.As(err, &dir):
		return usage.Errorf("--out-dir %q: with --slurm, use letters, digits and _-./=:,+@ only (the script names it unquoted)", dir.Dir)
	case errors.As(err, &line):
		return fmt.Errorf("%v: rename the file, or plan with --slurm, whose script can", line)
	case errors.As(err, &np):
		return fmt.Errorf("%s: not a satbench plan --slurm script (no %q line)", np.Path, "#satbench-plan")
	}
	return err
}

// wordSolver words a *run.SolverError, a usage error.
func wordSolver(e *run.SolverError) error {
	switch e.Problem {
	case run.Unknown:
		return usage.Errorf("unknown solver %q (known: gini, %s; or use --solver-cmd)", e.Solver, strings.Join(solver.KnownNames(), ", "))
	case run.EmptyCommand:
		return usage.Errorf("--solver-cmd %q: empty command", e.Solver)
	case run.Twice:
		return usage.Errorf("two solvers named %q: name a --solver-cmd with NAME=COMMAND", e.Solver)
	case run.NoProofs:
		return usage.Errorf("--certify: %s writes no proofs; use %s", e.Solver, solverflag.ProofSolverNames())
	case run.NoProofOption:
		return usage.Errorf("--certify: --solver-cmd %q has no {proof}; use %s", e.Solver, solverflag.ProofSolverNames())
	}
	return usage.Wrap(e)
}
