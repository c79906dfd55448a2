package main

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

const usageLine = `usage: cube2cnf --puzzle FILE (--state "W G O ..." | --moves "R U ..." | --scramble N [--seed S]) --depth K [-o FILE]`

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

// usageError marks errors in the command line.
type usageError struct{ error }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &cli.App{
		Name:                  "cube2cnf",
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
			&cli.StringFlag{Name: "moves"},
			&cli.IntFlag{Name: "scramble", Value: -1},
			&cli.Uint64Flag{Name: "seed", Value: 1},
			&cli.IntFlag{Name: "depth", Value: -1},
			&cli.StringFlag{Name: "o"},
			&cli.BoolFlag{Name: "stats"},
			&cli.StringFlag{Name: "code", Value: "onehot"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError{fmt.Errorf("unexpected argument %q", c.Args().First())}
			}
			if c.String("puzzle") == "" {
				return usageError{errors.New("--puzzle is required")}
			}
			if n := btoi(c.IsSet("state")) + btoi(c.IsSet("scramble")) + btoi(c.IsSet("moves")); n != 1 {
				return usageError{errors.New("give exactly one of --state, --moves and --scramble")}
			}
			d := c.Int("depth")
			if d < 0 || d > twisty.MaxDepth {
				return usageError{fmt.Errorf("--depth: want 0..%d", twisty.MaxDepth)}
			}
			if c.IsSet("scramble") && (c.Int("scramble") < 0 || c.Int("scramble") > 10000) {
				return usageError{errors.New("--scramble: want 0..10000")}
			}
			code, err := twisty.ParseCode(c.String("code"))
			if err != nil {
				return usageError{err}
			}
			p, err := readPuzzle(c.String("puzzle"), stdin)
			if err != nil {
				return err
			}
			text := c.String("state")
			if c.IsSet("scramble") {
				seed := c.Uint64("seed")
				_, st := p.Scramble(c.Int("scramble"), rand.New(rand.NewPCG(seed, seed)))
				text = strings.Join(st, " ")
			}
			if c.IsSet("moves") {
				mv, err := p.ParseMoves(c.String("moves"), "moves")
				if err != nil {
					return err
				}
				st, _ := p.Run(p.Goal, mv)
				text = strings.Join(st, " ")
			}
			st, err := p.ParseState(text, "state")
			if err != nil {
				return err
			}
			e, err := twisty.NewEncoding(p, st, d)
			if err != nil {
				return twisty.Locate(err, text, "state")
			}
			e.Code = code
			f := e.Formula()
			if c.Bool("stats") {
				fmt.Fprintf(stderr, "c %s depth %d: %d variables (%d primary), %d clauses, %d literals\n",
					p.Name, d, f.Vars, d*(len(e.Turns)+1), f.NumClauses(), f.NumLits())
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
		fmt.Fprintf(stderr, "cube2cnf: %v\n%s\n", ue.error, usageLine)
		return 2
	}
	fmt.Fprintf(stderr, "cube2cnf: %v\n", err)
	return 1
}

func readPuzzle(path string, stdin io.Reader) (*twisty.Puzzle, error) {
	if path == "-" {
		return twisty.Parse(stdin, "<stdin>")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return twisty.Parse(f, path)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
