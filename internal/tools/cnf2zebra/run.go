// Package cnf2zebra is the cnf2zebra command's action, apart from its flags
// (cmd/cnf2zebra/main.go) and its manual (cmd/cnf2zebra/doc.go).
package cnf2zebra

import (
	"io"

	"github.com/pipesat/pipesat/decoders/zebra"
	"github.com/pipesat/pipesat/dimacs"
	enczebra "github.com/pipesat/pipesat/encoders/zebra"
	"github.com/pipesat/pipesat/internal/cmdio"
)

// Run is cnf2zebra's action.
func Run(c *cmdio.Cmd) error {
	p, err := cmdio.Puzzle(c, enczebra.Parse)
	if err != nil {
		return err
	}
	return cmdio.DecodeAnswer(c, func(w io.Writer, out *dimacs.Output) (dimacs.Status, error) {
		res, err := zebra.Decode(w, out, zebra.Options{Puzzle: p}) // an error also after the solutions (a failed solver)
		return res.Status, err
	})
}
