package main

import (
	"bufio"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/solver"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

const usageLine = `usage: cubesolve --puzzle FILE (--state "W G O ..." | --moves "R U ..." | --scramble N [--seed S]) [--solver NAME] [--max-depth K]`

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

// usageError marks errors in the command line.
type usageError struct{ error }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// SIGINT, SIGTERM and SIGHUP end ctx: the solver's whole tree is
	// stopped and the temporary files removed; the exit status is then
	// 128 plus the signal's number.
	ctx, stop := cmdio.SignalContext(context.Background())
	defer stop()
	app := &cli.App{
		Name:                  "cubesolve",
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
			&cli.StringFlag{Name: "solver", Value: "auto"},
			&cli.IntFlag{Name: "max-depth", Value: -1},
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
			if c.IsSet("scramble") && (c.Int("scramble") < 0 || c.Int("scramble") > 10000) {
				return usageError{errors.New("--scramble: want 0..10000")}
			}
			if c.IsSet("max-depth") && (c.Int("max-depth") < 0 || c.Int("max-depth") > twisty.MaxDepth) {
				return usageError{fmt.Errorf("--max-depth: want 0..%d", twisty.MaxDepth)}
			}
			s, err := solver.Lookup(c.String("solver"))
			if err != nil {
				return err
			}
			p, err := readPuzzle(c.String("puzzle"))
			if err != nil {
				return err
			}
			w := bufio.NewWriterSize(stdout, 64<<10)
			text := c.String("state")
			if c.IsSet("scramble") {
				seed := c.Uint64("seed")
				mv, st := p.Scramble(c.Int("scramble"), rand.New(rand.NewPCG(seed, seed)))
				text = strings.Join(st, " ")
				fmt.Fprintf(w, "c scramble %s\nc state %s\n", strings.Join(mv, " "), text)
			}
			if c.IsSet("moves") {
				mv, err := p.ParseMoves(c.String("moves"), "moves")
				if err != nil {
					return err
				}
				st, _ := p.Run(p.Goal, mv)
				text = strings.Join(st, " ")
				fmt.Fprintf(w, "c state %s\n", text)
			}
			st, err := p.ParseState(text, "state")
			if err != nil {
				return err
			}
			max := c.Int("max-depth")
			if max < 0 {
				max = p.MaxDepth
				if max == 0 {
					max = 20
				}
			}
			// Check the state once before any solving.
			if _, err := twisty.NewEncoding(p, st, 0); err != nil {
				return twisty.Locate(err, text, "state")
			}
			moves, err := twisty.Solve(ctx, s, p, st, max, func(step twisty.Step) {
				fmt.Fprintf(stderr, "c depth %d: %s %.3fs (%s, %d vars, %d clauses)\n",
					step.Depth, step.Status, step.Wall.Seconds(), s.Name(), step.Vars, step.Clauses)
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "c length %d\n%s\n", len(moves), strings.Join(moves, " "))
			return w.Flush()
		},
	}
	err := app.Run(args)
	var ue usageError
	if code, ok := cmdio.SignalStatus(ctx); ok {
		fmt.Fprintf(stderr, "cubesolve: stopped: %v\n", context.Cause(ctx))
		return code
	}
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "cubesolve: %v\n%s\n", ue.error, usageLine)
		return 2
	}
	fmt.Fprintf(stderr, "cubesolve: %v\n", err)
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

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
