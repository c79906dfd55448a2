package cmdio

import (
	"github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// Sudoku is the flags that say how to read a sudoku file, of sudoku2cnf
// and cnf2sudoku: --index (which puzzle of a file of several, from 1; 0
// when not given) and --symbols (the notation).
type Sudoku struct {
	Index   int
	Symbols string

	index cli.Flag
}

// Flags returns --index and --symbols, bound to s's fields.
func (s *Sudoku) Flags() []cli.Flag {
	s.index = &cli.IntFlag{Name: "index", Destination: &s.Index}
	return []cli.Flag{s.index, &cli.StringFlag{Name: "symbols", Value: "auto", Destination: &s.Symbols}}
}

// IndexSet reports whether the command line gives --index.
func (s *Sudoku) IndexSet(c *Cmd) bool { return c.IsSet(s.index) }

// Notation checks the flags and returns the notation --symbols names.
func (s *Sudoku) Notation(c *Cmd) (sudoku.Notation, error) {
	if s.IndexSet(c) && s.Index < 1 {
		return 0, usage.Errorf("--index %d: want 1 or more", s.Index)
	}
	nt, err := sudoku.NotationOf(s.Symbols)
	if err != nil {
		return nt, usage.Errorf("--symbols: %v", err)
	}
	return nt, nil
}
