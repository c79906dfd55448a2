// Package cnf2zebra is the cnf2zebra command: its flags and what it does
// with them; its manual is cmd/cnf2zebra/doc.go.
package cnf2zebra

import (
	"errors"
	"fmt"
	"io"

	"github.com/pipesat/pipesat/decoders/zebra"
	"github.com/pipesat/pipesat/dimacs"
	enczebra "github.com/pipesat/pipesat/encoders/zebra"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

// Main runs cnf2zebra, whose manual is doc, on the process's arguments
// and returns its exit status.
func Main(doc string) int { return cmdio.Main(Tool(doc)) }

// options are cnf2zebra's flags.
type options struct {
	puzzle cmdio.Puzzle
	output cmdio.Output
	status cmdio.Status
}

// Tool returns cnf2zebra, its flags bound to a new options.
func Tool(doc string) *cmdio.Tool {
	o := &options{}
	return &cmdio.Tool{Name: "cnf2zebra", Doc: doc, Action: o.run, Operands: "[FILE]",
		Flags: []cli.Flag{o.puzzle.Flag(), o.output.Flag(), o.status.Flag()},
	}
}

// run is cnf2zebra's action.
func (o *options) run(c *cmdio.Cmd) error {
	p, err := cmdio.ReadPuzzle(c, o.puzzle, enczebra.Parse)
	if err != nil {
		return err
	}
	return cmdio.DecodeAnswer(c, o.output, o.status, func(w io.Writer, out *dimacs.Output) (dimacs.Status, error) {
		res, err := zebra.Decode(w, out, zebra.Options{Puzzle: p}) // an error also after the solutions (a failed solver)
		if errors.Is(err, enczebra.ErrNoPuzzle) {
			err = fmt.Errorf("%w: give --puzzle FILE", err)
		}
		return res.Status, err
	})
}
