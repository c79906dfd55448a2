// Package cnf2sudoku is the cnf2sudoku command: its flags and what it
// does with them; its manual is cmd/cnf2sudoku/doc.go.
package cnf2sudoku

import (
	"errors"
	"fmt"
	"io"

	"github.com/pipesat/pipesat/decoders/sudoku"
	"github.com/pipesat/pipesat/dimacs"
	encsudoku "github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/cmdio/sudokuflag"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// Main runs cnf2sudoku, whose manual is doc, on the process's arguments
// and returns its exit status.
func Main(doc string) int { return cmdio.Main(Tool(doc)) }

// options are cnf2sudoku's flags.
type options struct {
	puzzle cmdio.Puzzle
	sudoku sudokuflag.Sudoku
	size   int
	line   bool
	output cmdio.Output
	status cmdio.Status
}

// Tool returns cnf2sudoku, its flags bound to a new options.
func Tool(doc string) *cmdio.Tool {
	o := &options{}
	return &cmdio.Tool{Name: "cnf2sudoku", Doc: doc, Action: o.run, Operands: "[FILE]",
		Flags: append(o.sudoku.Flags(), o.puzzle.Flag(),
			&cli.IntFlag{Name: "size", Destination: &o.size, Usage: "the grid is `N`x`N` (4, 9, 16 or 25), for a raw solver's answer"},
			&cli.BoolFlag{Name: "line", Destination: &o.line, Usage: "print each grid as one line of symbols"},
			o.output.Flag(), o.status.Flag()),
	}
}

// run is cnf2sudoku's action.
func (o *options) run(c *cmdio.Cmd) error {
	opts := sudoku.Options{N: o.size, Line: o.line}
	nt, err := o.sudoku.Notation(c)
	if err != nil {
		return err
	}
	if o.sudoku.Index.Given(c) && o.puzzle.Path == "" {
		return usage.Errorf("--index needs --puzzle")
	}
	if _, err := encsudoku.New(opts.N); opts.N != 0 && err != nil {
		return usage.Errorf("--size %d: want 4, 9, 16 or 25", opts.N)
	}
	opts.Puzzle, err = cmdio.ReadPuzzle(c, o.puzzle, func(r io.Reader, name string) (*encsudoku.Puzzle, error) {
		p, err := encsudoku.ParseNotation(r, name, o.sudoku.Index.K, nt)
		return p, o.sudoku.Words(err)
	})
	if err != nil {
		return err
	}
	return cmdio.DecodeAnswer(c, o.output, o.status, func(w io.Writer, out *dimacs.Output) (dimacs.Status, error) {
		res, err := sudoku.Decode(w, out, opts) // an error also after the grids (a failed solver)
		var se *sudoku.SizeError
		switch {
		case errors.Is(err, sudoku.ErrNoSize):
			err = fmt.Errorf("%w: give --puzzle FILE or --size N", err)
		case errors.As(err, &se):
			err = fmt.Errorf("--size %d but the sudoku is %dx%d", se.N, se.Lines, se.Lines)
		}
		return res.Status, err
	})
}
