package sudoku

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/sudoku"
)

// Options say how to read and print an answer.
type Options struct {
	// N is the side length to assume when the answer has no
	// "c pipesat sudoku N" header and Puzzle is nil; 0 means none, and
	// then a model of exactly N³ variables (the pairwise encoding's)
	// means an N×N sudoku.
	N int
	// Puzzle, if not nil, holds givens every solution must keep.
	Puzzle *sudoku.Puzzle
	// Line prints each grid as one line of N² symbols instead of rows.
	Line bool
}

// Result is what Decode found: the answer's status, the grids printed
// and what the answer says of their number.
type Result struct {
	dimacs.Decoded
}

// puzzleInfo is what the puzzle lines ("c pipesat sudoku N", "c pipesat
// sudoku-givens ...") say.
type puzzleInfo struct {
	n      int
	givens *sudoku.Puzzle
}

func readPuzzleInfo(lines []string) (puzzleInfo, error) {
	n, givens, err := sudoku.ReadPuzzleLines(lines)
	return puzzleInfo{n: n, givens: givens}, err
}

// ErrNoSize is returned when nothing tells the sudoku's size: no puzzle
// lines, no Options.Puzzle, no Options.N, and models not of a size the
// pairwise encoding writes.
var ErrNoSize = errors.New("no \"c pipesat sudoku N\" header in the solver output")

// SizeError is Decode's error when Options.N is not the size the puzzle
// lines give.
type SizeError struct{ N, Lines int }

func (e *SizeError) Error() string {
	return fmt.Sprintf("the size %d is not the sudoku's: it is %dx%d", e.N, e.Lines, e.Lines)
}

// Decode writes the grid of each model in out to w, after checking it keeps
// every rule, opts.Puzzle's givens and the givens the puzzle lines carry, and
// then, for an enumeration, dimacs.Output.WriteEnding's lines, the ones every
// decoder prints: "c unique solution" (only when the stream is complete,
// see dimacs.Output.Complete) or "c not unique: K solutions" ("at least K"
// when it is not complete); after satrun --explain's groups a unique
// solution needs, the sentence naming them. Nothing is
// written when out has no model, but the sentence that names the givens
// of a conflict satrun --explain found ("c no solution: given r1c1=5 and
// given r1c7=5 cannot all hold; ..."):
// the Result's Status says Unsat or Unknown. out
// must be dimacs.Output.Decodable. A stream whose solver failed ("c ERROR:
// ...") returns its *dimacs.UpstreamError after the grids there are. The
// caller buffers w.
func Decode(w io.Writer, out *dimacs.Output, opts Options) (Result, error) {
	var res Result
	res.Status = out.Status()
	if err := out.Decodable(); err != nil {
		return res, err
	}
	h, err := readPuzzleInfo(out.Pipesat)
	if err != nil {
		return res, out.Locate(err)
	}
	n, err := h.size(opts)
	if err != nil {
		return res, err
	}
	// A model listed twice is one solution, said once (dimacs.Distinct).
	models, reps := dimacs.Distinct(out.Models())
	ending := dimacs.Ending{Repeats: reps}
	if len(models) == 0 {
		res.Decoded, err = out.WriteEnding(w, 0, ending)
		return res, err
	}
	if n == 0 {
		// A raw solver's answer to the pairwise encoding has exactly N³
		// variables.
		for _, k := range sudoku.Sizes {
			if models[0].Vars() == k*k*k {
				n = k
			}
		}
	}
	if n == 0 {
		return res, ErrNoSize
	}
	if _, err := sudoku.New(n); err != nil {
		return res, err
	}
	bw := bufio.NewWriter(w)
	if err := h.writeGrids(bw, models, n, opts); err != nil {
		return res, err
	}
	res.Decoded, err = out.WriteEnding(bw, len(models), ending)
	if ferr := bw.Flush(); ferr != nil {
		return res, ferr
	}
	return res, err
}

// size returns the sudoku's size as the puzzle lines, opts.Puzzle and
// opts.N say, which must agree; 0 when none says.
func (h puzzleInfo) size(opts Options) (int, error) {
	n := h.n
	if p := opts.Puzzle; p != nil {
		if n != 0 && p.N != n {
			return 0, fmt.Errorf("the solver output is for a %dx%d sudoku but %s is %dx%d", n, n, p.Name, p.N, p.N)
		}
		n = p.N
	}
	if n == 0 {
		return opts.N, nil
	}
	if opts.N != 0 && opts.N != n {
		return 0, &SizeError{N: opts.N, Lines: n}
	}
	return n, nil
}

// writeGrids checks each model's n×n grid against the rules and the
// givens (opts.Puzzle's and the puzzle lines') and writes it. An error names its model when there are several.
func (h puzzleInfo) writeGrids(bw *bufio.Writer, models []dimacs.Model, n int, opts Options) error {
	for k, m := range models {
		g, err := sudoku.FromModel(m, n)
		if err == nil && opts.Puzzle != nil {
			err = g.CheckSolution(opts.Puzzle)
		}
		if err == nil && h.givens != nil {
			err = g.CheckSolution(h.givens)
		}
		if err == nil {
			err = g.CheckSolution(nil)
		}
		if err != nil {
			if len(models) > 1 {
				return fmt.Errorf("model %d: %w", k+1, err)
			}
			return err
		}
		if k > 0 {
			bw.WriteString("\n")
		}
		if opts.Line {
			bw.WriteString(g.String())
			bw.WriteString("\n")
		} else {
			g.Format(bw)
		}
	}
	return nil
}
