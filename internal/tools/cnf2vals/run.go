// Package cnf2vals is the cnf2vals command's action, apart from its flags
// (cmd/cnf2vals/main.go) and its manual (cmd/cnf2vals/doc.go).
package cnf2vals

import (
	"io"

	"github.com/pipesat/pipesat/decoders/vals"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/cmdio"
)

// Run is cnf2vals's action.
func Run(c *cmdio.Cmd) error {
	opts := vals.Options{Primary: c.Bool("primary"), True: c.Bool("true")}
	var hc *vals.VarInfo
	if p := c.String("cnf"); p != "" {
		r, cname, closeCNF, err := cmdio.Open(p, c.Stdin)
		if err != nil {
			return err
		}
		hc, opts.Formula, err = vals.ReadCNF(r, cname)
		if closeCNF(); err != nil {
			return err
		}
	}
	return cmdio.DecodeAnswer(c, func(w io.Writer, out *dimacs.Output) (dimacs.Status, error) {
		h, err := vals.ParseVarInfo(out.Pipesat)
		if err != nil {
			return 0, out.Locate(err)
		}
		if hc != nil {
			h.Merge(hc)
		}
		// An error after the blocks (an incomplete count, "c at least N
		// solutions", or a failed solver) exits 1.
		res, err := vals.Write(w, out, h, opts)
		return res.Status, err
	})
}
