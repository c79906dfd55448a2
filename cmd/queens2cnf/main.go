package main

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/pipesat/pipesat/encoders/queens"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

const usageLine = "usage: queens2cnf --n N [--rooks] [-o FILE]"

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

// usageError marks errors in the command line.
type usageError struct{ error }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &cli.App{
		Name:                  "queens2cnf",
		HideHelpCommand:       true,
		CustomAppHelpTemplate: cmdio.Help(docSource),
		Writer:                stdout,
		ErrWriter:             stderr,
		ExitErrHandler:        func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError{err}
		},
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "n"},
			&cli.BoolFlag{Name: "rooks"},
			&cli.StringFlag{Name: "o"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError{fmt.Errorf("unexpected argument %q", c.Args().First())}
			}
			if !c.IsSet("n") {
				return usageError{errors.New("--n is required")}
			}
			n := c.Int("n")
			if err := queens.Check(n); err != nil {
				return usageError{fmt.Errorf("--n: %v", err)}
			}
			f := queens.Formula(n, c.Bool("rooks"))
			if out := c.String("o"); out != "" {
				return cmdio.WriteFile(out, f, stdout)
			}
			_, err := f.WriteTo(stdout)
			return err
		},
	}
	err := app.Run(args)
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "queens2cnf: %v\n%s\n", ue.error, usageLine)
		return 2
	}
	fmt.Fprintf(stderr, "queens2cnf: %v\n", err)
	return 1
}
