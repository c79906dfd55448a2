package main

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/zebra"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

const usageLine = "usage: zebra2cnf [-o FILE] [--stats] [FILE|-]"

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

// usageError marks errors in the command line.
type usageError struct{ error }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &cli.App{
		Name:                  "zebra2cnf",
		HideHelpCommand:       true,
		CustomAppHelpTemplate: help(docSource),
		Writer:                stdout,
		ErrWriter:             stderr,
		ExitErrHandler:        func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError{err}
		},
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "o"},
			&cli.BoolFlag{Name: "stats"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return usageError{errors.New("more than one input file")}
			}
			in, name, closeIn, err := open(c.Args().First(), stdin)
			if err != nil {
				return err
			}
			defer closeIn()
			p, err := zebra.Parse(in, name)
			if err != nil {
				return err
			}
			f := &dimacs.Formula{}
			zebra.Encode(p, f)
			if c.Bool("stats") {
				fmt.Fprintf(stderr, "c %d houses, %d attributes, %d clues: %d variables (%d primary), %d clauses, %d literals\n",
					p.N, len(p.Attrs), len(p.Clues), f.Vars, p.Primary(), f.NumClauses(), f.NumLits())
			}
			if out := c.String("o"); out != "" {
				return writeFile(out, f)
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
		fmt.Fprintf(stderr, "zebra2cnf: %v\n%s\n", ue.error, usageLine)
		return 2
	}
	fmt.Fprintf(stderr, "zebra2cnf: %v\n", err)
	return 1
}

func open(path string, stdin io.Reader) (io.Reader, string, func(), error) {
	if path == "" || path == "-" {
		return stdin, "<stdin>", func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, "", nil, err
	}
	return f, path, func() { f.Close() }, nil
}

// writeFile writes f to a temporary file next to path and renames it.
func writeFile(path string, f io.WriterTo) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	if _, err := f.WriteTo(tmp); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// help turns the package comment of doc.go into plain text.
func help(src string) string {
	var b strings.Builder
	for _, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(l, "package ") {
			break
		}
		l = strings.TrimPrefix(l, "//")
		l = strings.TrimPrefix(l, " ")
		if t, ok := strings.CutPrefix(l, "\t"); ok {
			l = "    " + t
		}
		b.WriteString(l)
		b.WriteString("\n")
	}
	return b.String()
}
