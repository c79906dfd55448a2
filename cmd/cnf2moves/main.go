package main

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/pipesat/pipesat/decoders/moves"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

const usageLine = "usage: cnf2moves [--puzzle FILE --state TEXT --depth K] [FILE|-]"

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
		Name:                  "cnf2moves",
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
			&cli.StringFlag{Name: "state"},
			&cli.IntFlag{Name: "scramble", Value: -1},
			&cli.Uint64Flag{Name: "seed", Value: 1},
			&cli.IntFlag{Name: "depth", Value: -1},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return usageError{errors.New("more than one input file")}
			}
			var fallback func() (*twisty.Encoding, error)
			if c.IsSet("puzzle") || c.IsSet("state") || c.IsSet("scramble") || c.IsSet("depth") {
				if !c.IsSet("puzzle") || c.IsSet("state") == c.IsSet("scramble") || !c.IsSet("depth") {
					return usageError{errors.New("--puzzle, --depth and one of --state or --scramble go together")}
				}
				d := c.Int("depth")
				if d < 0 || d > twisty.MaxDepth {
					return usageError{fmt.Errorf("--depth: want 0..%d", twisty.MaxDepth)}
				}
				fallback = func() (*twisty.Encoding, error) {
					p, err := readPuzzle(c.String("puzzle"))
					if err != nil {
						return nil, err
					}
					text := c.String("state")
					if c.IsSet("scramble") {
						seed := c.Uint64("seed")
						_, st := p.Scramble(c.Int("scramble"), rand.New(rand.NewPCG(seed, seed)))
						text = strings.Join(st, " ")
					}
					st, err := p.ParseState(text, "state")
					if err != nil {
						return nil, err
					}
					e, err := twisty.NewEncoding(p, st, d)
					if err != nil {
						return nil, twisty.Locate(err, text, "state")
					}
					return e, nil
				}
			}
			in, name, closeIn, err := cmdio.Open(c.Args().First(), stdin)
			if err != nil {
				return err
			}
			defer closeIn()
			res, derr := moves.Decode(in, name, fallback)
			if derr != nil && !dimacs.AfterOutput(derr) {
				return derr
			}
			if derr != nil && res.Status != dimacs.Sat {
				return derr
			}
			switch res.Status {
			case dimacs.Unsat:
				return exitStatus{code: 20, msg: fmt.Sprintf("no solution in at most %d turns", res.Encoding.Depth)}
			case dimacs.Unknown:
				return exitStatus{code: 0, msg: "unknown: the solver gave no answer"}
			}
			w := bufio.NewWriterSize(stdout, 64<<10)
			for _, mv := range res.All {
				fmt.Fprintf(w, "c length %d\n%s\n", len(mv), strings.Join(mv, " "))
			}
			if err := w.Flush(); err != nil {
				return err
			}
			if derr != nil {
				return derr // the solver failed after these models
			}
			return exitStatus{code: 10}
		},
	}
	err := app.Run(args)
	var ue usageError
	var es exitStatus
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "cnf2moves: %v\n%s\n", ue.error, usageLine)
		return 2
	case errors.As(err, &es):
		if es.msg != "" {
			fmt.Fprintf(stderr, "cnf2moves: %s\n", es.msg)
		}
		return es.code
	}
	fmt.Fprintf(stderr, "cnf2moves: %v\n", err)
	return 1
}

func readPuzzle(path string) (*twisty.Puzzle, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return twisty.Parse(f, path)
}
