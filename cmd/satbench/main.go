package main

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
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

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

// usageError marks errors in the command line.
type usageError struct{ error }

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

func options(c *cli.Context) (bench.Options, error) {
	o := bench.Options{
		SolverCmds: c.StringSlice("solver-cmd"),
		Suites:     c.StringSlice("suite"),
		Encoders:   c.StringSlice("encode"),
		Instances:  c.Args().Slice(),
		Reps:       c.Int("reps"),
		Seed:       c.Uint64("seed"),
		NoVerify:   c.Bool("no-verify"),
		Satrun:     c.String("satrun"),
	}
	if s := c.String("solvers"); s != "" {
		o.Solvers = []string{s}
	}
	o.Timeout = c.Duration("timeout")
	o.Grace = c.Duration("grace")
	if m := c.String("memory"); m != "" {
		n, err := bench.ParseSize(m)
		if err != nil {
			return o, usageError{err}
		}
		o.Memory = n
	}
	return o, nil
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// SIGINT, SIGTERM and SIGHUP end ctx: the runs' trees are stopped and
	// the temporary files removed; the exit status is then 128 plus the
	// signal's number.
	ctx, stop := cmdio.SignalContext(context.Background())
	// The manual, made once for the app and its six commands.
	manual := cmdio.Help(docSource)
	defer stop()
	terminal := false
	if f, ok := stderr.(*os.File); ok {
		terminal = term.IsTerminal(int(f.Fd()))
	}
	onUsage := func(_ *cli.Context, err error, _ bool) error { return usageError{err} }
	app := &cli.App{
		Name:                  "satbench",
		HideHelpCommand:       true,
		CustomAppHelpTemplate: manual,
		Writer:                stdout,
		ErrWriter:             stderr,
		Reader:                stdin,
		ExitErrHandler:        func(*cli.Context, error) {},
		OnUsageError:          onUsage,
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usageError{errors.New("no command: run, report, plan, exec, merge or gen")}
			}
			return usageError{fmt.Errorf("unknown command %q", c.Args().First())}
		},
		Commands: []*cli.Command{
			{
				Name:         "run",
				OnUsageError: onUsage,
				Flags: append(runFlags(),
					&cli.IntFlag{Name: "jobs", Value: 1},
					&cli.StringFlag{Name: "out", Value: "results.jsonl"},
					&cli.BoolFlag{Name: "resume"},
					&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}},
				),
				Action: func(c *cli.Context) error {
					o, err := options(c)
					if err != nil {
						return err
					}
					if c.Int("jobs") < 1 {
						return usageError{fmt.Errorf("--jobs %d: need at least 1", c.Int("jobs"))}
					}
					return bench.RunCommand(ctx, bench.RunOptions{
						Options: o, Jobs: c.Int("jobs"), Out: c.String("out"),
						Resume: c.Bool("resume"), Quiet: c.Bool("quiet"),
					}, stderr, terminal)
				},
			},
			{
				Name:         "plan",
				OnUsageError: onUsage,
				Flags: append(runFlags(),
					&cli.StringFlag{Name: "out-dir", Value: "results"},
					&cli.StringFlag{Name: "satbench", Value: "satbench"},
				),
				Action: func(c *cli.Context) error {
					o, err := options(c)
					if err != nil {
						return err
					}
					return bench.PlanCommand(stdout, bench.PlanOptions{Options: o, OutDir: c.String("out-dir"), Satbench: c.String("satbench")})
				},
			},
			{
				Name:         "exec",
				OnUsageError: onUsage,
				Flags: append(runFlags()[1:],
					&cli.StringFlag{Name: "solver"},
					&cli.IntFlag{Name: "rep", Value: 1},
					&cli.StringFlag{Name: "out", Required: true},
				),
				Action: func(c *cli.Context) error {
					o, err := options(c)
					if err != nil {
						return err
					}
					o.Solvers = nil
					if s := c.String("solver"); s != "" {
						o.Solvers = []string{s}
					}
					return bench.ExecCommand(ctx, bench.ExecOptions{Options: o, Rep: c.Int("rep"), Out: c.String("out")})
				},
			},
			{
				Name:         "merge",
				OnUsageError: onUsage,
				Flags:        []cli.Flag{&cli.StringFlag{Name: "o"}},
				Action: func(c *cli.Context) error {
					if c.NArg() == 0 {
						return usageError{errors.New("merge: no results files")}
					}
					return bench.MergeCommand(c.Args().Slice(), c.String("o"), stdout, stderr)
				},
			},
			{
				Name:         "report",
				OnUsageError: onUsage,
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "format", Value: "md"},
					&cli.BoolFlag{Name: "instances"},
					&cli.StringFlag{Name: "cactus"},
					&cli.StringFlag{Name: "scatter"},
				},
				Action: func(c *cli.Context) error {
					o := bench.ReportOptions{
						Files: c.Args().Slice(), Format: c.String("format"), Instances: c.Bool("instances"),
						Cactus: c.String("cactus"), Scatter: c.String("scatter"),
					}
					// --scatter A,B PLOT: the plot file is the first argument.
					if o.Scatter != "" && len(o.Files) > 0 && isPlotFile(o.Files[0]) {
						o.ScatterTo, o.Files = o.Files[0], o.Files[1:]
					}
					return bench.ReportCommand(o, stdout, stderr)
				},
			},
			{
				Name:         "gen",
				OnUsageError: onUsage,
				Flags: []cli.Flag{
					&cli.IntFlag{Name: "k", Value: 3},
					&cli.IntFlag{Name: "vars"},
					&cli.Float64Flag{Name: "ratio", Value: 4.26},
					&cli.Uint64Flag{Name: "seed", Value: 1},
					&cli.IntFlag{Name: "php"},
					&cli.StringFlag{Name: "o"},
				},
				Action: func(c *cli.Context) error {
					if c.NArg() > 0 {
						return usageError{fmt.Errorf("gen takes no arguments, got %q", c.Args().First())}
					}
					if !c.IsSet("vars") && !c.IsSet("php") {
						return usageError{errors.New("gen: give --vars N (random k-SAT) or --php HOLES")}
					}
					return bench.GenCommand(bench.GenOptions{
						K: c.Int("k"), Vars: c.Int("vars"), Ratio: c.Float64("ratio"),
						Seed: c.Uint64("seed"), PHP: c.Int("php"), Out: c.String("o"),
					}, stdout)
				},
			},
		},
	}
	for _, cmd := range app.Commands {
		cmd.CustomHelpTemplate = manual
	}
	err := app.Run(args)
	var ue usageError
	var bu *bench.Usage
	if code, ok := cmdio.SignalStatus(ctx); ok {
		if err != nil {
			fmt.Fprintf(stderr, "satbench: %v\n", err)
		}
		return code
	}
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "satbench: %v\nusage: satbench run|report|plan|exec|merge|gen ... (satbench --help)\n", ue.error)
		return 2
	case errors.As(err, &bu):
		fmt.Fprintf(stderr, "satbench: %v\nusage: satbench run|report|plan|exec|merge|gen ... (satbench --help)\n", bu)
		return 2
	}
	fmt.Fprintf(stderr, "satbench: %v\n", err)
	return 1
}

func isPlotFile(name string) bool {
	for _, ext := range []string{".svg", ".png", ".pdf", ".eps"} {
		if strings.HasSuffix(strings.ToLower(name), ext) {
			return true
		}
	}
	return false
}
