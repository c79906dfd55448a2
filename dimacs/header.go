package dimacs

import (
	"errors"

	"github.com/pipesat/pipesat/textpos"
)

// HeaderLineError is an error in one line of a header: the Index'th of the
// lines a header reader was given (Output.Pipesat, comment texts without
// "c "), at byte Col of that text counting from 1 (0: the whole line).
// Output.Locate turns it into a positioned error.
type HeaderLineError struct {
	Index, Col int
	Err        error
}

func (e *HeaderLineError) Error() string { return e.Err.Error() }

// Unwrap returns the error in the line.
func (e *HeaderLineError) Unwrap() error { return e.Err }

// HeaderErr returns err as an error in header line i (a *HeaderLineError
// for the whole line), or nil if err is nil.
func HeaderErr(i int, err error) error {
	if err == nil {
		return nil
	}
	return &HeaderLineError{Index: i, Err: err}
}

// Locate returns err, an error from a reader of o.Pipesat, as a
// *textpos.Error: at the line of the stream the header line came from
// (column 1 for the whole line), with the line as its caret source, when
// err is a *HeaderLineError; else, unless it is a *textpos.Error already,
// naming the stream only. Locate(nil) is nil.
func (o *Output) Locate(err error) error {
	var he *HeaderLineError
	var te *textpos.Error
	switch {
	case err == nil || errors.As(err, &te):
		return err
	case !errors.As(err, &he) || he.Index < 0 || he.Index >= len(o.PipesatLines):
		return textpos.Errorf(o.Name, textpos.Pos{}, "%v", err)
	}
	col := 1
	if he.Col > 0 {
		col = he.Col + len("c ")
	}
	e := textpos.Errorf(o.Name, textpos.Pos{Line: o.PipesatLines[he.Index], Col: col}, "%v", he.Err)
	e.Source = textpos.LineAt("c " + o.Pipesat[he.Index])
	return e
}
