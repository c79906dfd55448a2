package moves

import (
	"io"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/twisty"
)

// Result is a decoded answer.
type Result struct {
	Status   dimacs.Status
	Moves    []string // the turns, no-ops dropped; nil unless Sat
	Encoding *twisty.Encoding
}

// Decode reads a solver's output from r (name is for messages). The
// encoding comes from the output's forwarded header, or else from
// fallback (nil: the header is required). When the answer is Sat, the
// first model's turns are read and replayed; a sequence that does not
// solve the start state is an error.
func Decode(r io.Reader, name string, fallback func() (*twisty.Encoding, error)) (*Result, error) {
	out, err := dimacs.ReadOutput(r, name)
	if err != nil {
		return nil, err
	}
	var e *twisty.Encoding
	if hasHeader(out.Pipesat) || fallback == nil {
		e, err = twisty.FromHeader(out.Pipesat)
	} else {
		e, err = fallback()
	}
	if err != nil {
		return nil, err
	}
	res := &Result{Status: out.Status(), Encoding: e}
	if res.Status != dimacs.Sat {
		return res, nil
	}
	m := out.Models()[0]
	if res.Moves, err = e.Moves(m); err != nil {
		return nil, err
	}
	if err := e.Replay(res.Moves); err != nil {
		return nil, err
	}
	return res, nil
}

func hasHeader(lines []string) bool {
	for _, l := range lines {
		if len(l) > 15 && l[:15] == "pipesat twisty " {
			return true
		}
	}
	return false
}
