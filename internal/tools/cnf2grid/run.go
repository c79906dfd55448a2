// Package cnf2grid is the cnf2grid command's action, apart from its flags
// (cmd/cnf2grid/main.go) and its manual (cmd/cnf2grid/doc.go).
package cnf2grid

import (
	"bytes"
	"io"

	"github.com/pipesat/pipesat/decoders/grid"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/internal/cmdio"
)

// Run is cnf2grid's action.
func Run(c *cmdio.Cmd) error {
	opts := grid.Options{Width: c.Int("W"), Height: c.Int("H"), Count: c.Bool("count")}
	switch {
	case c.NArg() > 1:
		return cmdio.Usagef("unexpected argument %q", c.Operand(1))
	case c.IsSet("W") != c.IsSet("H"):
		return cmdio.Usagef("-W and -H go together")
	case c.IsSet("W") && (opts.Width < 1 || opts.Height < 1):
		return cmdio.Usagef("-W %d -H %d: sizes must be positive", opts.Width, opts.Height)
	}
	ansi, err := grid.WantANSI(c.String("colour"), c.String("output"), c.Stdout)
	if err != nil {
		return cmdio.Usagef("--colour: %v", err)
	}
	opts.ANSI = ansi
	if s := c.String("format"); s != "" {
		f, err := grid.ParseFormat(s)
		if err != nil {
			return cmdio.Usagef("--format: %v", err)
		}
		opts.Format = f
	}
	opts.Puzzle, err = cmdio.Puzzle(c, func(r io.Reader, name string) (*nonogram.Puzzle, error) {
		return nonogram.Read(r, name, nonogram.Auto)
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
	if derr != nil && !dimacs.AfterOutput(derr) {
		return derr
	}
	// An incomplete count or a failed solver: the output stands,
	// then exit 1 (derr).
	if err := cmdio.Output(c.String("output"), &out, c.Stdout); err != nil {
		return err
	}
	io.Copy(c.Stderr, &msg)
	if derr != nil {
		return derr
	}
	return cmdio.ExitStatus{Code: int(res.Status)}
}
