// Package bool2cnf is the bool2cnf command: its flags and what it does
// with them; its manual is cmd/bool2cnf/doc.go.
package bool2cnf

import (
	"fmt"
	"io"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/boolexpr"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// Main runs bool2cnf, whose manual is doc, on the process's arguments and
// returns its exit status.
func Main(doc string) int { return cmdio.Main(Tool(doc)) }

// options are bool2cnf's flags.
type options struct {
	polarity, dnf bool
	expr          string // -e
	exprFlag      cli.Flag
	style         cmdio.Style
	stats         bool
	output        cmdio.Output
}

// Tool returns bool2cnf, its flags bound to a new options.
func Tool(doc string) *cmdio.Tool {
	o := &options{}
	o.exprFlag = &cli.StringFlag{Name: "e", Destination: &o.expr, Usage: "encode `FORMULA` instead of a file"}
	return &cmdio.Tool{Name: "bool2cnf", Doc: doc, Action: o.run, Operands: "[FILE]",
		Flags: append(o.style.Flags("primary"),
			&cli.BoolFlag{Name: "polarity", Destination: &o.polarity, Usage: "Plaisted-Greenbaum: only the half of each definition its polarity needs"},
			&cli.BoolFlag{Name: "dnf", Destination: &o.dnf, Usage: "read tables of allowed rows (cells 0, 1 or -) instead of formulas"},
			o.exprFlag, o.output.Flag(), cmdio.StatsFlag(&o.stats)),
	}
}

// run is bool2cnf's action.
func (o *options) run(c *cmdio.Cmd) error {
	exprSet := c.IsSet(o.exprFlag)
	switch {
	case c.NArg() > 1:
		return c.NoOperandsAfter(1)
	case exprSet && c.NArg() > 0:
		return usage.Errorf("-e and an input file")
	case o.dnf && o.polarity:
		return usage.Errorf("--polarity does not apply to --dnf")
	}
	style, err := o.style.Style(c)
	if err != nil {
		return err
	}
	var in io.Reader = strings.NewReader(o.expr)
	name := "<-e>"
	if !exprSet {
		r, n, closeIn, err := cmdio.Open(c.Operand(0), c.Stdin)
		if err != nil {
			return err
		}
		defer closeIn()
		in, name = r, n
	}
	cnf, primary, err := encoder(in, name, o.dnf, o.polarity, style)
	if err != nil {
		return err
	}
	if err := o.output.Write(c, cnf); err != nil {
		return err
	}
	if st := cnf.Stats; o.stats {
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
