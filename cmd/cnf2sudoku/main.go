package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/decoders/sudoku"
	"github.com/pipesat/pipesat/dimacs"
	encsudoku "github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Usage: "usage: cnf2sudoku [--puzzle FILE [--index K] [--symbols auto|1-G|0-F]] [--size N] [--line] [-o FILE] [FILE|-]"}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "puzzle"},
			&cli.IntFlag{Name: "index"},
			&cli.StringFlag{Name: "symbols", Value: "auto"},
			&cli.IntFlag{Name: "size"},
			&cli.BoolFlag{Name: "line"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
		},
		Action: func(c *cli.Context) error {
			opts := sudoku.Options{N: c.Int("size"), Line: c.Bool("line")}
			switch {
			case c.NArg() > 1:
				return cmdio.Usagef("more than one input file")
			case c.IsSet("index") && c.Int("index") < 1:
				return cmdio.Usagef("--index %d: want 1 or more", c.Int("index"))
			case c.IsSet("index") && !c.IsSet("puzzle"):
				return cmdio.Usagef("--index needs --puzzle")
			}
			nt, err := encsudoku.NotationOf(c.String("symbols"))
			if err != nil {
				return cmdio.Usagef("--symbols: %v", err)
			}
			if _, err := encsudoku.New(opts.N); opts.N != 0 && err != nil {
				return cmdio.Usagef("--size %d: want 4, 9, 16 or 25", opts.N)
			}
			if path := c.String("puzzle"); path != "" {
				r, name, closeP, err := cmdio.Open(path, c.App.Reader)
				if err != nil {
					return err
				}
				opts.Puzzle, err = encsudoku.ParseNotation(r, name, c.Int("index"), nt)
				if closeP(); err != nil {
					return err
				}
			}
			in, name, closeIn, err := cmdio.Open(c.Args().First(), c.App.Reader)
			if err != nil {
				return err
			}
			defer closeIn()
			out, err := dimacs.ReadAnswer(in, name)
			if err != nil {
				return err
			}
			w, done := cmdio.Out(c.String("output"), c.App.Writer)
			res, err := sudoku.Decode(w, out, opts) // an error also after the grids (a failed solver)
			if err == nil {
				err = cmdio.Answer(int(res.Status))
			}
			return done(err)
		},
	}, tool))
}
