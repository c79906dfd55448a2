package zebra

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/zebra"
)

// Options control Decode.
type Options struct {
	// Puzzle is the puzzle the answer is for. It is required when the
	// solver output has no "c pipesat zebra" puzzle lines, and must match
	// them when there are.
	Puzzle *zebra.Puzzle
}

// Result says what Decode found: the answer's status, the distinct
// solutions printed and what the answer says of their number.
type Result struct {
	dimacs.Decoded
}

// Decode writes each distinct solution in out to w as a table of houses
// followed by the answers to the puzzle's questions, solutions separated by
// a blank line and sorted (by the values of house 1, then house 2, ...);
// then, for an enumeration (satrun --all or --max N, picosat --all),
// dimacs.Output.WriteEnding's lines, the ones every decoder prints: "c
// unique solution" (only when the stream is complete, see
// dimacs.Output.Complete) or "c not unique: K solutions" (K counts the
// solutions printed; "at least K" when the stream is not complete, as
// after satrun --max N). Every solution is checked against every clue: one
// that breaks a clue is an error. Nothing is written when out has no
// model; Result.Status says Unsat or Unknown. out must be
// dimacs.Output.Decodable. A stream whose solver failed ("c ERROR: ...")
// returns its *dimacs.UpstreamError after the solutions there are. w is
// buffered here and flushed once.
func Decode(w io.Writer, out *dimacs.Output, opts Options) (Result, error) {
	var res Result
	res.Status = out.Status()
	if err := out.Decodable(); err != nil {
		return res, err
	}
	p, err := zebra.ReadPuzzleLines(out.Pipesat)
	if err != nil {
		return res, out.Locate(err)
	}
	if q := opts.Puzzle; q != nil {
		if p != nil && p.String() != q.String() {
			return res, fmt.Errorf("the solver output is for another puzzle than %s", q.Name)
		}
		p = q
	}
	models := out.Models()
	ending := dimacs.Ending{Words: GroupWords}
	if len(models) == 0 {
		res.Decoded, err = out.WriteEnding(w, 0, ending)
		return res, err
	}
	if p == nil {
		return res, zebra.ErrNoPuzzle
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	var sols []*zebra.Solution
	for k, m := range models {
		s, err := zebra.FromModel(p, m)
		if err == nil {
			err = s.Check(p)
		}
		if err != nil {
			if len(models) > 1 {
				return res, fmt.Errorf("model %d: %w", k+1, err)
			}
			return res, err
		}
		dup := false
		for _, t := range sols {
			dup = dup || t.Equal(s)
		}
		if !dup {
			sols = append(sols, s)
		}
	}
	// Sorted, so that the output does not depend on the solver's order.
	slices.SortFunc(sols, func(a, b *zebra.Solution) int {
		for h := range a.Houses {
			if c := slices.Compare(a.Houses[h], b.Houses[h]); c != 0 {
				return c
			}
		}
		return 0
	})
	for k, s := range sols {
		if k > 0 {
			bw.WriteString("\n")
		}
		if err := s.Format(bw, p); err != nil {
			return res, err
		}
	}
	res.Decoded, err = out.WriteEnding(bw, len(sols), ending)
	if ferr := bw.Flush(); ferr != nil {
		return res, ferr
	}
	return res, err
}

// GroupWords returns a zebra group's name in the sentence after an
// explanation: "clue line 12: same Brit red" as "clue line 12 (same Brit
// red)"; other names as they are.
func GroupWords(name string) string {
	if l, clue, ok := strings.Cut(name, ": "); ok && strings.HasPrefix(l, "clue line ") {
		return l + " (" + clue + ")"
	}
	return name
}
