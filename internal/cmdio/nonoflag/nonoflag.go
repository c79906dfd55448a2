// Package nonoflag is the flags of nono2cnf and nonosolve that say how to
// read a nonogram and encode it. It is not in cmdio so that the tools that
// read no nonogram do not link its encoder.
package nonoflag

import (
	"errors"
	"fmt"

	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// Nonogram is the flags that say how to read a nonogram and encode it,
// of nono2cnf and nonosolve: --input-format, --index, --encoding and
// --max-patterns.
type Nonogram struct {
	InputFormat string
	Index       cmdio.Index
	Encoding    string
	MaxPatterns int

	read     nonogram.ReadOptions
	opts     nonogram.Options
	encoding cli.Flag // --encoding, for EncodingGiven
}

// Flags returns the four flags, bound to n's fields.
func (n *Nonogram) Flags() []cli.Flag {
	n.encoding = cmdio.ChoiceFlag("encoding", &n.Encoding, "automaton", "how the clues become clauses, the `ENCODING`",
		cmdio.Words(nonogram.Automaton, nonogram.Runs, nonogram.Patterns, nonogram.Order)...)
	return []cli.Flag{
		cmdio.ChoiceFlag("input-format", &n.InputFormat, "auto", "the input's `FORMAT` (auto: by the file's suffix, else its content)",
			cmdio.Words(nonogram.Auto, nonogram.NON, nonogram.XML, nonogram.Keen, nonogram.G, nonogram.MK, nonogram.NIN, nonogram.CWD)...),
		n.Index.Flag(),
		n.encoding,
		&cli.IntFlag{Name: "max-patterns", Value: nonogram.DefaultMaxPatterns, Destination: &n.MaxPatterns,
			Usage: "--encoding patterns: stop when the lines have more than `N` patterns"},
	}
}

// Check returns a usage error for a flag's bad value.
func (n *Nonogram) Check(c *cmdio.Cmd) error {
	format, err := nonogram.ParseFormat(n.InputFormat)
	if err != nil {
		return usage.Errorf("--input-format: %v", err)
	}
	if err := n.Index.Check(c); err != nil {
		return err
	}
	enc, err := nonogram.ParseEncoding(n.Encoding)
	if err != nil {
		return usage.Errorf("--encoding: %v", err)
	}
	if n.MaxPatterns < 1 {
		return usage.Errorf("--max-patterns: %d is not positive", n.MaxPatterns)
	}
	n.read = nonogram.ReadOptions{Format: format, Index: n.Index.K}
	n.opts = nonogram.Options{Encoding: enc, MaxPatterns: n.MaxPatterns}
	return nil
}

// Read reads the puzzle from the command's operand (standard input when
// it is "-" or missing) as the checked flags say, and returns it with the
// name errors give its file. A file of several puzzles is an error that
// says how to choose one (Index.Words).
func (n *Nonogram) Read(c *cmdio.Cmd) (*nonogram.Puzzle, string, error) {
	in, name, closeIn, err := cmdio.Open(c.Operand(0), c.Stdin)
	if err != nil {
		return nil, "", err
	}
	defer closeIn()
	p, err := n.read.Read(in, name)
	return p, name, n.Index.Words(err)
}

// EncodingGiven reports whether the command line gives --encoding.
func (n *Nonogram) EncodingGiven(c *cmdio.Cmd) bool { return c.IsSet(n.encoding) }

// Options returns the encoding the checked flags ask for; the caller adds
// the style and the presolve.
func (n *Nonogram) Options() nonogram.Options { return n.opts }

// Words returns err, an error of nonogram.Encode, with the flag that
// settles it: too many patterns for --max-patterns. Other errors are
// returned as they are.
func (n *Nonogram) Words(err error) error {
	var pe *nonogram.PatternsError
	if errors.As(err, &pe) {
		return fmt.Errorf("the lines have %.0f patterns in all, more than --max-patterns %d (%s alone has %.0f)", pe.Total, pe.Limit, pe.Line, pe.Patterns)
	}
	return err
}
