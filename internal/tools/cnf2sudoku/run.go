// Package cnf2sudoku is the cnf2sudoku command's action, apart from its
// flags (cmd/cnf2sudoku/main.go) and its manual (cmd/cnf2sudoku/doc.go).
package cnf2sudoku

import (
	"io"

	"github.com/pipesat/pipesat/decoders/sudoku"
	"github.com/pipesat/pipesat/dimacs"
	encsudoku "github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/internal/cmdio"
)

// Run is cnf2sudoku's action.
func Run(c *cmdio.Cmd) error {
	opts := sudoku.Options{N: c.Int("size"), Line: c.Bool("line")}
	switch {
	case c.IsSet("index") && c.Int("index") < 1:
		return cmdio.Usagef("--index %d: want 1 or more", c.Int("index"))
	case c.IsSet("index") && !c.IsSet("puzzle"):
		return cmdio.Usagef("--index needs --puzzle")
	}
	nt, err := encsudoku.NotationOf(c.String("symbols"))
	if err != nil {
		return cmdio.Usagef("--symbols: %v", err)
	}
	if _, err := encsudoku.New(opts.N); opts.N != 0 && err != nil {
		return cmdio.Usagef("--size %d: want 4, 9, 16 or 25", opts.N)
	}
	opts.Puzzle, err = cmdio.Puzzle(c, func(r io.Reader, name string) (*encsudoku.Puzzle, error) {
		return encsudoku.ParseNotation(r, name, c.Int("index"), nt)
	})
	if err != nil {
		return err
	}
	return cmdio.DecodeAnswer(c, func(w io.Writer, out *dimacs.Output) (dimacs.Status, error) {
		res, err := sudoku.Decode(w, out, opts) // an error also after the grids (a failed solver)
		return res.Status, err
	})
}
