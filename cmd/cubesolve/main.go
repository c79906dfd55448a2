package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/tools/cubesolve"
	"github.com/pipesat/pipesat/solver"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Run: cubesolve.Run, Signals: true,
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
	}, tool))
}
