// Package zebra2cnf is the zebra2cnf command: its flags and what it does
// with them; its manual is cmd/zebra2cnf/doc.go.
package zebra2cnf

import (
	"fmt"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/zebra"
	"github.com/pipesat/pipesat/internal/cmdio"
)

// Main runs zebra2cnf, whose manual is doc, on the process's arguments
// and returns its exit status.
func Main(doc string) int { return cmdio.Main(Tool(doc)) }

// options are zebra2cnf's flags.
type options struct {
	style  cmdio.Style
	stats  bool
	output cmdio.Output
}

// Tool returns zebra2cnf, its flags bound to a new options.
func Tool(doc string) *cmdio.Tool {
	o := &options{}
	return &cmdio.Tool{Name: "zebra2cnf", Doc: doc, Action: o.run, Operands: "[FILE]",
		Flags: append(o.style.Flags("all"), o.output.Flag(), cmdio.StatsFlag(&o.stats)),
	}
}

// run is zebra2cnf's action.
func (o *options) run(c *cmdio.Cmd) error {
	style, err := o.style.Style(c)
	if err != nil {
		return err
	}
	p, err := cmdio.Input(c, zebra.Parse)
	if err != nil {
		return err
	}
	cnf := &dimacs.Stream{Encode: func(dst dimacs.Adder) (int, error) { return zebra.Encode(dst, p, style), nil }}
	if err := o.output.Write(c, cnf); err != nil {
		return err
	}
	if st := cnf.Stats; o.stats {
		fmt.Fprintf(c.Stderr, "c %d houses, %d attributes, %d clues: %d variables (%d primary), %d clauses, %d literals\n",
			p.N, len(p.Attrs), len(p.Clues), st.Vars, p.Primary(), st.Clauses, st.Lits)
	}
	return nil
}
