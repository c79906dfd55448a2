package main

import (
	_ "embed"
	"fmt"
	"os"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Usage: "usage: nono2cnf [--input-format F] [--encoding E] [--max-patterns N] [--names none|primary|all] [--comments=false] [--no-comments] [--stats] [-o FILE] [FILE|-]"}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "input-format", Value: "auto"},
			&cli.StringFlag{Name: "encoding", Value: "automaton"},
			&cli.IntFlag{Name: "max-patterns", Value: nonogram.DefaultMaxPatterns},
			&cli.StringFlag{Name: "names", Value: "primary"},
			&cli.BoolFlag{Name: "comments", Value: true},
			&cli.BoolFlag{Name: "no-comments"},
			&cli.BoolFlag{Name: "stats"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return cmdio.Usagef("unexpected argument %q", c.Args().Get(1))
			}
			format, err := nonogram.ParseFormat(c.String("input-format"))
			if err != nil {
				return cmdio.Usagef("--input-format: %v", err)
			}
			enc, err := nonogram.ParseEncoding(c.String("encoding"))
			if err != nil {
				return cmdio.Usagef("--encoding: %v", err)
			}
			names := c.String("names")
			if names == "cells" { // the old name of primary
				names = "primary"
			}
			style, err := cmdio.Style(c.Context, names, c.Bool("comments"))
			if err != nil {
				return err
			}
			if c.Int("max-patterns") < 1 {
				return cmdio.Usagef("--max-patterns: %d is not positive", c.Int("max-patterns"))
			}
			in, name, closeIn, err := cmdio.Open(c.Args().First(), c.App.Reader)
			if err != nil {
				return err
			}
			defer closeIn()
			p, err := nonogram.Read(in, name, format)
			if err != nil {
				return err
			}
			opts := nonogram.Options{Encoding: enc, MaxPatterns: c.Int("max-patterns"), Style: style}
			start := time.Now()
			f := &dimacs.Formula{}
			var st nonogram.Stats
			if c.Bool("no-comments") {
				st, err = nonogram.Encode(p, f, nonogram.Options{Encoding: opts.Encoding, MaxPatterns: opts.MaxPatterns})
				f.Vars = st.Vars
			} else {
				f, st, err = nonogram.NewFormula(p, opts)
			}
			if err != nil {
				return err
			}
			if c.Bool("stats") {
				fmt.Fprintf(c.App.ErrWriter, "nono2cnf: %s: %s encoding: %d variables, %d clauses, %d literals, encoded in %v\n",
					name, enc, st.Vars, st.Clauses, st.Lits, time.Since(start).Round(time.Microsecond))
			}
			return cmdio.Output(c.String("output"), f, c.App.Writer)
		},
	}, tool))
}
