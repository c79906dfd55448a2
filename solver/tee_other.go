//go:build !linux

package solver

import (
	"io"
	"os"
)

// teeSource returns nil: without tee(2) the solver gets the canonical
// CNF copied by dimacs.ReadTee.
func teeSource(io.Reader) *os.File { return nil }

// teePipe and newTeeReader are never called without teeSource.
func teePipe() (r, w *os.File, err error) { return os.Pipe() }

func newTeeReader(in, _ *os.File) io.Reader { return in }

// spill is never called without teeSource.
func spill(in, file *os.File) error { return nil }
