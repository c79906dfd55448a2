// Package nono2cnf is the nono2cnf command's action, apart from its flags
// (cmd/nono2cnf/main.go) and its manual (cmd/nono2cnf/doc.go).
package nono2cnf

import (
	"fmt"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/internal/cmdio"
)

// Run is nono2cnf's action.
func Run(c *cmdio.Cmd) error {
	if err := c.NoOperandsAfter(1); err != nil {
		return err
	}
	format, err := nonogram.ParseFormat(c.String("input-format"))
	if err != nil {
		return cmdio.Usagef("--input-format: %v", err)
	}
	enc, err := nonogram.ParseEncoding(c.String("encoding"))
	if err != nil {
		return cmdio.Usagef("--encoding: %v", err)
	}
	names := c.String("names")
	if names == "cells" { // the old name of primary
		names = "primary"
	}
	style, err := cmdio.Style(c.Context(), names, c.Bool("comments"))
	if err != nil {
		return err
	}
	if c.Int("max-patterns") < 1 {
		return cmdio.Usagef("--max-patterns: %d is not positive", c.Int("max-patterns"))
	}
	in, name, closeIn, err := cmdio.Open(c.Operand(0), c.Stdin)
	if err != nil {
		return err
	}
	defer closeIn()
	p, err := nonogram.Read(in, name, format)
	if err != nil {
		return err
	}
	opts := nonogram.Options{Encoding: enc, MaxPatterns: c.Int("max-patterns"), Style: style}
	start := time.Now()
	cnf := &dimacs.Stream{Bare: c.Bool("no-comments"), Encode: func(dst dimacs.Adder) (int, error) { return nonogram.Encode(dst, p, opts) }}
	if err := cmdio.Output(c.String("output"), cnf, c.Stdout); err != nil {
		return err
	}
	if st := cnf.Stats; c.Bool("stats") {
		fmt.Fprintf(c.Stderr, "nono2cnf: %s: %s encoding: %d variables, %d clauses, %d literals, encoded in %v\n",
			name, enc, st.Vars, st.Clauses, st.Lits, time.Since(start).Round(time.Microsecond))
	}
	return nil
}
