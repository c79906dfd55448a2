package cmdio

import (
	"context"
	"io"

	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// Cmd is what an action sees of its command line beyond its flags, which
// it reads from the fields they are bound to: its operands, whether a flag
// was given, its context and its standard streams.
type Cmd struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	cli    *cli.Context
	tool   string   // the command's name
	args   []string // its arguments as given, without the program name
}

// Context returns the command's context: it ends on a signal for a Tool
// with Signals.
func (c *Cmd) Context() context.Context { return c.cli.Context }

// IsSet reports whether the command line gives the flag f, one of the
// command's flags, by any of its names.
func (c *Cmd) IsSet(f cli.Flag) bool { return c.cli.IsSet(f.Names()[0]) }

// Operands returns the arguments left after the options.
func (c *Cmd) Operands() []string { return c.cli.Args().Slice() }

// NArg returns the number of operands.
func (c *Cmd) NArg() int { return c.cli.NArg() }

// Operand returns the i'th operand, or "" if there are fewer.
func (c *Cmd) Operand(i int) string { return c.cli.Args().Get(i) }

// NoOperandsAfter returns a usage error naming the first operand past the
// first n, or nil if there are at most n.
func (c *Cmd) NoOperandsAfter(n int) error {
	if c.NArg() > n {
		return usage.Errorf("unexpected argument %q", c.Operand(n))
	}
	return nil
}
