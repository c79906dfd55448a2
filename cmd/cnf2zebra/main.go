package main

import (
	_ "embed"
	"os"

	zdec "github.com/pipesat/pipesat/decoders/zebra"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/zebra"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Usage: "usage: cnf2zebra [--puzzle FILE] [-o FILE] [FILE|-]"}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "puzzle"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return cmdio.Usagef("more than one input file")
			}
			var opts zdec.Options
			if path := c.String("puzzle"); path != "" {
				if path == "-" && (c.NArg() == 0 || c.Args().First() == "-") {
					return cmdio.Usagef("--puzzle and the solver output cannot both be standard input")
				}
				r, name, closeP, err := cmdio.Open(path, c.App.Reader)
				if err != nil {
					return err
				}
				opts.Puzzle, err = zebra.Parse(r, name)
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
			res, err := zdec.Decode(w, out, opts) // an error also after the solutions (a failed solver)
			if err == nil {
				err = cmdio.Answer(int(res.Status))
			}
			return done(err)
		},
	}, tool))
}
