package moves

import (
	"fmt"
	"io"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/twisty"
)

// Result is a decoded answer: the answer's status, the models decoded
// (Solutions) and what the answer says of their number, and the turns.
type Result struct {
	dimacs.Decoded
	Moves []string // the turns, no-ops dropped; nil unless Sat
	// All holds the turns of every model, in order, when the output is an
	// enumeration (satrun --all); All[0] is Moves.
	All      [][]string
	Encoding *twisty.Encoding
	// Verdict is the lines every decoder ends with after the models
	// (dimacs.Output.WriteEnding): "c unique solution", "c not unique: K
	// solutions" ("at least K" when the enumeration stopped early), or
	// nothing after one plain answer. With its newline.
	Verdict string
}

// Text returns what cnf2moves prints for r: for each model "c length N"
// and the turns on one line ("R' F2 U"; empty when the state is solved
// already), then the Verdict line.
func (r *Result) Text() string {
	var b strings.Builder
	for _, mv := range r.All {
		fmt.Fprintf(&b, "c length %d\n%s\n", len(mv), strings.Join(mv, " "))
	}
	b.WriteString(r.Verdict)
	return b.String()
}

// Decode reads a solver's output from r (name is for messages). The
// encoding comes from the output's forwarded puzzle lines, or else from
// fallback (nil: the puzzle lines are required). When the answer is Sat, every
// model's turns are read and replayed; a sequence that does not solve the
// start state is an error. Input with no answer, garbage or a model cut
// short is an error (see dimacs.ReadAnswer). A stream whose solver failed
// ("c ERROR: ...") returns the Result of the models there are together
// with its *dimacs.UpstreamError (dimacs.AfterOutput is true for it): the
// caller prints them, then exits 1.
func Decode(r io.Reader, name string, fallback func() (*twisty.Encoding, error)) (*Result, error) {
	out, err := dimacs.ReadAnswer(r, name)
	if err != nil {
		return nil, err
	}
	var e *twisty.Encoding
	if hasPuzzleLines(out.Pipesat) || fallback == nil {
		e, err = twisty.ReadPuzzleLines(out.Pipesat)
		err = out.Locate(err)
	} else {
		e, err = fallback()
	}
	if err != nil {
		return nil, err
	}
	res := &Result{Encoding: e}
	res.Status = out.Status()
	if res.Status == dimacs.Unsat {
		// After satrun --explain, the start stickers that cannot all
		// hold.
		var b strings.Builder
		res.Decoded, err = out.WriteEnding(&b, 0, dimacs.Ending{})
		res.Verdict = b.String()
		return res, err
	}
	if res.Status != dimacs.Sat {
		return res, out.Failed()
	}
	// A model listed twice is one solution, said once (dimacs.Distinct).
	models, reps := dimacs.Distinct(out.Models())
	for i, m := range models {
		mv, err := e.Moves(m)
		if err == nil {
			err = e.Replay(mv)
		}
		if err != nil && len(models) > 1 {
			err = fmt.Errorf("model %d: %w", i+1, err)
		}
		if err != nil {
			return nil, err
		}
		res.All = append(res.All, mv)
	}
	res.Moves = res.All[0]
	var b strings.Builder
	res.Decoded, err = out.WriteEnding(&b, len(models), dimacs.Ending{Repeats: reps})
	res.Verdict = b.String()
	return res, err
}

func hasPuzzleLines(lines []string) bool {
	for _, l := range lines {
		if len(l) > 15 && l[:15] == "pipesat twisty " {
			return true
		}
	}
	return false
}
