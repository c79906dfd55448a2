package main

import (
	_ "embed"
	"errors"
	"os"
	"strings"
	"time"

	"github.com/pipesat/pipesat/bench"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Signals: true, Usage: "usage: satbench run|report|plan|exec|merge|gen ... (satbench --help)"}

func main() {
	out := func(def string, required bool) cli.Flag {
		return &cli.StringFlag{Name: "output", Aliases: []string{"o", "out"}, Value: def, Required: required}
	}
	os.Exit(cmdio.Main(&cli.App{
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return cmdio.Usagef("no command: run, report, plan, exec, merge or gen")
			}
			return cmdio.Usagef("unknown command %q", c.Args().First())
		},
		Commands: []*cli.Command{
			{Name: "run", Flags: append(runFlags(), &cli.IntFlag{Name: "jobs", Value: 1}, out("results.jsonl", false),
				&cli.BoolFlag{Name: "resume"}, &cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}}, &cli.BoolFlag{Name: "certify"}),
				Action: func(c *cli.Context) error {
					o, err := options(c)
					o.Certify = c.Bool("certify")
					if err == nil && c.Int("jobs") < 1 {
						err = cmdio.Usagef("--jobs %d: need at least 1", c.Int("jobs"))
					}
					if err != nil {
						return err
					}
					f, ok := c.App.ErrWriter.(*os.File)
					return usage(bench.RunCommand(c.Context, bench.RunOptions{
						Options: o, Jobs: c.Int("jobs"), Out: c.String("output"), Resume: c.Bool("resume"), Quiet: c.Bool("quiet"),
					}, c.App.ErrWriter, ok && term.IsTerminal(int(f.Fd()))))
				}},
			{Name: "plan", Flags: append(runFlags(), &cli.StringFlag{Name: "out-dir", Value: "results"}, &cli.StringFlag{Name: "satbench", Value: "satbench"}),
				Action: func(c *cli.Context) error {
					o, err := options(c)
					if err != nil {
						return err
					}
					return usage(bench.PlanCommand(c.App.Writer, bench.PlanOptions{Options: o, OutDir: c.String("out-dir"), Satbench: c.String("satbench")}))
				}},
			{Name: "exec", Flags: append(runFlags()[1:], &cli.StringFlag{Name: "solver"}, &cli.IntFlag{Name: "rep", Value: 1}, out("", true)),
				Action: func(c *cli.Context) error {
					o, err := options(c)
					if err != nil {
						return err
					}
					o.Solvers = nil
					if s := c.String("solver"); s != "" {
						o.Solvers = []string{s}
					}
					return usage(bench.ExecCommand(c.Context, bench.ExecOptions{Options: o, Rep: c.Int("rep"), Out: c.String("output")}))
				}},
			{Name: "merge", Flags: []cli.Flag{out("", false)},
				Action: func(c *cli.Context) error {
					if c.NArg() == 0 {
						return cmdio.Usagef("merge: no results files")
					}
					return usage(bench.MergeCommand(c.Args().Slice(), c.String("output"), c.App.Writer, c.App.ErrWriter))
				}},
			{Name: "report", Flags: []cli.Flag{&cli.StringFlag{Name: "format", Value: "md"}, &cli.BoolFlag{Name: "instances"},
				&cli.StringFlag{Name: "cactus"}, &cli.StringFlag{Name: "scatter"}},
				Action: func(c *cli.Context) error {
					o := bench.ReportOptions{Files: c.Args().Slice(), Format: c.String("format"), Instances: c.Bool("instances"),
						Cactus: c.String("cactus"), Scatter: c.String("scatter")}
					// --scatter A,B PLOT: the plot file is the first operand.
					if o.Scatter != "" && len(o.Files) > 0 && isPlotFile(o.Files[0]) {
						o.ScatterTo, o.Files = o.Files[0], o.Files[1:]
					}
					return usage(bench.ReportCommand(o, c.App.Writer, c.App.ErrWriter))
				}},
			{Name: "gen", Flags: []cli.Flag{&cli.IntFlag{Name: "k", Value: 3}, &cli.IntFlag{Name: "vars"}, &cli.Float64Flag{Name: "ratio", Value: 4.26},
				&cli.Uint64Flag{Name: "seed", Value: 1}, &cli.IntFlag{Name: "php"}, out("", false)},
				Action: func(c *cli.Context) error {
					if c.NArg() > 0 {
						return cmdio.Usagef("gen takes no arguments, got %q", c.Args().First())
					}
					if !c.IsSet("vars") && !c.IsSet("php") {
						return cmdio.Usagef("gen: give --vars N (random k-SAT) or --php HOLES")
					}
					return usage(bench.GenCommand(bench.GenOptions{K: c.Int("k"), Vars: c.Int("vars"), Ratio: c.Float64("ratio"),
						Seed: c.Uint64("seed"), PHP: c.Int("php"), Out: c.String("output")}, c.App.Writer))
				}},
		},
	}, tool))
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
	}
}

// options returns the runFlags' values.
func options(c *cli.Context) (bench.Options, error) {
	o := bench.Options{
		SolverCmds: c.StringSlice("solver-cmd"), Suites: c.StringSlice("suite"), Encoders: c.StringSlice("encode"),
		Instances: c.Args().Slice(), Reps: c.Int("reps"), Seed: c.Uint64("seed"), NoVerify: c.Bool("no-verify"),
		Satrun: c.String("satrun"),
	}
	o.Timeout, o.Grace = c.Duration("timeout"), c.Duration("grace")
	if s := c.String("solvers"); s != "" {
		o.Solvers = []string{s}
	}
	var err error
	if m := c.String("memory"); m != "" {
		o.Memory, err = bench.ParseSize(m)
	}
	return o, cmdio.Usage(err)
}

// usage marks bench's *bench.Usage errors as errors in the command line.
func usage(err error) error {
	if u := (*bench.Usage)(nil); errors.As(err, &u) {
		return cmdio.Usage(err)
	}
	return err
}

func isPlotFile(name string) bool {
	for _, ext := range []string{".svg", ".png", ".pdf", ".eps"} {
		if strings.HasSuffix(strings.ToLower(name), ext) {
			return true
		}
	}
	return false
}
