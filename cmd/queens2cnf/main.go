package main

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/pipesat/pipesat/encoders/queens"
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
		CustomAppHelpTemplate: help(docSource),
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
				return writeFile(out, f)
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
		b.WriteString(l)
		b.WriteString("\n")
	}
	return b.String()
}
