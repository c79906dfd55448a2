// Package cnf2vals is the cnf2vals command: its flags and what it does
// with them; its manual is cmd/cnf2vals/doc.go.
package cnf2vals

import (
	"errors"
	"fmt"
	"io"

	"github.com/pipesat/pipesat/decoders/vals"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

// Main runs cnf2vals, whose manual is doc, on the process's arguments and
// returns its exit status.
func Main(doc string) int { return cmdio.Main(Tool(doc)) }

// options are cnf2vals's flags.
type options struct {
	primary, onlyTrue bool
	cnf               string
	output            cmdio.Output
	status            cmdio.Status
}

// Tool returns cnf2vals, its flags bound to a new options.
func Tool(doc string) *cmdio.Tool {
	o := &options{}
	return &cmdio.Tool{Name: "cnf2vals", Doc: doc, Action: o.run, Operands: "[FILE]",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "primary", Destination: &o.primary, Usage: `only the primary variables (the "c pipesat primary" line's)`},
			&cli.BoolFlag{Name: "true", Destination: &o.onlyTrue, Usage: "only the variables that are true, by name"},
			&cli.StringFlag{Name: "cnf", Destination: &o.cnf, TakesFile: true, Usage: "read the names from the CNF in `FILE`"},
			o.output.Flag(), o.status.Flag(),
		},
	}
}

// run is cnf2vals's action.
func (o *options) run(c *cmdio.Cmd) error {
	opts := vals.Options{Primary: o.primary, True: o.onlyTrue}
	var hc *vals.VarInfo
	if o.cnf != "" {
		r, cname, closeCNF, err := cmdio.Open(o.cnf, c.Stdin)
		if err != nil {
			return err
		}
		hc, opts.Formula, err = vals.ReadCNF(r, cname)
		if closeCNF(); err != nil {
			return err
		}
	}
	return cmdio.DecodeAnswer(c, o.output, o.status, func(w io.Writer, out *dimacs.Output) (dimacs.Status, error) {
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
		if errors.Is(err, vals.ErrNoPrimary) {
			err = fmt.Errorf("--primary: %w (pipe through satrun, or give --cnf FILE)", err)
		}
		return res.Status, err
	})
}
