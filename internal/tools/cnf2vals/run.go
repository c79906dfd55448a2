// Package cnf2vals is the cnf2vals command's action, apart from its flags
// (cmd/cnf2vals/main.go) and its manual (cmd/cnf2vals/doc.go).
package cnf2vals

import (
	"github.com/pipesat/pipesat/decoders/vals"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/cmdio"
)

// Run is cnf2vals's action.
func Run(c *cmdio.Cmd) error {
	if c.NArg() > 1 {
		return cmdio.Usagef("more than one input file")
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
	opts := vals.Options{Primary: c.Bool("primary"), True: c.Bool("true")}
	h, err := vals.ParseHeader(out.Pipesat)
	if err != nil {
		return out.Locate(err)
	}
	if p := c.String("cnf"); p != "" {
		r, cname, closeCNF, err := cmdio.Open(p, c.Stdin)
		if err != nil {
			return err
		}
		defer closeCNF()
		hc, f, err := vals.ReadCNF(r, cname)
		if err != nil {
			return err
		}
		h.Merge(hc)
		opts.Formula = f
	}
	w, done := cmdio.Out(c.String("output"), c.Stdout)
	// An error after the blocks (an incomplete count, "c at
	// least N solutions", or a failed solver) exits 1.
	res, err := vals.Write(w, out, h, opts)
	if err == nil {
		err = cmdio.Answer(int(res.Status))
	}
	return done(err)
}
