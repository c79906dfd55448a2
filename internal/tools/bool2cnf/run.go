// Package bool2cnf is the bool2cnf command's action, apart from its flags
// (cmd/bool2cnf/main.go) and its manual (cmd/bool2cnf/doc.go).
package bool2cnf

import (
	"fmt"
	"io"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/boolexpr"
	"github.com/pipesat/pipesat/encoders/header"
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
	f, primary, err := encode(in, name, c.Bool("dnf"), c.Bool("polarity"), style)
	if err != nil {
		return err
	}
	if c.Bool("stats") {
		fmt.Fprintf(c.Stderr, "c %d variables (%d primary), %d clauses, %d literals\n",
			f.Vars, primary, f.NumClauses(), f.NumLits())
	}
	return cmdio.Output(c.String("output"), f, c.Stdout)
}

// encode returns the CNF of the formula (or with dnf, the truth tables) in
// and the number of its primary variables.
func encode(in io.Reader, name string, dnf, polarity bool, style header.Style) (*dimacs.Formula, int, error) {
	f := &dimacs.Formula{}
	if dnf {
		ts, err := boolexpr.ParseTables(in, name)
		if err != nil {
			return nil, 0, err
		}
		boolexpr.EncodeTablesStyle(ts, f, style)
		return f, len(ts.Vars), nil
	}
	file, err := boolexpr.Parse(in, name)
	if err != nil {
		return nil, 0, err
	}
	boolexpr.Encode(file, f, boolexpr.Options{Polarity: polarity, Style: style})
	return f, len(file.Vars), nil
}
