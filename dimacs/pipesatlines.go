package dimacs

import (
	"errors"

	"github.com/pipesat/pipesat/textpos"
)

// The pipesat lines are the comment lines an encoder writes for the tools
// after it and satrun forwards: the provenance ("c pipesat tool ..."),
// the puzzle lines each decoder reads ("c pipesat nonogram W H", "c
// pipesat primary 1-N", ...) and the variable names ("c varname V
// NAME"); Output.Pipesat holds them.

// PipesatLineError is an error in one pipesat line: the Index'th of the
// lines a reader was given (Output.Pipesat, comment texts without "c "),
// at byte Col of that text counting from 1 (0: the whole line).
// Output.Locate turns it into a positioned error.
type PipesatLineError struct {
	Index, Col int
	Err        error
}

func (e *PipesatLineError) Error() string { return e.Err.Error() }

// Unwrap returns the error in the line.
func (e *PipesatLineError) Unwrap() error { return e.Err }

// PipesatLineErr returns err as an error in pipesat line i (a
// *PipesatLineError for the whole line), or nil if err is nil.
func PipesatLineErr(i int, err error) error {
	if err == nil {
		return nil
	}
	return &PipesatLineError{Index: i, Err: err}
}

// Locate returns err, an error from a reader of o.Pipesat, as a
// *textpos.Error: at the line of the stream the pipesat line came from
// (column 1 for the whole line), with the line as its caret source, when
// err is a *PipesatLineError; else, unless it is a *textpos.Error already,
// naming the stream only. Its Err is the reader's error, which errors.Is
// and errors.As still find. Locate(nil) is nil.
func (o *Output) Locate(err error) error {
	var he *PipesatLineError
	var te *textpos.Error
	switch {
	case err == nil || errors.As(err, &te):
		return err
	case !errors.As(err, &he) || he.Index < 0 || he.Index >= len(o.PipesatLines):
		return &textpos.Error{Name: o.Name, Msg: err.Error(), Err: err}
	}
	col := 1
	if he.Col > 0 {
		col = he.Col + len("c ")
	}
	return &textpos.Error{Name: o.Name, Pos: textpos.Pos{Line: o.PipesatLines[he.Index], Col: col}, Msg: he.Err.Error(), Err: he.Err,
		Source: textpos.LineAt("c " + o.Pipesat[he.Index])}
}
