// Package corrupt makes contradictory puzzles for the tests and the
// benchmark of satrun --explain (solver/mus): it changes one clue of a
// puzzle, the way a typing slip would, so that the puzzle has no solution
// while its reader still takes it. Each function tries random changes
// until one leaves the puzzle unsatisfiable (solved with gini), and says
// which clue it changed and how.
package corrupt

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/encoders/zebra"
	"github.com/pipesat/pipesat/solver"
)

// Tries bounds the changes tried before giving up.
const Tries = 200

// solveTime bounds each solve that tells whether a change made the puzzle
// unsatisfiable: a change gini cannot decide in it is passed over.
const solveTime = 20 * time.Second

// errNone is returned when no change of Tries made the puzzle
// unsatisfiable.
var errNone = errors.New("no change made the puzzle unsatisfiable")

// unsat reports whether the formula enc writes is unsatisfiable.
func unsat(enc dimacs.EncodeFunc) bool {
	f, err := dimacs.Build(enc)
	if err != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), solveTime)
	defer cancel()
	r, err := solver.Gini{}.Solve(ctx, f, nil)
	return err == nil && r.Status == dimacs.Unsat
}

// Nonogram returns p with the clue of one line changed so that it has no
// solution, and the change: `row 3 "2 1" -> "1 2"`. The change keeps the
// line's number of cells of each colour, so the rows and columns still
// agree, and the clue still fits its line: it swaps two neighbouring runs
// of different lengths or colours, moves a cell from one run to another
// of its colour, splits a run in two, or joins two runs of a colour. The
// puzzle returned is p written as a .non file and read back, as nono2cnf
// would read it.
func Nonogram(p *nonogram.Puzzle, r *rand.Rand) (*nonogram.Puzzle, string, error) {
	for range Tries {
		isRow := r.IntN(2) == 0
		n := p.Width
		if !isRow {
			n = p.Height
		}
		i := r.IntN(p.Height)
		if !isRow {
			i = r.IntN(p.Width)
		}
		clue, cols := lineOf(p, isRow, i)
		c, k, ok := changeRuns(clue, cols, n, r)
		if !ok {
			continue
		}
		q := *p
		q.Goal = "" // the answer of the puzzle as it was
		setLine(&q, isRow, i, c, k)
		var b bytes.Buffer
		if err := nonogram.Write(&b, &q, nonogram.NON); err != nil {
			continue
		}
		q2, err := nonogram.Read(&b, "corrupt.non", nonogram.NON)
		if err != nil {
			continue
		}
		if unsat(func(dst dimacs.Adder) (int, error) { return nonogram.Encode(dst, q2, nonogram.Options{}) }) {
			return q2, p.GroupName(isRow, i) + " -> " + strings.TrimPrefix(q2.GroupName(isRow, i), nonogram.LineName(isRow, i)+" "), nil
		}
	}
	return nil, "", errNone
}

func lineOf(p *nonogram.Puzzle, isRow bool, i int) (nonogram.Clue, []int) {
	c, _ := p.Line(isRow, i)
	cols := p.LineColours(isRow, i)
	if cols == nil {
		cols = make([]int, len(c))
	}
	return c, cols
}

// setLine sets line i's clue and run colours in p, copying the slices it
// changes so that the puzzle p was copied from keeps its own.
func setLine(p *nonogram.Puzzle, isRow bool, i int, c nonogram.Clue, k []int) {
	clues, colours := &p.Rows, &p.RowColours
	if !isRow {
		clues, colours = &p.Cols, &p.ColColours
	}
	*clues = slices.Clone(*clues)
	(*clues)[i] = c
	if *colours != nil {
		*colours = slices.Clone(*colours)
		(*colours)[i] = k
	}
}

