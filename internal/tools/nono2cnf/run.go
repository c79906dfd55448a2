// Package nono2cnf is the nono2cnf command: its flags and what it does
// with them; its manual is cmd/nono2cnf/doc.go.
package nono2cnf

import (
	"fmt"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/cmdio/nonoflag"
	"github.com/urfave/cli/v2"
)

// Main runs nono2cnf, whose manual is doc, on the process's arguments and
// returns its exit status.
func Main(doc string) int { return cmdio.Main(Tool(doc)) }

// options are nono2cnf's flags.
type options struct {
	nonogram          nonoflag.Nonogram
	presolve, probe   bool
	style             cmdio.Style
	noComments, stats bool
	output            cmdio.Output
}

// Tool returns nono2cnf, its flags bound to a new options.
func Tool(doc string) *cmdio.Tool {
	o := &options{}
	return &cmdio.Tool{Name: "nono2cnf", Doc: doc, Action: o.run, Operands: "[FILE]",
		Flags: append(append(o.nonogram.Flags(), o.style.Flags("primary", "cells")...),
			&cli.BoolFlag{Name: "presolve", Value: true, Destination: &o.presolve, Usage: "fix the cells line logic (and probing) settle before encoding"},
			&cli.BoolFlag{Name: "probe", Value: true, Destination: &o.probe, Usage: "presolve with probing too, not line logic alone"},
			&cli.BoolFlag{Name: "no-comments", Destination: &o.noComments, Usage: "bare DIMACS: no comment line at all (and so no header for the decoders)"},
			cmdio.StatsFlag(&o.stats), o.output.Flag()),
	}
}

// run is nono2cnf's action.
func (o *options) run(c *cmdio.Cmd) error {
	if err := c.NoOperandsAfter(1); err != nil {
		return err
	}
	if err := o.nonogram.Check(c); err != nil {
		return err
	}
	if o.style.Names == "cells" { // the old name of primary
		o.style.Names = "primary"
	}
	style, err := o.style.Style(c)
	if err != nil {
		return err
	}
	p, name, err := o.nonogram.Read(c)
	if err != nil {
		return err
	}
	opts := o.nonogram.Options()
	opts.Style = style
	start := time.Now()
	switch {
	case o.presolve && o.probe:
		opts.Presolved = nonogram.Presolve(p)
	case o.presolve:
		opts.Presolved = nonogram.PresolveLines(p)
	}
	if opts.Presolved != nil && !o.nonogram.EncodingGiven(c) {
		// The encoding of a search on the cells left open.
		opts.Encoding = opts.Presolved.Search()
	}
	presolved := time.Since(start)
	start = time.Now()
	opts.PresolveNote = "nono2cnf --presolve=false writes them"
	cnf := &dimacs.Stream{Bare: o.noComments, Encode: func(dst dimacs.Adder) (int, error) {
		n, err := nonogram.Encode(dst, p, opts)
		return n, o.nonogram.Words(err)
	}}
	if err := o.output.Write(c, cnf); err != nil {
		return err
	}
	if st := cnf.Stats; o.stats {
		encoded := time.Since(start)
		if ps := opts.Presolved; ps != nil {
			fmt.Fprintf(c.Stderr, "nono2cnf: %s: presolve fixed %d of %d cells (probing %d of them) in %v\n",
				name, ps.Fixed(), p.Width*p.Height, ps.Probed(), presolved.Round(time.Microsecond))
		}
		fmt.Fprintf(c.Stderr, "nono2cnf: %s: %s encoding: %d variables, %d clauses, %d literals, encoded in %v\n",
			name, opts.Encoding, st.Vars, st.Clauses, st.Lits, encoded.Round(time.Microsecond))
	}
	return nil
}
