package main

import (
	_ "embed"
	"os"
	"time"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/tools/satbench"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Signals: true, Run: satbench.Run, Commands: satbench.Commands,
	Usage: "usage: satbench run|report|plan|exec|merge|gen ... (satbench --help)"}

func main() {
	out := func(def string, required bool) cli.Flag {
		return &cli.StringFlag{Name: "output", Aliases: []string{"o", "out"}, Value: def, Required: required}
	}
	os.Exit(cmdio.Main(&cli.App{Commands: []*cli.Command{
		{Name: "run", Flags: append(runFlags(), &cli.IntFlag{Name: "jobs", Value: 1}, out("results.jsonl", false),
			&cli.BoolFlag{Name: "resume"}, &cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}})},
		{Name: "plan", Flags: append(runFlags(), &cli.StringFlag{Name: "out-dir", Value: "results"}, &cli.StringFlag{Name: "satbench", Value: "satbench"},
			&cli.BoolFlag{Name: "slurm"}, &cli.IntFlag{Name: "chunk"})},
		{Name: "exec", Flags: append(runFlags()[1:], &cli.StringFlag{Name: "solver"}, &cli.IntFlag{Name: "rep", Value: 1}, out("", true))},
		{Name: "merge", Flags: []cli.Flag{out("", false), &cli.StringFlag{Name: "plan"}}},
		{Name: "report", Flags: []cli.Flag{&cli.StringFlag{Name: "format", Value: "md"}, &cli.BoolFlag{Name: "instances"},
			&cli.StringFlag{Name: "cactus"}, &cli.StringFlag{Name: "scatter"}, &cli.StringFlag{Name: "title"},
			&cli.StringSliceFlag{Name: "suite"}, &cli.StringFlag{Name: "by"}}},
		{Name: "gen", Flags: []cli.Flag{&cli.IntFlag{Name: "k", Value: 3}, &cli.IntFlag{Name: "vars"}, &cli.Float64Flag{Name: "ratio", Value: 4.26},
			&cli.Uint64Flag{Name: "seed", Value: 1}, &cli.IntFlag{Name: "php"}, out("", false)}},
	}}, tool))
}

// runFlags are the flags of run, plan and exec (which drops --solvers).
func runFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "solvers", Value: "auto"},
		&cli.StringSliceFlag{Name: "solver-cmd"},
		&cli.StringSliceFlag{Name: "suite"},
		&cli.StringSliceFlag{Name: "encode"},
		&cli.IntFlag{Name: "reps", Value: 1},
		&cli.DurationFlag{Name: "timeout", Value: 60 * time.Second},
		&cli.StringFlag{Name: "memory"},
		&cli.DurationFlag{Name: "grace", Value: time.Second},
		&cli.Uint64Flag{Name: "seed", Value: 1},
		&cli.BoolFlag{Name: "no-verify"},
		&cli.StringFlag{Name: "satrun"},
		&cli.BoolFlag{Name: "certify"},
	}
}
