// Package queens2cnf is the queens2cnf command: its flags and what it does
// with them; its manual is cmd/queens2cnf/doc.go.
package queens2cnf

import (
	"strconv"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/queens"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// Main runs queens2cnf, whose manual is doc, on the process's arguments
// and returns its exit status.
func Main(doc string) int { return cmdio.Main(Tool(doc)) }

// options are queens2cnf's flags.
type options struct {
	n      int
	nFlag  cli.Flag
	rooks  bool
	style  cmdio.Style
	output cmdio.Output
}

// Tool returns queens2cnf, its flags bound to a new options.
func Tool(doc string) *cmdio.Tool {
	o := &options{}
	o.nFlag = &cli.IntFlag{Name: "n", Destination: &o.n, Usage: "the board's size `N`, 1 to 200 (or the operand N)"}
	return &cmdio.Tool{Name: "queens2cnf", Doc: doc, Action: o.run, Operands: "[--n] N",
		Flags: append([]cli.Flag{o.nFlag, &cli.BoolFlag{Name: "rooks", Destination: &o.rooks, Usage: "rooks instead of queens: no diagonal constraints"}},
			append(o.style.Flags("primary"), o.output.Flag())...),
	}
}

// run is queens2cnf's action.
func (o *options) run(c *cmdio.Cmd) error {
	n := o.n
	switch {
	case c.IsSet(o.nFlag) && c.NArg() > 0, c.NArg() > 1:
		return usage.Errorf("unexpected argument %q", c.Operand(c.NArg()-1))
	case c.NArg() == 1:
		var err error
		if n, err = strconv.Atoi(c.Operand(0)); err != nil {
			return usage.Errorf("board size %q is not a number", c.Operand(0))
		}
	case !c.IsSet(o.nFlag):
		return usage.Errorf("no board size N")
	}
	if err := queens.Check(n); err != nil {
		return usage.Wrap(err)
	}
	style, err := o.style.Style(c)
	if err != nil {
		return err
	}
	return o.output.Write(c, &dimacs.Stream{Encode: func(dst dimacs.Adder) (int, error) {
		return queens.Encode(dst, n, queens.Options{Rooks: o.rooks, Style: style}), nil
	}})
}
