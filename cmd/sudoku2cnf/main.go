package main

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

const usageLine = "usage: sudoku2cnf [--index K] [--symbols auto|1-G|0-F] [--amo pairwise|sequential|commander] [-o FILE] [FILE|-]"

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

// usageError marks errors in the command line.
type usageError struct{ error }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &cli.App{
		Name:                  "sudoku2cnf",
		HideHelpCommand:       true,
		CustomAppHelpTemplate: cmdio.Help(docSource),
		Writer:                stdout,
		ErrWriter:             stderr,
		ExitErrHandler:        func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError{err}
		},
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "index"},
			&cli.StringFlag{Name: "amo", Value: "pairwise"},
			&cli.StringFlag{Name: "symbols", Value: "auto"},
			&cli.StringFlag{Name: "o"},
			&cli.BoolFlag{Name: "stats"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return usageError{errors.New("more than one input file")}
			}
			amo, err := sudoku.ParseAMO(c.String("amo"))
			if err != nil {
				return usageError{err}
			}
			nt, err := sudoku.NotationOf(c.String("symbols"))
			if err != nil {
				return usageError{fmt.Errorf("--symbols: %v", err)}
			}
			if c.IsSet("index") && c.Int("index") < 1 {
				return usageError{fmt.Errorf("--index %d: want 1 or more", c.Int("index"))}
			}
			in, name, closeIn, err := cmdio.Open(c.Args().First(), stdin)
			if err != nil {
				return err
			}
			defer closeIn()
			p, err := sudoku.ParseNotation(in, name, c.Int("index"), nt)
			if err != nil {
				return err
			}
			f := sudoku.Formula(p, amo)
			if c.Bool("stats") {
				fmt.Fprintf(stderr, "c %dx%d %s: %d variables (%d primary), %d clauses, %d literals\n",
					p.N, p.N, amo, f.Vars, p.N*p.N*p.N, f.NumClauses(), f.NumLits())
			}
			if out := c.String("o"); out != "" {
				return cmdio.WriteFile(out, f, stdout)
			}
			_, err = f.WriteTo(stdout)
			return err
		},
	}
	err := app.Run(args)
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "sudoku2cnf: %v\n%s\n", ue.error, usageLine)
		return 2
	}
	fmt.Fprintf(stderr, "sudoku2cnf: %v\n", err)
	return 1
}
