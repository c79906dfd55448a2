// Package cubesolve is the cubesolve command's action, apart from its flags
// (cmd/cubesolve/main.go) and its manual (cmd/cubesolve/doc.go).
package cubesolve

import (
	"bufio"
	"context"
	"fmt"
	"strings"

	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/tools/cube2cnf"
	"github.com/pipesat/pipesat/solver"
)

// Run is cubesolve's action.
func Run(c *cmdio.Cmd) error {
	start := cube2cnf.Start(c)
	max := c.Int("max-depth")
	if err := c.NoOperandsAfter(0); err != nil {
		return err
	} else if err := start.Check(); err != nil {
		return cmdio.Usage(err)
	} else if err := twisty.CheckDepth("--max-depth", max); c.IsSet("max-depth") && err != nil {
		return cmdio.Usage(err)
	} else if c.Duration("timeout") < 0 {
		return cmdio.Usagef("--timeout %v: want a positive duration", c.Duration("timeout"))
	}
	s, err := solver.Choose(c.String("solver"), c.IsSet("solver"), c.String("solver-cmd"), c.String("dialect"), c.IsSet("dialect"))
	if err != nil {
		return cmdio.Usage(err)
	}
	if c.Bool("certify") {
		if s, err = solver.Certify(s, c.String("solver-cmd") == "" && c.String("solver") == "auto"); err != nil {
			return cmdio.Usage(err)
		}
	}
	p, st, text, scramble, err := start.Load(c.Stdin)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(c.Stdout, 64<<10)
	if scramble != nil {
		fmt.Fprintf(w, "c scramble %s\n", strings.Join(scramble, " "))
	}
	if start.State == "" {
		fmt.Fprintf(w, "c state %s\n", text)
	}
	ctx := c.Context()
	if t := c.Duration("timeout"); t > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, t, fmt.Errorf("no answer within --timeout %v", t))
		defer cancel()
	}
	moves, err := twisty.Solve(ctx, s, p, st, p.SearchDepth(max), func(step twisty.Step) {
		fmt.Fprintf(c.Stderr, "c depth %d: %s %.3fs (%s, %d vars, %d clauses)\n",
			step.Depth, step.Status, step.Wall.Seconds(), s.Name(), step.Vars, step.Clauses)
	})
	if _, sig := cmdio.SignalStatus(ctx); sig {
		return fmt.Errorf("stopped: %v", context.Cause(ctx))
	} else if ctx.Err() != nil {
		return context.Cause(ctx) // the timeout
	}
	if err != nil {
		return err
	}
	if cs, ok := s.(*solver.Certified); ok {
		fmt.Fprintf(w, "c no shorter solution: proven (%d UNSAT proofs checked)\n", cs.Proven)
	}
	fmt.Fprintf(w, "c length %d\n%s\n", len(moves), strings.Join(moves, " "))
	return w.Flush()
}
