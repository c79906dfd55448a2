package cmdio

import (
	"errors"
	"fmt"

	"github.com/pipesat/pipesat/internal/usage"
	"github.com/pipesat/pipesat/textpos"
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

// Words returns err, a puzzle reader's error, saying how to read a file of
// several puzzles: "a second puzzle: the file holds 3 puzzles; choose one
// with --index (1-3)" (its cause a *textpos.SeveralError). Other errors
// are returned as they are.
func (x *Index) Words(err error) error {
	var se *textpos.SeveralError
	if errors.As(err, &se) {
		return fmt.Errorf("%w; choose one with --index (1-%d)", err, se.Puzzles)
	}
	return err
}
