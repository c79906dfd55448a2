package main

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/pipesat/pipesat/decoders/sudoku"
	"github.com/pipesat/pipesat/dimacs"
	encsudoku "github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

const usageLine = "usage: cnf2sudoku [--puzzle FILE [--index K] [--symbols auto|1-G|0-F]] [--size N] [--line] [FILE|-]"

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

// usageError marks errors in the command line.
type usageError struct{ error }

// exitStatus is a status to exit with after printing msg (if any).
type exitStatus struct {
	code int
	msg  string
}

func (e exitStatus) Error() string { return e.msg }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &cli.App{
		Name:                  "cnf2sudoku",
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
			&cli.IntFlag{Name: "index"},
			&cli.StringFlag{Name: "symbols", Value: "auto"},
			&cli.IntFlag{Name: "size"},
			&cli.BoolFlag{Name: "line"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return usageError{errors.New("more than one input file")}
			}
			if c.IsSet("index") && c.Int("index") < 1 {
				return usageError{fmt.Errorf("--index %d: want 1 or more", c.Int("index"))}
			}
			if c.IsSet("index") && !c.IsSet("puzzle") {
				return usageError{errors.New("--index needs --puzzle")}
			}
			nt, err := encsudoku.NotationOf(c.String("symbols"))
			if err != nil {
				return usageError{fmt.Errorf("--symbols: %v", err)}
			}
			opts := sudoku.Options{N: c.Int("size"), Line: c.Bool("line")}
			if opts.N != 0 {
				if _, err := encsudoku.New(opts.N); err != nil {
					return usageError{fmt.Errorf("--size %d: want 4, 9, 16 or 25", opts.N)}
				}
			}
			if path := c.String("puzzle"); path != "" {
				f, err := os.Open(path)
				if err != nil {
					return err
				}
				p, err := encsudoku.ParseNotation(f, path, c.Int("index"), nt)
				f.Close()
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
			bw := bufio.NewWriterSize(stdout, 64<<10)
			res, err := sudoku.Decode(bw, out, opts)
			if err != nil && !dimacs.AfterOutput(err) {
				return err
			}
			if err := bw.Flush(); err != nil {
				return err
			}
			if err != nil {
				return err // the solver failed after the grids printed
			}
			switch res.Status {
			case dimacs.Sat:
				return exitStatus{code: 10}
			case dimacs.Unsat:
				return exitStatus{code: 20, msg: "no solution"}
			}
			return exitStatus{code: 0, msg: "unknown: the solver gave no answer"}
		},
	}
	err := app.Run(args)
	var ue usageError
	var es exitStatus
	switch {
	case err == nil:
		return 0
	case errors.As(err, &es):
		if es.msg != "" {
			fmt.Fprintf(stderr, "cnf2sudoku: %s\n", es.msg)
		}
		return es.code
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "cnf2sudoku: %v\n%s\n", ue.error, usageLine)
		return 2
	}
	fmt.Fprintf(stderr, "cnf2sudoku: %v\n", err)
	return 1
}
