package cmdio

import (
	"errors"
	"fmt"
	"io"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// Puzzle is the --puzzle flag of the decoders cnf2grid, cnf2sudoku and
// cnf2zebra: the original puzzle, whose clues the answer is checked
// against.
type Puzzle struct {
	// Path is the puzzle's file, "-" for standard input, "" for none.
	Path string
}

// Flag returns --puzzle, which sets p.Path.
func (p *Puzzle) Flag() cli.Flag {
	return &cli.StringFlag{Name: "puzzle", Destination: &p.Path, TakesFile: true,
		Usage: "check the answer against the puzzle in `FILE` (- is standard input)"}
}

// ReadPuzzle returns what parse reads from the file p names, or the zero
// T if p names none. "--puzzle -" reads standard input, which the
// solver's output (c's first operand) must then not also be: that is a
// usage error, as is more than one operand (checked first, as
// DecodeAnswer does).
func ReadPuzzle[T any](c *Cmd, p Puzzle, parse func(r io.Reader, name string) (T, error)) (T, error) {
	var zero T
	if err := c.NoOperandsAfter(1); err != nil {
		return zero, err
	}
	if p.Path == "" {
		return zero, nil
	}
	if in := c.Operand(0); p.Path == "-" && (in == "" || in == "-") {
		return zero, usage.Errorf("--puzzle and the solver output cannot both be standard input")
	}
	return readFile(p.Path, c.Stdin, parse)
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
// makes of it to w, the file out names (or standard output). The command
// then exits with the answer's status (Answer), or with decode's error
// after what it wrote is written: a stream whose solver failed still shows
// the models it verified. status says which exit statuses.
func DecodeAnswer(c *Cmd, out Output, status Status, decode func(w io.Writer, out *dimacs.Output) (dimacs.Status, error)) error {
	ans, err := Input(c, dimacs.ReadAnswer)
	if err != nil {
		return err
	}
	w, done := out.Writer(c)
	st, err := decode(w, ans)
	err = AnswerWords(err)
	if err == nil {
		err = status.Answer(st)
	}
	return done(err)
}

// AnswerWords returns err, a decoder's error, in the words of satrun's
// flags where it says how the count could be complete: a
// *dimacs.IncompleteError of an enumeration stopped at its limit ("the
// enumeration stopped at the --max 5 limit; more models may exist") or of
// one plain answer ("satrun --all lists every model"). The result still
// unwraps to err (dimacs.AfterOutput holds as before). Other errors are
// returned as they are.
func AnswerWords(err error) error {
	var ie *dimacs.IncompleteError
	switch {
	case !errors.As(err, &ie):
		return err
	case ie.Limit > 0:
		return &worded{fmt.Sprintf("count incomplete: the enumeration stopped at the --max %d limit; more models may exist", ie.Limit), err}
	case ie.Single:
		return &worded{"count incomplete: one answer, not an enumeration (satrun --all lists every model)", err}
	}
	return err
}

// worded is an error of a library in a command's words.
type worded struct {
	msg string
	err error
}

func (w *worded) Error() string { return w.msg }

// Unwrap returns the library's error.
func (w *worded) Unwrap() error { return w.err }
