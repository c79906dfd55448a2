package main

import (
	"bytes"
	_ "embed"
	"io"
	"os"

	"github.com/pipesat/pipesat/decoders/grid"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Usage: "usage: cnf2grid [--format text|unicode|goal|png|svg|board] [--puzzle FILE] [-W N -H N] [--count] [--colour auto|always|never] [-o FILE] [FILE|-]"}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format"},
			&cli.StringFlag{Name: "puzzle"},
			&cli.IntFlag{Name: "W"},
			&cli.IntFlag{Name: "H"},
			&cli.BoolFlag{Name: "count"},
			&cli.StringFlag{Name: "colour", Aliases: []string{"color"}, Value: "auto"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
		},
		Action: func(c *cli.Context) error {
			opts := grid.Options{Width: c.Int("W"), Height: c.Int("H"), Count: c.Bool("count")}
			switch {
			case c.NArg() > 1:
				return cmdio.Usagef("unexpected argument %q", c.Args().Get(1))
			case c.IsSet("W") != c.IsSet("H"):
				return cmdio.Usagef("-W and -H go together")
			case c.IsSet("W") && (opts.Width < 1 || opts.Height < 1):
				return cmdio.Usagef("-W %d -H %d: sizes must be positive", opts.Width, opts.Height)
			}
			ansi, err := grid.WantANSI(c.String("colour"), c.String("output"), c.App.Writer)
			if err != nil {
				return cmdio.Usagef("--colour: %v", err)
			}
			opts.ANSI = ansi
			if s := c.String("format"); s != "" {
				f, err := grid.ParseFormat(s)
				if err != nil {
					return cmdio.Usagef("--format: %v", err)
				}
				opts.Format = f
			}
			if path := c.String("puzzle"); path != "" {
				r, name, closeP, err := cmdio.Open(path, c.App.Reader)
				if err != nil {
					return err
				}
				opts.Puzzle, err = nonogram.Read(r, name, nonogram.Auto)
				if closeP(); err != nil {
					return err
				}
			}
			in, name, closeIn, err := cmdio.Open(c.Args().First(), c.App.Reader)
			if err != nil {
				return err
			}
			defer closeIn()
			var out, msg bytes.Buffer
			res, derr := grid.Decode(in, name, opts, &out, &msg)
			if derr != nil && !dimacs.AfterOutput(derr) {
				return derr
			}
			// An incomplete count or a failed solver: the output stands,
			// then exit 1 (derr).
			if err := cmdio.Output(c.String("output"), &out, c.App.Writer); err != nil {
				return err
			}
			io.Copy(c.App.ErrWriter, &msg)
			if derr != nil {
				return derr
			}
			return cmdio.ExitStatus{Code: int(res.Status)}
		},
	}, tool))
}
