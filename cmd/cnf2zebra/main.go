package main

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"

	zdec "github.com/pipesat/pipesat/decoders/zebra"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/zebra"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

const usageLine = "usage: cnf2zebra [--puzzle FILE] [FILE|-]"

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

// usageError marks errors in the command line.
type usageError struct{ error }

// exitStatus carries the solver's answer out of the action.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &cli.App{
		Name:                  "cnf2zebra",
		HideHelpCommand:       true,
		CustomAppHelpTemplate: cmdio.Help(docSource),
		Writer:                stdout,
		ErrWriter:             stderr,
		ExitErrHandler:        func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError{err}
		},
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "puzzle"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return usageError{errors.New("more than one input file")}
			}
			var opts zdec.Options
			if path := c.String("puzzle"); path != "" {
				if path == "-" && (c.NArg() == 0 || c.Args().First() == "-") {
					return usageError{errors.New("--puzzle and the solver output cannot both be standard input")}
				}
				r, name, closeP, err := cmdio.Open(path, stdin)
				if err != nil {
					return err
				}
				p, err := zebra.Parse(r, name)
				closeP()
				if err != nil {
					return err
				}
				opts.Puzzle = p
			}
			in, name, closeIn, err := cmdio.Open(c.Args().First(), stdin)
			if err != nil {
				return err
			}
			defer closeIn()
			out, err := dimacs.ReadAnswer(in, name)
			if err != nil {
				return err
			}
			res, err := zdec.Decode(stdout, out, opts)
			if err != nil {
				return err // also a failed solver, after the solutions
			}
			if res.Status == dimacs.Unsat {
				fmt.Fprintln(stderr, "cnf2zebra: no solution")
			}
			return exitStatus(res.Status)
		},
	}
	err := app.Run(args)
	var ue usageError
	var es exitStatus
	switch {
	case err == nil:
		return 0
	case errors.As(err, &es):
		return int(es)
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "cnf2zebra: %v\n%s\n", ue.error, usageLine)
		return 2
	}
	fmt.Fprintf(stderr, "cnf2zebra: %v\n", err)
	return 1
}
