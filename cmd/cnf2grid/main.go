package main

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/pipesat/pipesat/decoders/grid"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

const usageLine = "usage: cnf2grid [--format text|unicode|goal|png|svg|board] [--puzzle FILE] [-W N -H N] [--count] [-o FILE] [FILE|-]"

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

// usageError marks errors in the command line.
type usageError struct{ error }

// exitStatus is a status to exit with, without an error message.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &cli.App{
		Name:                  "cnf2grid",
		HideHelpCommand:       true,
		CustomAppHelpTemplate: cmdio.Help(docSource),
		Writer:                stdout,
		ErrWriter:             stderr,
		ExitErrHandler:        func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError{err}
		},
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format"},
			&cli.StringFlag{Name: "puzzle"},
			&cli.IntFlag{Name: "W"},
			&cli.IntFlag{Name: "H"},
			&cli.BoolFlag{Name: "count"},
			&cli.StringFlag{Name: "o"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return usageError{fmt.Errorf("unexpected argument %q", c.Args().Get(1))}
			}
			var opts grid.Options
			if s := c.String("format"); s != "" {
				f, err := grid.ParseFormat(s)
				if err != nil {
					return usageError{fmt.Errorf("--format: %v", err)}
				}
				opts.Format = f
			}
			if c.IsSet("W") != c.IsSet("H") {
				return usageError{errors.New("-W and -H go together")}
			}
			if c.IsSet("W") && (c.Int("W") < 1 || c.Int("H") < 1) {
				return usageError{fmt.Errorf("-W %d -H %d: sizes must be positive", c.Int("W"), c.Int("H"))}
			}
			opts.Width, opts.Height = c.Int("W"), c.Int("H")
			opts.Count = c.Bool("count")
			if pf := c.String("puzzle"); pf != "" {
				f, err := os.Open(pf)
				if err != nil {
					return err
				}
				p, err := nonogram.Read(f, pf, nonogram.Auto)
				f.Close()
				if err != nil {
					return err
				}
				opts.Puzzle = p
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
			var out, msg bytes.Buffer
			res, derr := grid.Decode(in, name, opts, &out, &msg)
			if derr != nil && !dimacs.AfterOutput(derr) {
				return derr
			}
			// An incomplete count or a failed solver: the output stands,
			// then exit 1 (derr).
			if o := c.String("o"); o != "" && out.Len() > 0 {
				if err := cmdio.WriteFile(o, bytes.NewReader(out.Bytes()), stdout); err != nil {
					return err
				}
			} else if _, err := stdout.Write(out.Bytes()); err != nil {
				return err
			}
			io.Copy(stderr, &msg)
			if derr != nil {
				return derr
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
		fmt.Fprintf(stderr, "cnf2grid: %v\n%s\n", ue.error, usageLine)
		return 2
	}
	fmt.Fprintf(stderr, "cnf2grid: %v\n", err)
	return 1
}
