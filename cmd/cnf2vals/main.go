package main

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/pipesat/pipesat/decoders/vals"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

const usageLine = "usage: cnf2vals [--primary] [--true] [--cnf FILE] [FILE|-]"

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

// usageError marks errors in the command line.
type usageError struct{ error }

// exitStatus carries the solver's answer out of the action.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &cli.App{
		Name:                  "cnf2vals",
		HideHelpCommand:       true,
		CustomAppHelpTemplate: cmdio.Help(docSource),
		Writer:                stdout,
		ErrWriter:             stderr,
		ExitErrHandler:        func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError{err}
		},
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "primary"},
			&cli.BoolFlag{Name: "true"},
			&cli.StringFlag{Name: "cnf"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return usageError{errors.New("more than one input file")}
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
			opts := vals.Options{Primary: c.Bool("primary"), True: c.Bool("true")}
			h, err := vals.ParseHeader(out.Pipesat)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			if p := c.String("cnf"); p != "" {
				r, cname, closeCNF, err := cmdio.Open(p, stdin)
				if err != nil {
					return err
				}
				defer closeCNF()
				hc, f, err := vals.ReadCNF(r, cname)
				if err != nil {
					return err
				}
				h.Merge(hc)
				opts.Formula = f
			}
			res, err := vals.Write(stdout, out, h, opts)
			if err != nil {
				// Also an incomplete count ("c at least N solutions")
				// or a failed solver, after the blocks: exit 1.
				return err
			}
			if res.Status == dimacs.Unsat {
				fmt.Fprintln(stderr, "cnf2vals: no solution")
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
		fmt.Fprintf(stderr, "cnf2vals: %v\n%s\n", ue.error, usageLine)
		return 2
	}
	fmt.Fprintf(stderr, "cnf2vals: %v\n", err)
	return 1
}
