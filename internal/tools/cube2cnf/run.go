// Package cube2cnf is the cube2cnf command's action, apart from its flags
// (cmd/cube2cnf/main.go) and its manual (cmd/cube2cnf/doc.go).
package cube2cnf

import (
	"fmt"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/pipesat/pipesat/internal/cmdio"
)

// Run is cube2cnf's action.
func Run(c *cmdio.Cmd) error {
	start := Start(c)
	d := c.Int("depth")
	if err := c.NoOperandsAfter(0); err != nil {
		return err
	} else if err := start.Check(); err != nil {
		return cmdio.Usage(err)
	} else if err := twisty.CheckDepth("--depth", d); err != nil {
		return cmdio.Usage(err)
	}
	style, err := cmdio.Style(c.Context(), c.String("names"), c.Bool("comments"))
	if err != nil {
		return err
	}
	code, err := twisty.ParseCode(c.String("code"))
	if err != nil {
		return cmdio.Usage(err)
	}
	p, st, _, _, err := start.Load(c.Stdin)
	if err != nil {
		return err
	}
	e, err := twisty.NewEncoding(p, st, d)
	if err != nil {
		return err
	}
	e.Code = code
	cnf := &dimacs.Stream{Encode: func(dst dimacs.Adder) (int, error) { return e.Encode(dst, style), nil }}
	if err := cmdio.Output(c.String("output"), cnf, c.Stdout); err != nil {
		return err
	}
	if st := cnf.Stats; c.Bool("stats") {
		fmt.Fprintf(c.Stderr, "c %s depth %d: %d variables (%d primary), %d clauses, %d literals\n",
			p.Name, d, st.Vars, d*(len(e.Turns)+1), st.Clauses, st.Lits)
	}
	return nil
}

// Start returns the puzzle and start state the flags of cube2cnf and
// cubesolve (--definition, --state, --moves, --scramble, --seed) give.
func Start(c *cmdio.Cmd) twisty.Start {
	return twisty.Start{Definition: c.String("definition"), State: c.String("state"), Moves: c.String("moves"),
		Scramble: c.Int("scramble"), Seed: c.Uint64("seed")}
}
