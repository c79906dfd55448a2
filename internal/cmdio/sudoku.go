package cmdio

import (
	"github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// Index is the --index K flag of the commands that read a file that may
// hold several puzzles (sudoku2cnf, cnf2sudoku, nono2cnf, nonosolve,
// cnf2grid): the K-th, from 1. K is 0 when the flag is not given, and
// the readers then take a file's only puzzle and refuse a file of
// several.
type Index struct {
	K    int
	flag cli.Flag
}

// Flag returns --index, which sets x.K.
func (x *Index) Flag() cli.Flag {
	x.flag = &cli.IntFlag{Name: "index", Destination: &x.K, Usage: "read the `K`-th puzzle of a file of several, from 1"}
	return x.flag
}

// Given reports whether the command line gives --index.
func (x *Index) Given(c *Cmd) bool { return c.IsSet(x.flag) }

// Check returns a usage error if the command line gives --index a value
// below 1.
func (x *Index) Check(c *Cmd) error {
	if x.Given(c) && x.K < 1 {
		return usage.Errorf("--index %d: want 1 or more", x.K)
	}
	return nil
}

// Sudoku is the flags that say how to read a sudoku file, of sudoku2cnf
// and cnf2sudoku: --index (which puzzle of a file of several) and
// --symbols (the notation).
type Sudoku struct {
	Index   Index
	Symbols string
}

// Flags returns --index and --symbols, bound to s's fields.
func (s *Sudoku) Flags() []cli.Flag {
	return []cli.Flag{s.Index.Flag(), ChoiceFlag("symbols", &s.Symbols, "auto", "the symbols of the grid",
		Words(sudoku.AutoNotation, sudoku.Letters, sudoku.Hex)...)}
}

// Notation checks the flags and returns the notation --symbols names.
func (s *Sudoku) Notation(c *Cmd) (sudoku.Notation, error) {
	if err := s.Index.Check(c); err != nil {
		return 0, err
	}
	nt, err := sudoku.NotationOf(s.Symbols)
	if err != nil {
		return nt, usage.Errorf("--symbols: %v", err)
	}
	return nt, nil
}
