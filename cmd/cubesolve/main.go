package main

import (
	"bufio"
	"context"
	_ "embed"
	"fmt"
	"os"
	"strings"

	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/solver"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Signals: true,
	Usage: `usage: cubesolve --definition FILE (--state "W G O ..." | --moves "R U ..." | --scramble N [--seed S]) [--solver NAME | --solver-cmd CMD] [--timeout T] [--max-depth K] [--certify]`}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "definition", Aliases: []string{"puzzle"}},
			&cli.StringFlag{Name: "state"},
			&cli.StringFlag{Name: "moves"},
			&cli.IntFlag{Name: "scramble", Value: -1},
			&cli.Uint64Flag{Name: "seed", Value: 1},
			&cli.StringFlag{Name: "solver", Value: "auto"},
			&cli.StringFlag{Name: "solver-cmd"},
			&cli.StringFlag{Name: "dialect", Value: solver.Competition},
			&cli.DurationFlag{Name: "timeout"},
			&cli.IntFlag{Name: "max-depth", Value: -1},
			&cli.BoolFlag{Name: "certify"},
		},
		Action: func(c *cli.Context) error {
			start := twisty.Start{State: c.String("state"), Moves: c.String("moves"), Scramble: c.Int("scramble"), Seed: c.Uint64("seed")}
			max := c.Int("max-depth")
			switch err := start.Check(); {
			case c.NArg() > 0:
				return cmdio.Usagef("unexpected argument %q", c.Args().First())
			case c.String("definition") == "":
				return cmdio.Usagef("--definition is required")
			case err != nil:
				return cmdio.Usage(err)
			case c.IsSet("max-depth") && (max < 0 || max > twisty.MaxDepth):
				return cmdio.Usagef("--max-depth: want 0..%d", twisty.MaxDepth)
			case c.Duration("timeout") < 0:
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
			p, err := twisty.ReadPuzzle(c.String("definition"), c.App.Reader)
			if err != nil {
				return err
			}
			st, text, scramble, err := start.Parse(p)
			if err != nil {
				return err
			}
			w := bufio.NewWriterSize(c.App.Writer, 64<<10)
			if scramble != nil {
				fmt.Fprintf(w, "c scramble %s\n", strings.Join(scramble, " "))
			}
			if start.State == "" {
				fmt.Fprintf(w, "c state %s\n", text)
			}
			ctx := c.Context
			if t := c.Duration("timeout"); t > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeoutCause(ctx, t, fmt.Errorf("no answer within --timeout %v", t))
				defer cancel()
			}
			moves, err := twisty.Solve(ctx, s, p, st, p.SearchDepth(max), func(step twisty.Step) {
				fmt.Fprintf(c.App.ErrWriter, "c depth %d: %s %.3fs (%s, %d vars, %d clauses)\n",
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
		},
	}, tool))
}
