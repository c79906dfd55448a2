// Package bool2cnf is the bool2cnf command's action, apart from its flags
// (cmd/bool2cnf/main.go) and its manual (cmd/bool2cnf/doc.go).
package bool2cnf

import (
	"fmt"
	"io"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/boolexpr"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/internal/cmdio"
)

// Run is bool2cnf's action.
func Run(c *cmdio.Cmd) error {
	switch {
	case c.NArg() > 1:
		return c.NoOperandsAfter(1)
	case c.IsSet("e") && c.NArg() > 0:
		return cmdio.Usagef("-e and an input file")
	case c.Bool("dnf") && c.Bool("polarity"):
		return cmdio.Usagef("--polarity does not apply to --dnf")
	}
	style, err := cmdio.Style(c.Context(), c.String("names"), c.Bool("comments"))
	if err != nil {
		return err
	}
	var in io.Reader = strings.NewReader(c.String("e"))
	name := "<-e>"
	if !c.IsSet("e") {
		r, n, closeIn, err := cmdio.Open(c.Operand(0), c.Stdin)
		if err != nil {
			return err
		}
		defer closeIn()
		in, name = r, n
	}
	cnf, primary, err := encoder(in, name, c.Bool("dnf"), c.Bool("polarity"), style)
	if err != nil {
		return err
	}
	if err := cmdio.Output(c.String("output"), cnf, c.Stdout); err != nil {
		return err
	}
	if st := cnf.Stats; c.Bool("stats") {
		fmt.Fprintf(c.Stderr, "c %d variables (%d primary), %d clauses, %d literals\n",
			st.Vars, primary, st.Clauses, st.Lits)
	}
	return nil
}

// encoder returns the CNF of the formula (or with dnf, the truth tables)
// in, to be written, and the number of its primary variables.
func encoder(in io.Reader, name string, dnf, polarity bool, style cnfstyle.Style) (*dimacs.Stream, int, error) {
	if dnf {
		ts, err := boolexpr.ParseTables(in, name)
		if err != nil {
			return nil, 0, err
		}
		return &dimacs.Stream{Encode: func(dst dimacs.Adder) (int, error) { return boolexpr.EncodeTables(dst, ts, style), nil }}, len(ts.Vars), nil
	}
	file, err := boolexpr.Parse(in, name)
	if err != nil {
		return nil, 0, err
	}
	return &dimacs.Stream{Encode: func(dst dimacs.Adder) (int, error) {
		return boolexpr.Encode(dst, file, boolexpr.Options{Polarity: polarity, Style: style}), nil
	}}, len(file.Vars), nil
}
