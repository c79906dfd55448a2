// Package cube2cnf is the cube2cnf command's action, apart from its flags
// (cmd/cube2cnf/main.go) and its manual (cmd/cube2cnf/doc.go).
package cube2cnf

import (
	"fmt"

	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/pipesat/pipesat/internal/cmdio"
)

// Run is cube2cnf's action.
func Run(c *cmdio.Cmd) error {
	start := twisty.Start{State: c.String("state"), Moves: c.String("moves"), Scramble: c.Int("scramble"), Seed: c.Uint64("seed")}
	d := c.Int("depth")
	switch err := start.Check(); {
	case c.NArg() > 0:
		return cmdio.Usagef("unexpected argument %q", c.Operand(0))
	case c.String("definition") == "":
		return cmdio.Usagef("--definition is required")
	case err != nil:
		return cmdio.Usage(err)
	case d < 0 || d > twisty.MaxDepth:
		return cmdio.Usagef("--depth: want 0..%d", twisty.MaxDepth)
	}
	style, err := cmdio.Style(c.Context(), c.String("names"), c.Bool("comments"))
	if err != nil {
		return err
	}
	code, err := twisty.ParseCode(c.String("code"))
	if err != nil {
		return cmdio.Usage(err)
	}
	p, err := twisty.ReadPuzzle(c.String("definition"), c.Stdin)
	if err != nil {
		return err
	}
	st, _, _, err := start.Parse(p)
	if err != nil {
		return err
	}
	e, err := twisty.NewEncoding(p, st, d)
	if err != nil {
		return err
	}
	e.Code = code
	f := e.FormulaStyle(style)
	if c.Bool("stats") {
		fmt.Fprintf(c.Stderr, "c %s depth %d: %d variables (%d primary), %d clauses, %d literals\n",
			p.Name, d, f.Vars, d*(len(e.Turns)+1), f.NumClauses(), f.NumLits())
	}
	return cmdio.Output(c.String("output"), f, c.Stdout)
}
