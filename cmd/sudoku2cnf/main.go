package main

import (
	_ "embed"
	"fmt"
	"os"

	"github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Usage: "usage: sudoku2cnf [--index K] [--symbols auto|1-G|0-F] [--amo pairwise|sequential|commander] [--names none|primary|all] [--comments=false] [-o FILE] [FILE|-]"}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "index"},
			&cli.StringFlag{Name: "amo", Value: "pairwise"},
			&cli.StringFlag{Name: "symbols", Value: "auto"},
			&cli.StringFlag{Name: "names", Value: "primary"},
			&cli.BoolFlag{Name: "comments", Value: true},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
			&cli.BoolFlag{Name: "stats"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return cmdio.Usagef("more than one input file")
			}
			amo, err := sudoku.ParseAMO(c.String("amo"))
			if err != nil {
				return cmdio.Usage(err)
			}
			nt, err := sudoku.NotationOf(c.String("symbols"))
			if err != nil {
				return cmdio.Usagef("--symbols: %v", err)
			}
			style, err := cmdio.Style(c.Context, c.String("names"), c.Bool("comments"))
			if err != nil {
				return err
			}
			if c.IsSet("index") && c.Int("index") < 1 {
				return cmdio.Usagef("--index %d: want 1 or more", c.Int("index"))
			}
			in, name, closeIn, err := cmdio.Open(c.Args().First(), c.App.Reader)
			if err != nil {
				return err
			}
			defer closeIn()
			p, err := sudoku.ParseNotation(in, name, c.Int("index"), nt)
			if err != nil {
				return err
			}
			f := sudoku.NewFormula(p, amo, style)
			if c.Bool("stats") {
				fmt.Fprintf(c.App.ErrWriter, "c %dx%d %s: %d variables (%d primary), %d clauses, %d literals\n",
					p.N, p.N, amo, f.Vars, p.N*p.N*p.N, f.NumClauses(), f.NumLits())
			}
			return cmdio.Output(c.String("output"), f, c.App.Writer)
		},
	}, tool))
}
