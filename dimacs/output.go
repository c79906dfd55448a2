package dimacs

import (
	"errors"
	"io"
)

// Answer is one answer in a solver's output: a status and, when Sat, the
// model that followed it.
type Answer struct {
	Status Status
	Model  Model // nil unless Status is Sat
	Line   int   // line of the status ("s ...") line, for messages
}

// Output is everything ReadOutput understood of a solver's output.
type Output struct {
	// Pipesat holds the "c pipesat ..." and "c varname ..." comment lines
	// (without "c "), as satrun forwards them from its input, in order.
	Pipesat []string
	// Answers are the answers in order. A plain run has one. Enumerations
	// (satrun --all, picosat --all, cryptominisat5 --maxsol) have one Sat
	// answer per model, possibly followed by a final Unsat answer that
	// means "no more models".
	Answers []Answer
	// Count is the number of models the stream itself claims
	// ("c solutions N" from satrun, "s SOLUTIONS N" from picosat), or -1.
	Count int
	// Dialect names what was recognised: "competition", "minisat",
	// "minisat-result".
	Dialect string
}

// Status returns the overall answer: Sat if any answer has a model, Unsat
// if the only answers are Unsat, Unknown otherwise.
func (o *Output) Status() Status {
	st := Unknown
	for _, a := range o.Answers {
		switch a.Status {
		case Sat:
			return Sat
		case Unsat:
			st = Unsat
		}
	}
	return st
}

// Models returns the models of the Sat answers, in order.
func (o *Output) Models() []Model {
	var ms []Model
	for _, a := range o.Answers {
		if a.Status == Sat {
			ms = append(ms, a.Model)
		}
	}
	return ms
}

// ReadOutput reads a solver's output (stdout, or stdout and stderr merged)
// in any dialect the package knows, and minisat's result file. name is used
// only in error messages. A stream with no recognisable answer is Unknown,
// not an error; malformed "v" lines are errors with their position.
func ReadOutput(r io.Reader, name string) (*Output, error) {
	return nil, errors.New("dimacs.ReadOutput: not implemented yet")
}
