package main

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/boolexpr"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

const usageLine = "usage: bool2cnf [--polarity] [--dnf] [-e FORMULA] [-o FILE] [FILE|-]"

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

// usageError marks errors in the command line.
type usageError struct{ error }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &cli.App{
		Name:                  "bool2cnf",
		HideHelpCommand:       true,
		CustomAppHelpTemplate: cmdio.Help(docSource),
		Writer:                stdout,
		ErrWriter:             stderr,
		ExitErrHandler:        func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError{err}
		},
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "polarity"},
			&cli.BoolFlag{Name: "dnf"},
			&cli.StringFlag{Name: "e"},
			&cli.StringFlag{Name: "o"},
			&cli.BoolFlag{Name: "stats"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return usageError{errors.New("more than one input file")}
			}
			if c.IsSet("e") && c.NArg() > 0 {
				return usageError{errors.New("-e and an input file")}
			}
			if c.Bool("dnf") && c.Bool("polarity") {
				return usageError{errors.New("--polarity does not apply to --dnf")}
			}
			var in io.Reader
			var name string
			if c.IsSet("e") {
				in, name = strings.NewReader(c.String("e")), "<-e>"
			} else {
				r, n, closeIn, err := cmdio.Open(c.Args().First(), stdin)
				if err != nil {
					return err
				}
				defer closeIn()
				in, name = r, n
			}
			f := &dimacs.Formula{}
			primary := 0
			if c.Bool("dnf") {
				ts, err := boolexpr.ParseTables(in, name)
				if err != nil {
					return err
				}
				boolexpr.EncodeTables(ts, f)
				primary = len(ts.Vars)
			} else {
				file, err := boolexpr.Parse(in, name)
				if err != nil {
					return err
				}
				boolexpr.Encode(file, f, boolexpr.Options{Polarity: c.Bool("polarity")})
				primary = len(file.Vars)
			}
			if c.Bool("stats") {
				fmt.Fprintf(stderr, "c %d variables (%d primary), %d clauses, %d literals\n",
					f.Vars, primary, f.NumClauses(), f.NumLits())
			}
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
		fmt.Fprintf(stderr, "bool2cnf: %v\n%s\n", ue.error, usageLine)
		return 2
	}
	fmt.Fprintf(stderr, "bool2cnf: %v\n", err)
	return 1
}
