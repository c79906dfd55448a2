// Package zebra2cnf is the zebra2cnf command's action, apart from its flags
// (cmd/zebra2cnf/main.go) and its manual (cmd/zebra2cnf/doc.go).
package zebra2cnf

import (
	"fmt"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/zebra"
	"github.com/pipesat/pipesat/internal/cmdio"
)

// Run is zebra2cnf's action.
func Run(c *cmdio.Cmd) error {
	style, err := cmdio.Style(c.Context(), c.String("names"), c.Bool("comments"))
	if err != nil {
		return err
	}
	p, err := cmdio.Input(c, zebra.Parse)
	if err != nil {
		return err
	}
	cnf := &dimacs.Stream{Encode: func(dst dimacs.Adder) (int, error) { return zebra.Encode(dst, p, style), nil }}
	if err := cmdio.Output(c.String("output"), cnf, c.Stdout); err != nil {
		return err
	}
	if st := cnf.Stats; c.Bool("stats") {
		fmt.Fprintf(c.Stderr, "c %d houses, %d attributes, %d clues: %d variables (%d primary), %d clauses, %d literals\n",
			p.N, len(p.Attrs), len(p.Clues), st.Vars, p.Primary(), st.Clauses, st.Lits)
	}
	return nil
}
