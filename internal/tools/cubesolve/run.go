// Package cubesolve is the cubesolve command: its flags and what it does
// with them; its manual is cmd/cubesolve/doc.go.
package cubesolve

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/cmdio/solverflag"
	"github.com/pipesat/pipesat/internal/cmdio/twistyflag"
	"github.com/pipesat/pipesat/solver"
	"github.com/urfave/cli/v2"
)

// Main runs cubesolve, whose manual is doc, on the process's arguments
// and returns its exit status.
func Main(doc string) int { return cmdio.Main(Tool(doc)) }

// options are cubesolve's flags.
type options struct {
	twisty  twistyflag.Twisty
	solver  solverflag.Solver
	max     int // --max-depth
	maxFlag cli.Flag
	status  cmdio.Status
}

// Tool returns cubesolve, its flags bound to a new options.
func Tool(doc string) *cmdio.Tool {
	o := &options{}
	o.maxFlag = &cli.IntFlag{Name: "max-depth", Value: -1, Destination: &o.max, Usage: "give up after depth `K`",
		DefaultText: "the definition's maxDepth, else 20"}
	return &cmdio.Tool{Name: "cubesolve", Doc: doc, More: twistyflag.Nets, Signals: true, Action: o.run, Operands: "--definition NAME",
		Flags: append(append(o.twisty.Flags(true), o.solver.Flags()...), o.maxFlag, o.status.Flag()),
	}
}

// run is cubesolve's action.
func (o *options) run(c *cmdio.Cmd) error {
	start := o.twisty.Start
	if err := c.NoOperandsAfter(0); err != nil {
		return err
	} else if err := o.twisty.Check(); err != nil {
		return err
	} else if err := twistyflag.CheckDepth("--max-depth", o.max); c.IsSet(o.maxFlag) && err != nil {
		return err
	}
	s, _, err := o.solver.Choose(c)
	if err != nil {
		return err
	}
	seedLine := o.twisty.RandomSeed(c)
	start.Seed = o.twisty.Seed
	p, st, text, scramble, err := start.Load(c.Stdin)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(c.Stdout, 64<<10)
	w.WriteString(seedLine)
	if scramble != nil {
		fmt.Fprintf(w, "c scramble %s\n", strings.Join(scramble, " "))
	}
	if start.State == "" {
		fmt.Fprintf(w, "c state %s\n", text)
	}
	ctx := c.Context()
	if t := o.solver.Timeout; t > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, t, fmt.Errorf("no answer within --timeout %v", t))
		defer cancel()
	}
	moves, err := solve(ctx, s, p, st, p.SearchDepth(o.max), func(d step) {
		fmt.Fprintf(c.Stderr, "c depth %d: %s %.3fs (%s, %d vars, %d clauses)\n",
			d.Depth, d.Status, d.Wall.Seconds(), s.Name(), d.Vars, d.Clauses)
	})
	var v *verdict
	if _, sig := cmdio.SignalStatus(ctx); sig {
		return fmt.Errorf("stopped: %v", context.Cause(ctx))
	} else if ctx.Err() != nil {
		// The timeout: no answer.
		return cmdio.ExitStatus{Code: o.status.Code(dimacs.Unknown), Msg: context.Cause(ctx).Error()}
	} else if errors.As(err, &v) {
		return cmdio.ExitStatus{Code: o.status.Code(v.status), Msg: v.msg}
	}
	if err != nil {
		return err
	}
	if cs, ok := s.(*solver.Certified); ok {
		fmt.Fprintf(w, "c no shorter solution: proven (%d UNSAT proofs checked)\n", cs.Proven)
	}
	fmt.Fprintf(w, "c length %d\n%s\n", len(moves), strings.Join(moves, " "))
	if err := w.Flush(); err != nil {
		return err
	}
	return o.status.Exit(dimacs.Sat)
}
