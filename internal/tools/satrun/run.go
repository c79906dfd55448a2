// Package satrun is the satrun command's action, apart from its flags
// (cmd/satrun/main.go) and its manual (cmd/satrun/doc.go); the work itself
// is package solver/satrun's.
package satrun

import (
	"errors"
	"os"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/solver/satrun"
)

// Run is satrun's action.
func Run(c *cmdio.Cmd) error {
	if c.Bool("list-solvers") {
		return satrun.ListSolvers(c.Context(), c.Stdout)
	}
	if err := c.NoOperandsAfter(1); err != nil {
		return err
	}
	name := c.String("solver")
	if env := os.Getenv("PIPESAT_SOLVER"); env != "" && !c.IsSet("solver") {
		name = env
	}
	cfg, err := satrun.Flags{
		Solver: name, SolverSet: c.IsSet("solver"), SolverCmd: c.String("solver-cmd"), Dialect: c.String("dialect"), DialectSet: c.IsSet("dialect"),
		Timeout: c.Duration("timeout"), Assume: c.String("assume"), All: c.Bool("all"),
		Max: c.Int("max"), MaxSet: c.IsSet("max"), Project: c.String("project"), ProjectSet: c.IsSet("project"),
		Format: c.String("format"), Relaxed: c.Bool("relaxed"), NoVerify: c.Bool("no-verify"), Stats: c.Bool("stats"),
		Certify: c.Bool("certify"),
	}.Config()
	if err != nil {
		return cmdio.Usage(err)
	}
	in, inName, closeIn, err := cmdio.Open(c.Operand(0), c.Stdin)
	if err != nil {
		return err
	}
	defer closeIn()
	out, done := cmdio.Out(c.String("output"), c.Stdout)
	code, err := satrun.Run(c.Context(), cfg, in, inName, out, c.Stderr)
	if err = done(err); err == nil {
		err = cmdio.ExitStatus{Code: code}
	}
	if ue := (*satrun.UsageError)(nil); errors.As(err, &ue) {
		return cmdio.Usage(ue)
	}
	return err
}
