package main

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

const usageLine = "usage: nono2cnf [--format F] [--encoding E] [--max-patterns N] [--names cells|all] [--no-comments] [--stats] [-o FILE] [FILE|-]"

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

// usageError marks errors in the command line.
type usageError struct{ error }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &cli.App{
		Name:                  "nono2cnf",
		HideHelpCommand:       true,
		CustomAppHelpTemplate: cmdio.Help(docSource),
		Writer:                stdout,
		ErrWriter:             stderr,
		ExitErrHandler:        func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError{err}
		},
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "auto"},
			&cli.StringFlag{Name: "encoding", Value: "automaton"},
			&cli.IntFlag{Name: "max-patterns", Value: nonogram.DefaultMaxPatterns},
			&cli.StringFlag{Name: "names", Value: "cells"},
			&cli.BoolFlag{Name: "no-comments"},
			&cli.BoolFlag{Name: "stats"},
			&cli.StringFlag{Name: "o"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return usageError{fmt.Errorf("unexpected argument %q", c.Args().Get(1))}
			}
			format, err := nonogram.ParseFormat(c.String("format"))
			if err != nil {
				return usageError{fmt.Errorf("--format: %v", err)}
			}
			enc, err := nonogram.ParseEncoding(c.String("encoding"))
			if err != nil {
				return usageError{fmt.Errorf("--encoding: %v", err)}
			}
			names := c.String("names")
			if names != "cells" && names != "all" {
				return usageError{fmt.Errorf("--names: %q is not cells or all", names)}
			}
			if c.Int("max-patterns") < 1 {
				return usageError{fmt.Errorf("--max-patterns: %d is not positive", c.Int("max-patterns"))}
			}
			in, name := stdin, "<stdin>"
			if a := c.Args().First(); a != "" && a != "-" {
				f, err := os.Open(a)
				if err != nil {
					return err
				}
				defer f.Close()
				in, name = f, a
			}
			p, err := nonogram.Read(in, name, format)
			if err != nil {
				return err
			}
			opts := nonogram.Options{Encoding: enc, MaxPatterns: c.Int("max-patterns")}
			start := time.Now()
			var f *dimacs.Formula
			var st nonogram.Stats
			if c.Bool("no-comments") {
				f = &dimacs.Formula{}
				st, err = nonogram.Encode(p, f, opts)
				f.Vars = st.Vars
			} else {
				f, st, err = nonogram.Formula(p, opts, names == "all")
			}
			if err != nil {
				return err
			}
			elapsed := time.Since(start)
			if c.Bool("stats") {
				fmt.Fprintf(stderr, "nono2cnf: %s: %s encoding: %d variables, %d clauses, %d literals, encoded in %v\n",
					name, enc, st.Vars, st.Clauses, st.Lits, elapsed.Round(time.Microsecond))
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
		fmt.Fprintf(stderr, "nono2cnf: %v\n%s\n", ue.error, usageLine)
		return 2
	}
	fmt.Fprintf(stderr, "nono2cnf: %v\n", err)
	return 1
}
