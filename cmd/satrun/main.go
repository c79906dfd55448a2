package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/cmdio"
	satruncmd "github.com/pipesat/pipesat/internal/tools/satrun"
	"github.com/pipesat/pipesat/solver"
	"github.com/pipesat/pipesat/solver/satrun"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Signals: true, Run: satruncmd.Run,
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
	}, tool))
}
