package main

import (
	_ "embed"
	"fmt"
	"os"

	"github.com/pipesat/pipesat/encoders/zebra"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Usage: "usage: zebra2cnf [--names none|primary|all] [--comments=false] [-o FILE] [--stats] [FILE|-]"}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "names", Value: "all"},
			&cli.BoolFlag{Name: "comments", Value: true},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
			&cli.BoolFlag{Name: "stats"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return cmdio.Usagef("more than one input file")
			}
			style, err := cmdio.Style(c.Context, c.String("names"), c.Bool("comments"))
			if err != nil {
				return err
			}
			in, name, closeIn, err := cmdio.Open(c.Args().First(), c.App.Reader)
			if err != nil {
				return err
			}
			defer closeIn()
			p, err := zebra.Parse(in, name)
			if err != nil {
				return err
			}
			f := zebra.NewFormula(p, style)
			if c.Bool("stats") {
				fmt.Fprintf(c.App.ErrWriter, "c %d houses, %d attributes, %d clues: %d variables (%d primary), %d clauses, %d literals\n",
					p.N, len(p.Attrs), len(p.Clues), f.Vars, p.Primary(), f.NumClauses(), f.NumLits())
			}
			return cmdio.Output(c.String("output"), f, c.App.Writer)
		},
	}, tool))
}