// changeRuns returns clue c (runs of colours k) of a line of n cells
// changed one way, keeping its cells of each colour, and false when the
// way drawn does not apply.
func changeRuns(c nonogram.Clue, k []int, n int, r *rand.Rand) (nonogram.Clue, []int, bool) {
	c, k = slices.Clone(c), slices.Clone(k)
	switch op := r.IntN(4); {
	case len(c) == 0:
		return nil, nil, false
	case op == 0 && len(c) >= 2: // swap two neighbours
		j := r.IntN(len(c) - 1)
		if c[j] == c[j+1] && k[j] == k[j+1] {
			return nil, nil, false
		}
		c[j], c[j+1] = c[j+1], c[j]
		k[j], k[j+1] = k[j+1], k[j]
	case op == 1 && len(c) >= 2: // move a cell between runs of a colour
		a, b := r.IntN(len(c)), r.IntN(len(c))
		if a == b || k[a] != k[b] || c[a] < 2 {
			return nil, nil, false
		}
		c[a]--
		c[b]++
	case op == 2: // split a run
		j := r.IntN(len(c))
		if c[j] < 2 {
			return nil, nil, false
		}
		a := 1 + r.IntN(c[j]-1)
		c = slices.Insert(c, j+1, c[j]-a)
		c[j] = a
		k = slices.Insert(k, j+1, k[j])
	case op == 3 && len(c) >= 2: // join two runs of a colour
		j := r.IntN(len(c) - 1)
		if k[j] != k[j+1] {
			return nil, nil, false
		}
		c[j] += c[j+1]
		c = slices.Delete(c, j+1, j+2)
		k = slices.Delete(k, j+1, j+2)
	default:
		return nil, nil, false
	}
	// The clue must fit: runs, and a blank between runs of a colour.
	need := 0
	for j := range c {
		need += c[j]
		if j > 0 && k[j] == k[j-1] {
			need++
		}
	}
	return c, k, need <= n
}

// Sudoku returns p with one given changed to another value so that it has
// no solution, and the change: "given r2c5=7 -> 4". The new value repeats
// no given of the cell's row, column or box (a reader refuses that
// outright), so the contradiction lies deeper.
func Sudoku(p *sudoku.Puzzle, r *rand.Rand) (*sudoku.Puzzle, string, error) {
	var givens []int
	for i, v := range p.Cells {
		if v != 0 {
			givens = append(givens, i)
		}
	}
	if len(givens) == 0 {
		return nil, "", errNone
	}
	for range Tries {
		i := givens[r.IntN(len(givens))]
		v := 1 + r.IntN(p.N)
		if v == p.Cells[i] {
			continue
		}
		q := *p
		q.Cells = slices.Clone(p.Cells)
		q.Cells[i] = v
		q.Pos = nil
		if q.Check() != nil {
			continue
		}
		if unsat(func(dst dimacs.Adder) (int, error) { return sudoku.Encode(dst, &q, sudoku.Options{}), nil }) {
			return &q, fmt.Sprintf("%s -> %c", sudoku.GivenGroupName(p.N, i, p.Cells[i]), sudoku.Symbol(v)), nil
		}
	}
	return nil, "", errNone
}

// Zebra returns p with one clue changed so that it has no solution, and
// the change: "clue line 12: same Brit red -> same Brit green". The clue
// gets another value of the same attribute in one of its places, the
// other direction (left-of and right-of, before and after), or its "not"
// taken away or added. The puzzle returned is p written out and read back,
// as zebra2cnf would read it; its clues keep their lines.
func Zebra(p *zebra.Puzzle, r *rand.Rand) (*zebra.Puzzle, string, error) {
	for range Tries {
		j := r.IntN(len(p.Clues))
		c := p.Clues[j]
		switch op := r.IntN(3); op {
		case 0: // another value of the attribute
			v := &c.A
			if c.Rel != zebra.At && r.IntN(2) == 0 {
				v = &c.B
			}
			*v = *v/p.N*p.N + r.IntN(p.N)
		case 1: // the other direction
			other := map[zebra.Rel]zebra.Rel{zebra.LeftOf: zebra.RightOf, zebra.RightOf: zebra.LeftOf, zebra.Before: zebra.After, zebra.After: zebra.Before}
			o, ok := other[c.Rel]
			if !ok {
				continue
			}
			c.Rel = o
		case 2:
			c.Not = !c.Not
		}
		if c == p.Clues[j] || c.Rel != zebra.At && c.A == c.B {
			continue
		}
		q := *p
		q.Clues = slices.Clone(p.Clues)
		q.Clues[j] = c
		q2, err := zebra.ParseString(q.String(), "corrupt.txt")
		if err != nil {
			continue
		}
		// Keep the clue lines of the file the puzzle came from.
		for k := range q2.Clues {
			q2.Clues[k].Line = q.Clues[k].Line
		}
		if unsat(func(dst dimacs.Adder) (int, error) { return zebra.Encode(dst, q2, cnfstyle.Style{}), nil }) {
			return q2, p.ClueGroupName(p.Clues[j]) + " -> " + q2.ClueString(c), nil
		}
	}
	return nil, "", errNone
}
