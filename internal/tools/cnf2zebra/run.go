// Package cnf2zebra is the cnf2zebra command's action, apart from its flags
// (cmd/cnf2zebra/main.go) and its manual (cmd/cnf2zebra/doc.go).
package cnf2zebra

import (
	zdec "github.com/pipesat/pipesat/decoders/zebra"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/zebra"
	"github.com/pipesat/pipesat/internal/cmdio"
)

// Run is cnf2zebra's action.
func Run(c *cmdio.Cmd) error {
	if c.NArg() > 1 {
		return cmdio.Usagef("more than one input file")
	}
	var opts zdec.Options
	if path := c.String("puzzle"); path != "" {
		if path == "-" && (c.NArg() == 0 || c.Operand(0) == "-") {
			return cmdio.Usagef("--puzzle and the solver output cannot both be standard input")
		}
		r, name, closeP, err := cmdio.Open(path, c.Stdin)
		if err != nil {
			return err
		}
		opts.Puzzle, err = zebra.Parse(r, name)
		if closeP(); err != nil {
			return err
		}
	}
	in, name, closeIn, err := cmdio.Open(c.Operand(0), c.Stdin)
	if err != nil {
		return err
	}
	defer closeIn()
	out, err := dimacs.ReadAnswer(in, name)
	if err != nil {
		return err
	}
	w, done := cmdio.Out(c.String("output"), c.Stdout)
	res, err := zdec.Decode(w, out, opts) // an error also after the solutions (a failed solver)
	if err == nil {
		err = cmdio.Answer(int(res.Status))
	}
	return done(err)
}
