package main

import (
	_ "embed"
	"errors"
	"os"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/solver"
	"github.com/pipesat/pipesat/solver/satrun"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Signals: true,
	Usage: "usage: satrun [--solver NAME | --solver-cmd CMD] [--timeout T] [--assume LITS] [--all | --max N] [--project VARS] [--certify] [-o FILE] [FILE|-]"}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "solver", Value: "auto"},
			&cli.StringFlag{Name: "solver-cmd"},
			&cli.StringFlag{Name: "dialect", Value: solver.Competition},
			&cli.DurationFlag{Name: "timeout"},
			&cli.StringFlag{Name: "assume"},
			&cli.BoolFlag{Name: "all"},
			&cli.IntFlag{Name: "max"},
			&cli.StringFlag{Name: "project"},
			&cli.StringFlag{Name: "format", Value: satrun.Competition},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
			&cli.BoolFlag{Name: "relaxed"},
			&cli.BoolFlag{Name: "no-verify"},
			&cli.BoolFlag{Name: "stats"},
			&cli.BoolFlag{Name: "list-solvers"},
			&cli.BoolFlag{Name: "certify"},
		},
		Action: func(c *cli.Context) error {
			if c.Bool("list-solvers") {
				return satrun.ListSolvers(c.Context, c.App.Writer)
			}
			if c.NArg() > 1 {
				return cmdio.Usagef("more than one input file")
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
			in, inName, closeIn, err := cmdio.Open(c.Args().First(), c.App.Reader)
			if err != nil {
				return err
			}
			defer closeIn()
			out, done := cmdio.Out(c.String("output"), c.App.Writer)
			code, err := satrun.Run(c.Context, cfg, in, inName, out, c.App.ErrWriter)
			if err = done(err); err == nil {
				err = cmdio.ExitStatus{Code: code}
			}
			if ue := (*satrun.UsageError)(nil); errors.As(err, &ue) {
				return cmdio.Usage(ue)
			}
			return err
		},
	}, tool))
}
