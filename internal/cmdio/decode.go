package cmdio

import (
	"io"

	"github.com/pipesat/pipesat/dimacs"
)

// Puzzle returns what parse reads from the file the flag --puzzle names,
// or the zero T if the flag is empty. "--puzzle -" reads standard input,
// which the solver's output (the command's first operand) must then not
// also be: that is a usage error, as is more than one operand (checked
// first, as DecodeAnswer does).
func Puzzle[T any](c *Cmd, parse func(r io.Reader, name string) (T, error)) (T, error) {
	var zero T
	if err := c.NoOperandsAfter(1); err != nil {
		return zero, err
	}
	path := c.String("puzzle")
	if path == "" {
		return zero, nil
	}
	if in := c.Operand(0); path == "-" && (in == "" || in == "-") {
		return zero, Usagef("--puzzle and the solver output cannot both be standard input")
	}
	r, name, closeP, err := Open(path, c.Stdin)
	if err != nil {
		return zero, err
	}
	defer closeP()
	return parse(r, name)
}

// DecodeAnswer is a decoder's work: it reads the solver output the first
// operand names (standard input if none, or "-"), and decode writes what it
// makes of it to w, the file of the flag -o (or standard output). The
// command then exits with the answer's status (Answer), or with decode's
// error after what it wrote is written: a stream whose solver failed still
// shows the models it verified.
func DecodeAnswer(c *Cmd, decode func(w io.Writer, out *dimacs.Output) (dimacs.Status, error)) error {
	if err := c.NoOperandsAfter(1); err != nil {
		return err
	}
	in, name, closeIn, err := Open(c.Operand(0), c.Stdin)
	if err != nil {
		return err
	}
	defer closeIn()
	out, err := dimacs.ReadAnswer(in, name)
	if err != nil {
		return err
	}
	w, done := Out(c.String("output"), c.Stdout)
	st, err := decode(w, out)
	if err == nil {
		err = Answer(int(st))
	}
	return done(err)
}
