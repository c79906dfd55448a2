// Package sudoku2cnf is the sudoku2cnf command: its flags and what it does
// with them; its manual is cmd/sudoku2cnf/doc.go.
package sudoku2cnf

import (
	"fmt"
	"io"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/cmdio/sudokuflag"
	"github.com/pipesat/pipesat/internal/usage"
)

// Main runs sudoku2cnf, whose manual is doc, on the process's arguments
// and returns its exit status.
func Main(doc string) int { return cmdio.Main(Tool(doc)) }

// options are sudoku2cnf's flags.
type options struct {
	sudoku sudokuflag.Sudoku
	amo    string
	style  cmdio.Style
	stats  bool
	output cmdio.Output
}

// Tool returns sudoku2cnf, its flags bound to a new options.
func Tool(doc string) *cmdio.Tool {
	o := &options{}
	return &cmdio.Tool{Name: "sudoku2cnf", Doc: doc, Action: o.run, Operands: "[FILE]",
		Flags: append(append(o.sudoku.Flags(), o.style.Flags("primary")...),
			cmdio.ChoiceFlag("amo", &o.amo, "pairwise", "the `ENCODING` of \"at most one\" (value per cell, cell per value)", sudoku.AMONames...),
			o.output.Flag(), cmdio.StatsFlag(&o.stats)),
	}
}

// run is sudoku2cnf's action.
func (o *options) run(c *cmdio.Cmd) error {
	if err := c.NoOperandsAfter(1); err != nil {
		return err
	}
	amo, err := sudoku.ParseAMO(o.amo)
	if err != nil {
		return usage.Wrap(err)
	}
	nt, err := o.sudoku.Notation(c)
	if err != nil {
		return err
	}
	style, err := o.style.Style(c)
	if err != nil {
		return err
	}
	p, err := cmdio.Input(c, func(r io.Reader, name string) (*sudoku.Puzzle, error) {
		p, err := sudoku.ParseNotation(r, name, o.sudoku.Index.K, nt)
		return p, o.sudoku.Words(err)
	})
	if err != nil {
		return err
	}
	cnf := &dimacs.Stream{Encode: func(dst dimacs.Adder) (int, error) {
		return sudoku.Encode(dst, p, sudoku.Options{AMO: amo, Style: style}), nil
	}}
	if err := o.output.Write(c, cnf); err != nil {
		return err
	}
	if st := cnf.Stats; o.stats {
		fmt.Fprintf(c.Stderr, "c %dx%d %s: %d variables (%d primary), %d clauses, %d literals\n",
			p.N, p.N, amo, st.Vars, p.N*p.N*p.N, st.Clauses, st.Lits)
	}
	return nil
}
