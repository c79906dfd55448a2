// Package sudoku2cnf is the sudoku2cnf command's action, apart from its flags
// (cmd/sudoku2cnf/main.go) and its manual (cmd/sudoku2cnf/doc.go).
package sudoku2cnf

import (
	"fmt"
	"io"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/internal/cmdio"
)

// Run is sudoku2cnf's action.
func Run(c *cmdio.Cmd) error {
	if err := c.NoOperandsAfter(1); err != nil {
		return err
	}
	amo, err := sudoku.ParseAMO(c.String("amo"))
	if err != nil {
		return cmdio.Usage(err)
	}
	nt, err := sudoku.NotationOf(c.String("symbols"))
	if err != nil {
		return cmdio.Usagef("--symbols: %v", err)
	}
	style, err := cmdio.Style(c.Context(), c.String("names"), c.Bool("comments"))
	if err != nil {
		return err
	}
	if c.IsSet("index") && c.Int("index") < 1 {
		return cmdio.Usagef("--index %d: want 1 or more", c.Int("index"))
	}
	p, err := cmdio.Input(c, func(r io.Reader, name string) (*sudoku.Puzzle, error) {
		return sudoku.ParseNotation(r, name, c.Int("index"), nt)
	})
	if err != nil {
		return err
	}
	cnf := &dimacs.Stream{Encode: func(dst dimacs.Adder) (int, error) {
		return sudoku.Encode(dst, p, sudoku.Options{AMO: amo, Style: style}), nil
	}}
	if err := cmdio.Output(c.String("output"), cnf, c.Stdout); err != nil {
		return err
	}
	if st := cnf.Stats; c.Bool("stats") {
		fmt.Fprintf(c.Stderr, "c %dx%d %s: %d variables (%d primary), %d clauses, %d literals\n",
			p.N, p.N, amo, st.Vars, p.N*p.N*p.N, st.Clauses, st.Lits)
	}
	return nil
}
