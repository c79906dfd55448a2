// Package cnf2grid is the cnf2grid command: its flags and what it does
// with them; its manual is cmd/cnf2grid/doc.go.
package cnf2grid

import (
	"errors"
	"fmt"
	"io"

	"github.com/pipesat/pipesat/decoders/grid"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/cmdio/gridflag"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// Main runs cnf2grid, whose manual is doc, on the process's arguments and
// returns its exit status.
func Main(doc string) int { return cmdio.Main(Tool(doc)) }

// options are cnf2grid's flags.
type options struct {
	picture       gridflag.Picture
	puzzle        cmdio.Puzzle
	index         cmdio.Index
	width, height int // -W, -H
	wFlag, hFlag  cli.Flag
	count         bool
	status        cmdio.Status
}

// Tool returns cnf2grid, its flags bound to a new options.
func Tool(doc string) *cmdio.Tool {
	o := &options{}
	o.wFlag = &cli.IntFlag{Name: "W", Destination: &o.width, Usage: "the grid is `N` cells wide (with -H, for a raw solver's answer)"}
	o.hFlag = &cli.IntFlag{Name: "H", Destination: &o.height, Usage: "the grid is `N` cells high (with -W)"}
	return &cmdio.Tool{Name: "cnf2grid", Doc: doc, Action: o.run, Operands: "[FILE]",
		Flags: append(o.picture.Flags("board for queens, else text", grid.Text, grid.Unicode, grid.Goal, grid.PNG, grid.SVG, grid.PDF, grid.Board),
			o.puzzle.Flag(), o.index.Flag(), o.wFlag, o.hFlag,
			&cli.BoolFlag{Name: "count", Destination: &o.count, Usage: "print only the number of solutions"},
			o.status.Flag(),
		),
	}
}

// run is cnf2grid's action.
func (o *options) run(c *cmdio.Cmd) error {
	if err := o.index.Check(c); err != nil {
		return err
	}
	switch {
	case c.NArg() > 1:
		return usage.Errorf("unexpected argument %q", c.Operand(1))
	case c.IsSet(o.wFlag) != c.IsSet(o.hFlag):
		return usage.Errorf("-W and -H go together")
	case c.IsSet(o.wFlag) && (o.width < 1 || o.height < 1):
		return usage.Errorf("-W %d -H %d: sizes must be positive", o.width, o.height)
	case o.index.Given(c) && o.puzzle.Path == "":
		return usage.Errorf("--index needs --puzzle")
	}
	opts, err := o.picture.Options(c)
	if err != nil {
		return err
	}
	opts.Width, opts.Height, opts.Count, opts.CluesHint = o.width, o.height, o.count, "give --puzzle FILE"
	opts.Puzzle, err = cmdio.ReadPuzzle(c, o.puzzle, func(r io.Reader, name string) (*nonogram.Puzzle, error) {
		p, err := nonogram.ReadOptions{Index: o.index.K}.Read(r, name)
		return p, o.index.Words(err)
	})
	if err != nil {
		return err
	}
	in, name, closeIn, err := cmdio.Open(c.Operand(0), c.Stdin)
	if err != nil {
		return err
	}
	defer closeIn()
	res, err := o.picture.Write(c, func(w, msg io.Writer) (grid.Result, error) {
		return grid.Decode(in, name, opts, w, msg)
	})
	if errors.Is(err, grid.ErrNoLayout) {
		err = fmt.Errorf("%w: give --puzzle FILE or -W and -H (N queens: -W N -H N --format board)", err)
	}
	if err != nil {
		return err
	}
	return o.status.Exit(res.Status)
}
