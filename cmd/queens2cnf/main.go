package main

import (
	_ "embed"
	"os"
	"strconv"

	"github.com/pipesat/pipesat/encoders/queens"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Usage: "usage: queens2cnf [--n] N [--rooks] [--names none|primary|all] [--comments=false] [-o FILE]"}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "n"},
			&cli.BoolFlag{Name: "rooks"},
			&cli.StringFlag{Name: "names", Value: "primary"},
			&cli.BoolFlag{Name: "comments", Value: true},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
		},
		Action: func(c *cli.Context) error {
			n := c.Int("n")
			switch {
			case c.IsSet("n") && c.NArg() > 0, c.NArg() > 1:
				return cmdio.Usagef("unexpected argument %q", c.Args().Get(c.NArg()-1))
			case c.NArg() == 1:
				var err error
				if n, err = strconv.Atoi(c.Args().First()); err != nil {
					return cmdio.Usagef("board size %q is not a number", c.Args().First())
				}
			case !c.IsSet("n"):
				return cmdio.Usagef("no board size N")
			}
			if err := queens.Check(n); err != nil {
				return cmdio.Usage(err)
			}
			style, err := cmdio.Style(c.Context, c.String("names"), c.Bool("comments"))
			if err != nil {
				return err
			}
			return cmdio.Output(c.String("output"), queens.NewFormula(n, c.Bool("rooks"), style), c.App.Writer)
		},
	}, tool))
}
