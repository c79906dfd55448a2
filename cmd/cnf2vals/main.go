package main

import (
	_ "embed"
	"fmt"
	"os"

	"github.com/pipesat/pipesat/decoders/vals"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Usage: "usage: cnf2vals [--primary] [--true] [--cnf FILE] [-o FILE] [FILE|-]"}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "primary"},
			&cli.BoolFlag{Name: "true"},
			&cli.StringFlag{Name: "cnf"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return cmdio.Usagef("more than one input file")
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
			opts := vals.Options{Primary: c.Bool("primary"), True: c.Bool("true")}
			h, err := vals.ParseHeader(out.Pipesat)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			if p := c.String("cnf"); p != "" {
				r, cname, closeCNF, err := cmdio.Open(p, c.App.Reader)
				if err != nil {
					return err
				}
				defer closeCNF()
				hc, f, err := vals.ReadCNF(r, cname)
				if err != nil {
					return err
				}
				h.Merge(hc)
				opts.Formula = f
			}
			w, done := cmdio.Out(c.String("output"), c.App.Writer)
			// An error after the blocks (an incomplete count, "c at
			// least N solutions", or a failed solver) exits 1.
			res, err := vals.Write(w, out, h, opts)
			if err == nil {
				err = cmdio.Answer(int(res.Status))
			}
			return done(err)
		},
	}, tool))
}
