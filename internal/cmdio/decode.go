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
	return readFile(path, c.Stdin, parse)
}

// Input returns what parse reads from the command's input: the file its
// one operand names, or standard input if there is none or it is "-".
// More than one operand is a usage error.
func Input[T any](c *Cmd, parse func(r io.Reader, name string) (T, error)) (T, error) {
	if err := c.NoOperandsAfter(1); err != nil {
		var zero T
		return zero, err
	}
	return readFile(c.Operand(0), c.Stdin, parse)
}

// readFile returns what parse reads from the file path (Open).
func readFile[T any](path string, stdin io.Reader, parse func(r io.Reader, name string) (T, error)) (T, error) {
	r, name, closeR, err := Open(path, stdin)
	if err != nil {
		var zero T
		return zero, err
	}
	defer closeR()
	return parse(r, name)
}

// DecodeAnswer is a decoder's work: it reads the solver output the first
// operand names (standard input if none, or "-"), and decode writes what it
// makes of it to w, the file of the flag -o (or standard output). The
// command then exits with the answer's status (Answer), or with decode's
// error after what it wrote is written: a stream whose solver failed still
// shows the models it verified.
func DecodeAnswer(c *Cmd, decode func(w io.Writer, out *dimacs.Output) (dimacs.Status, error)) error {
	out, err := Input(c, dimacs.ReadAnswer)
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
