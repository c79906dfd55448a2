// Package queens2cnf is the queens2cnf command's action, apart from its flags
// (cmd/queens2cnf/main.go) and its manual (cmd/queens2cnf/doc.go).
package queens2cnf

import (
	"strconv"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/queens"
	"github.com/pipesat/pipesat/internal/cmdio"
)

// Run is queens2cnf's action.
func Run(c *cmdio.Cmd) error {
	n := c.Int("n")
	switch {
	case c.IsSet("n") && c.NArg() > 0, c.NArg() > 1:
		return cmdio.Usagef("unexpected argument %q", c.Operand(c.NArg()-1))
	case c.NArg() == 1:
		var err error
		if n, err = strconv.Atoi(c.Operand(0)); err != nil {
			return cmdio.Usagef("board size %q is not a number", c.Operand(0))
		}
	case !c.IsSet("n"):
		return cmdio.Usagef("no board size N")
	}
	if err := queens.Check(n); err != nil {
		return cmdio.Usage(err)
	}
	style, err := cmdio.Style(c.Context(), c.String("names"), c.Bool("comments"))
	if err != nil {
		return err
	}
	return cmdio.Output(c.String("output"), &dimacs.Stream{Encode: func(dst dimacs.Adder) (int, error) {
		return queens.Encode(dst, n, queens.Options{Rooks: c.Bool("rooks"), Style: style}), nil
	}}, c.Stdout)
}
