package main

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/solver"
	"github.com/pipesat/pipesat/solver/satrun"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

const usageLine = "usage: satrun [--solver NAME | --solver-cmd CMD] [--timeout T] [--assume LITS] [--all | --max N] [--project VARS] [FILE|-]"

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

// usageError marks errors in the command line.
type usageError struct{ error }

// exitStatus is an answer's exit status travelling up through App.Run.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// SIGINT, SIGTERM and SIGHUP end ctx: the solver's whole tree is
	// stopped and the temporary files removed; the exit status is then
	// 128 plus the signal's number.
	ctx, stop := cmdio.SignalContext(context.Background())
	defer stop()
	app := &cli.App{
		Name:                  "satrun",
		HideHelpCommand:       true,
		CustomAppHelpTemplate: cmdio.Help(docSource),
		Writer:                stdout,
		ErrWriter:             stderr,
		ExitErrHandler:        func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError{err}
		},
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "solver", Value: "auto", EnvVars: []string{"PIPESAT_SOLVER"}},
			&cli.StringFlag{Name: "solver-cmd"},
			&cli.StringFlag{Name: "dialect", Value: solver.Competition},
			&cli.DurationFlag{Name: "timeout"},
			&cli.StringFlag{Name: "assume"},
			&cli.BoolFlag{Name: "all"},
			&cli.IntFlag{Name: "max"},
			&cli.StringFlag{Name: "project"},
			&cli.StringFlag{Name: "format", Value: satrun.Competition},
			&cli.BoolFlag{Name: "relaxed"},
			&cli.BoolFlag{Name: "no-verify"},
			&cli.BoolFlag{Name: "stats"},
			&cli.BoolFlag{Name: "list-solvers"},
		},
		Action: func(c *cli.Context) error {
			if c.Bool("list-solvers") {
				return listSolvers(ctx, stdout)
			}
			if c.NArg() > 1 {
				return usageError{errors.New("more than one input file")}
			}
			cfg := satrun.Config{
				Timeout:   c.Duration("timeout"),
				Enumerate: c.Bool("all") || c.IsSet("max"),
				Max:       c.Int("max"),
				Project:   c.String("project"),
				Format:    c.String("format"),
				Relaxed:   c.Bool("relaxed"),
				NoVerify:  c.Bool("no-verify"),
				Stats:     c.Bool("stats"),
			}
			if c.IsSet("max") && cfg.Max < 1 {
				return usageError{fmt.Errorf("--max %d: want 1 or more", cfg.Max)}
			}
			if c.Bool("all") && c.IsSet("max") {
				return usageError{errors.New("--all and --max exclude each other")}
			}
			if cfg.Timeout < 0 {
				return usageError{fmt.Errorf("--timeout %v: want a positive duration", cfg.Timeout)}
			}
			if c.IsSet("project") && cfg.Project == "" {
				return usageError{errors.New("--project: empty variable list")}
			}
			if a := c.String("assume"); a != "" {
				lits, err := solver.ParseLits(a)
				if err != nil {
					return usageError{fmt.Errorf("--assume: %v", err)}
				}
				cfg.Assume = lits
			}
			var err error
			if cmd := c.String("solver-cmd"); cmd != "" {
				if onCommandLine(args, "solver") { // not $PIPESAT_SOLVER: --solver-cmd overrides that
					return usageError{errors.New("--solver and --solver-cmd exclude each other")}
				}
				cfg.Solver, err = solver.Command(cmd, c.String("dialect"))
			} else {
				if c.IsSet("dialect") {
					return usageError{errors.New("--dialect goes with --solver-cmd")}
				}
				cfg.Solver, err = solver.Lookup(c.String("solver"))
				cfg.Auto = c.String("solver") == "auto" || c.String("solver") == ""
			}
			if err != nil {
				return usageError{err}
			}
			in, name, closeIn, err := cmdio.Open(c.Args().First(), stdin)
			if err != nil {
				return err
			}
			defer closeIn()
			code, err := satrun.Run(ctx, cfg, in, name, stdout, stderr)
			if err != nil {
				var ue *satrun.UsageError
				if errors.As(err, &ue) {
					return usageError{ue}
				}
				return err
			}
			return exitStatus(code)
		},
	}
	err := app.Run(args)
	var ue usageError
	var es exitStatus
	if code, ok := cmdio.SignalStatus(ctx); ok {
		if err != nil && !errors.As(err, &es) {
			fmt.Fprintf(stderr, "satrun: %v\n", err)
		}
		return code
	}
	switch {
	case err == nil:
		return 0
	case errors.As(err, &es):
		return int(es)
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "satrun: %v\n%s\n", ue.error, usageLine)
		return 2
	}
	fmt.Fprintf(stderr, "satrun: %v\n", err)
	return 1
}

// onCommandLine reports whether flag name was given in args (c.IsSet
// also counts the environment variable).
func onCommandLine(args []string, name string) bool {
	for _, a := range args[1:] {
		if a == "--" {
			break
		}
		a = strings.TrimLeft(a, "-")
		if a == name || strings.HasPrefix(a, name+"=") {
			return true
		}
	}
	return false
}

func listSolvers(ctx context.Context, stdout io.Writer) error {
	tw := tabwriter.NewWriter(stdout, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tINSTALLED\tVERSION\tPATH")
	for _, s := range solver.List(ctx) {
		inst, ver, path := "no", s.Version, s.Path
		if s.Installed {
			inst = "yes"
		}
		if ver == "" {
			ver = "-"
		}
		if path == "" {
			path = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", s.Name, inst, ver, path)
	}
	return tw.Flush()
}
