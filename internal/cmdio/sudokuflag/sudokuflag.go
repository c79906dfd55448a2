// Package sudokuflag is the flags of sudoku2cnf and cnf2sudoku that say
// how to read a sudoku file. It is not in cmdio so that the tools that
// read no sudoku do not link its encoder.
package sudokuflag

import (
	"errors"
	"fmt"

	"github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// Sudoku is the flags that say how to read a sudoku file, of sudoku2cnf
// and cnf2sudoku: --index (which puzzle of a file of several) and
// --symbols (the notation).
type Sudoku struct {
	Index   cmdio.Index
	Symbols string
}

// Flags returns --index and --symbols, bound to s's fields.
func (s *Sudoku) Flags() []cli.Flag {
	return []cli.Flag{s.Index.Flag(), cmdio.ChoiceFlag("symbols", &s.Symbols, "auto", "the symbols of the grid",
		cmdio.Words(sudoku.AutoNotation, sudoku.Letters, sudoku.Hex)...)}
}

// Notation checks the flags and returns the notation --symbols names.
func (s *Sudoku) Notation(c *cmdio.Cmd) (sudoku.Notation, error) {
	if err := s.Index.Check(c); err != nil {
		return 0, err
	}
	nt, err := sudoku.NotationOf(s.Symbols)
	if err != nil {
		return nt, usage.Errorf("--symbols: %v", err)
	}
	return nt, nil
}

// Words returns err, an error of the sudoku reader, with the flag that
// settles it: --index for a file of several puzzles (Index.Words),
// --symbols for a 16x16 puzzle that fits two notations
// (sudoku.ErrTwoNotations). Other errors are returned as they are.
func (s *Sudoku) Words(err error) error {
	if errors.Is(err, sudoku.ErrTwoNotations) {
		return fmt.Errorf("%w: choose one with --symbols 1-G or --symbols 0-F", err)
	}
	return s.Index.Words(err)
}
