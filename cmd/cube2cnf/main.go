package main

import (
	_ "embed"
	"fmt"
	"io"
	"os"

	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Usage: `usage: cube2cnf --definition FILE (--state "W G O ..." | --moves "R U ..." | --scramble N [--seed S]) --depth K [--names none|primary|all] [--comments=false] [-o FILE]`}

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cmdio.Run(&cli.App{
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "definition", Aliases: []string{"puzzle"}},
			&cli.StringFlag{Name: "state"},
			&cli.StringFlag{Name: "moves"},
			&cli.IntFlag{Name: "scramble", Value: -1},
			&cli.Uint64Flag{Name: "seed", Value: 1},
			&cli.IntFlag{Name: "depth", Value: -1},
			&cli.StringFlag{Name: "names", Value: "primary"},
			&cli.BoolFlag{Name: "comments", Value: true},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
			&cli.BoolFlag{Name: "stats"},
			&cli.StringFlag{Name: "code", Value: "onehot"},
		},
		Action: func(c *cli.Context) error {
			start := twisty.Start{State: c.String("state"), Moves: c.String("moves"), Scramble: c.Int("scramble"), Seed: c.Uint64("seed")}
			d := c.Int("depth")
			switch err := start.Check(); {
			case c.NArg() > 0:
				return cmdio.Usagef("unexpected argument %q", c.Args().First())
			case c.String("definition") == "":
				return cmdio.Usagef("--definition is required")
			case err != nil:
				return cmdio.Usage(err)
			case d < 0 || d > twisty.MaxDepth:
				return cmdio.Usagef("--depth: want 0..%d", twisty.MaxDepth)
			}
			style, err := cmdio.Style(c.Context, c.String("names"), c.Bool("comments"))
			if err != nil {
				return err
			}
			code, err := twisty.ParseCode(c.String("code"))
			if err != nil {
				return cmdio.Usage(err)
			}
			p, err := twisty.ReadPuzzle(c.String("definition"), c.App.Reader)
			if err != nil {
				return err
			}
			st, _, _, err := start.Parse(p)
			if err != nil {
				return err
			}
			e, err := twisty.NewEncoding(p, st, d)
			if err != nil {
				return err
			}
			e.Code = code
			f := e.FormulaStyle(style)
			if c.Bool("stats") {
				fmt.Fprintf(c.App.ErrWriter, "c %s depth %d: %d variables (%d primary), %d clauses, %d literals\n",
					p.Name, d, f.Vars, d*(len(e.Turns)+1), f.NumClauses(), f.NumLits())
			}
			return cmdio.Output(c.String("output"), f, c.App.Writer)
		},
	}, tool, args, stdin, stdout, stderr)
}
