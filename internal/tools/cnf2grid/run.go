// Package cnf2grid is the cnf2grid command: its flags and what it does
// with them; its manual is cmd/cnf2grid/doc.go.
package cnf2grid

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/pipesat/pipesat/decoders/grid"
	"github.com/pipesat/pipesat/decoders/grid/draw"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// Main runs cnf2grid, whose manual is doc, on the process's arguments and
// returns its exit status.
func Main(doc string) int { return cmdio.Main(Tool(doc)) }

// options are cnf2grid's flags.
type options struct {
	format, colour string
	puzzle         cmdio.Puzzle
	index          cmdio.Index
	title          string
	width, height  int // -W, -H
	wFlag, hFlag   cli.Flag
	count          bool
	output         cmdio.Output
	status         cmdio.Status
}

// Tool returns cnf2grid, its flags bound to a new options.
func Tool(doc string) *cmdio.Tool {
	o := &options{}
	o.wFlag = &cli.IntFlag{Name: "W", Destination: &o.width, Usage: "the grid is `N` cells wide (with -H, for a raw solver's answer)"}
	o.hFlag = &cli.IntFlag{Name: "H", Destination: &o.height, Usage: "the grid is `N` cells high (with -W)"}
	return &cmdio.Tool{Name: "cnf2grid", Doc: doc, Action: o.run, Operands: "[FILE]",
		Flags: []cli.Flag{
			cmdio.ChoiceFlag("format", &o.format, "", "the picture's `FORMAT` (default: board for queens, else text)",
				string(grid.Text), string(grid.Unicode), string(grid.Goal), string(grid.PNG), string(grid.SVG), string(grid.PDF), string(grid.Board)),
			o.puzzle.Flag(), o.index.Flag(),
			&cli.StringFlag{Name: "title", Destination: &o.title, Usage: "draw `TEXT` above a PNG, SVG or PDF picture"},
			o.wFlag, o.hFlag,
			&cli.BoolFlag{Name: "count", Destination: &o.count, Usage: "print only the number of solutions"},
			cmdio.ColourFlag(&o.colour),
			o.output.Flag(), o.status.Flag(),
		},
	}
}

// errANSIOnly is grid.ErrANSIOnly in the words of cnf2grid's flags.
var errANSIOnly = errors.New("--format unicode shows colours only as ANSI colours: add --colour always, or use text, png or svg")

// run is cnf2grid's action.
func (o *options) run(c *cmdio.Cmd) error {
	opts := grid.Options{Width: o.width, Height: o.height, Count: o.count, Title: o.title, Drawer: draw.Drawer{},
		CluesHint: "give --puzzle FILE"}
	if err := o.index.Check(c); err != nil {
		return err
	}
	switch {
	case c.NArg() > 1:
		return usage.Errorf("unexpected argument %q", c.Operand(1))
	case c.IsSet(o.wFlag) != c.IsSet(o.hFlag):
		return usage.Errorf("-W and -H go together")
	case c.IsSet(o.wFlag) && (opts.Width < 1 || opts.Height < 1):
		return usage.Errorf("-W %d -H %d: sizes must be positive", opts.Width, opts.Height)
	case o.index.Given(c) && o.puzzle.Path == "":
		return usage.Errorf("--index needs --puzzle")
	}
	ansi, err := grid.WantANSI(o.colour, o.output.Path, c.Stdout)
	if err != nil {
		return usage.Errorf("--colour: %v", err)
	}
	opts.ANSI = ansi
	if o.format != "" {
		f, err := grid.ParseFormat(o.format)
		if err != nil {
			return usage.Errorf("--format: %v", err)
		}
		opts.Format = f
	}
	if opts.Format.IsDrawing() && (o.output.Path == "" || o.output.Path == "-") && cmdio.IsTerminal(c.Stdout) {
		// As gzip and zstd refuse to write compressed data to one.
		return usage.Errorf("--format %s: a drawing is not for a terminal: give -o FILE or pipe it into a file or viewer", o.format)
	}
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
	var out, msg bytes.Buffer
	res, derr := grid.Decode(in, name, opts, &out, &msg)
	derr = cmdio.AnswerWords(derr)
	switch {
	case errors.Is(derr, grid.ErrNoLayout):
		derr = fmt.Errorf("%w: give --puzzle FILE or -W and -H (N queens: -W N -H N --format board)", derr)
	case errors.Is(derr, grid.ErrANSIOnly):
		derr = errANSIOnly
	}
	if derr != nil && !dimacs.AfterOutput(derr) {
		return derr
	}
	// An incomplete count or a failed solver: the output stands,
	// then exit 1 (derr).
	if err := o.output.Write(c, &out); err != nil {
		return err
	}
	io.Copy(c.Stderr, &msg)
	if derr != nil {
		return derr
	}
	return o.status.Exit(res.Status)
}
