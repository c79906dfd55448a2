package nonogram

import (
	"slices"
	"strconv"

	"github.com/pipesat/pipesat/encoders/cnfstyle"
)

// The order encoding of run starts. Run b of a line (from 0, length
// len_b) starts at a cell st_b between its earliest start e_b (the runs
// before it packed to the left) and its latest l_b (those after it packed
// to the right). Each st_b is written in the order encoding, one variable
// per cell of its range but the last, B[b][c] = "run b starts at cell c
// or before" (named "r3.run2<=5"; B[b][c] is false before e_b and true
// from l_b on), and
//
//	B[b][c]                -> B[b][c+1]              (ladder)
//	B[b+1][c]              -> B[b][c-len_b-1]        (a blank between runs)
//	x[c]                   -> B[0][c]                (a black cell is in a run ...)
//	x[c] and B[b][c-len_b] -> B[b+1][c]              (... not one ended before it:
//	x[c]                   -> not B[k-1][c-len_{k-1}]      the next has started)
//	B[b][c] and not x[c]   -> B[b][c-len_b]          (a run started is over by a blank)
//
// The last clause makes the len_b cells from st_b black; the three before
// it leave every other cell blank. Every clause has at most three
// literals, and a line of n cells and k runs costs at most k*n variables
// and (4k+1)*n clauses: about a third of the automaton's. Unit
// propagation is not a complete line solver here (the automaton's is),
// but a clause learnt about a threshold ("run 2 starts by column 7")
// speaks of many placements at once, and on the hard survey puzzles
// (scripts/bench-hard.sh, full formulas) cadical and gini find pictures
// several times faster than with the automaton.
//
// In a presolved formula a run's variables are only those of the starts
// that fit its line's fixed cells (orderStarts): B[b][c] for c between
// two such starts is the variable of the start before it. The ladder
// links consecutive starts, and the blank clause is written at run b+1's
// starts only (B[b+1][c] changes only there). The fixed white cells of
// the survey's gettys split many runs' ranges: after line logic, 43,366
// variables and 157,741 clauses instead of 65,278 and 232,975. Solvers
// that find such equivalent thresholds themselves (kissat, cadical) need
// not be faster for it; gini's times spread less (scripts/bench-hard.sh).

// orderComments writes the comments that explain the order encoding's
// variable names (with --names all) and its clauses (with comments).
func orderComments(out *cnfstyle.Sink, comments bool) {
	if out.Aux != nil {
		out.Commentf("run starts: r<row>.run<B><=<col> is row <row>'s run B starting at column <col> or before, c<col>.run<B><=<row> column <col>'s run B starting at row <row> or before")
	}
	if comments {
		out.Commentf("order clauses, each line: its runs start in order with a blank between them; a black cell lies in a run started and not ended; a run started by a blank cell has ended before it")
	}
}

// encodeOrder writes every line in the order encoding, rows first, but
// the lines presolve settled.
func encodeOrder(p *Puzzle, s *sink) {
	for r := range p.Height {
		if !s.keep(true, r) {
			continue
		}
		s.lineGroup(p, true, r)
		orderLine(s, p.Rows[r], p.lineLits(true, r), lineRef{p, true, r})
	}
	for c := range p.Width {
		if !s.keep(false, c) {
			continue
		}
		s.lineGroup(p, false, c)
		orderLine(s, p.Cols[c], p.lineLits(false, c), lineRef{p, false, c})
	}
}

// orderLine writes the order encoding of one line of cells x with clue
// clue; line names it.
func orderLine(s *sink, clue Clue, x []int, line lineRef) {
	group := func(what string) {
		if line.p != nil {
			s.group(line.p, line.isRow, line.i, what)
		}
	}
	n, k := len(x), len(clue)
	if k == 0 {
		group("every cell blank")
		for _, l := range x {
			s.clause(-l)
		}
		return
	}
	starts := orderStarts(s, clue, x)
	B := make([][]int, k)
	for b := range k {
		B[b] = make([]int, len(starts[b])-1)
		for i := range B[b] {
			B[b][i] = s.newVar(func() string { return line.orderName(b, starts[b][i]) })
		}
	}
	// by returns the literal of B[b][c]: run b starts at c or before.
	by := func(b, c int) int {
		st := starts[b]
		e, l := st[0], st[len(st)-1]
		switch {
		case c < e:
			return litFalse
		case c >= l:
			return litTrue
		case l-e+1 == len(st): // every cell from e to l
			return B[b][c-e]
		}
		i, _ := slices.BinarySearch(st, c+1) // the first start after c
		return B[b][i-1]
	}
	group("runs start in order, a blank between them")
	for b := range k {
		st := starts[b]
		for i := 0; i+2 < len(st); i++ {
			s.clause(-by(b, st[i]), by(b, st[i+1]))
		}
		if b+1 < k {
			// by(b+1, c) changes only at run b+1's starts, and
			// by(b, c-clue[b]-1) only grows with c.
			for _, c := range starts[b+1] {
				s.clause(-by(b+1, c), by(b, c-clue[b]-1))
			}
		}
	}
	group("a black cell lies in a run started and not ended")
	for c := range n {
		s.clause(-x[c], by(0, c))
		for b := range k - 1 {
			s.clause(-x[c], -by(b, c-clue[b]), by(b+1, c))
		}
		s.clause(-x[c], -by(k-1, c-clue[k-1]))
	}
	group("a run started by a blank cell has ended before it")
	for c := range n {
		for b := range k {
			s.clause(-by(b, c), x[c], by(b, c-clue[b]))
		}
	}
}

// orderStarts returns, for each run of clue on the line of cells x, the
// cells where it may start, in order: from its earliest start (the runs
// before it packed to the left) to its latest (those after it packed to
// the right), or, in a presolved formula where the line has fixed cells,
// only the starts of the placements that fit them (lineSolver.starts).
// A start that no placement fitting the fixed cells has is in no
// solution, so leaving it out keeps the solutions, and the variables of
// a run whose range the fixed cells split (a run that fits only in the
// gaps between white cells) drop from one per cell of its range to one
// per start that fits: a third fewer on the survey's gettys.
func orderStarts(s *sink, clue Clue, x []int) [][]int {
	n, k := len(x), len(clue)
	starts := make([][]int, k)
	if s.fixed.active() {
		known := make([]int8, n)
		fixed := false
		for c, l := range x {
			switch s.fixed.value(l) {
			case litTrue:
				known[c], fixed = cellBlack, true
			case litFalse:
				known[c], fixed = cellWhite, true
			}
		}
		var ls lineSolver
		// tables fails only on a contradiction, which leaves the
		// formula unpresolved (s.fixed not active).
		if fixed && ls.tables(clue, known) {
			for b := range k {
				starts[b] = slices.Clone(ls.starts(clue, known, b))
			}
			return starts
		}
	}
	e := 0
	for b, a := range clue {
		l := n - a
		for _, a := range clue[b+1:] {
			l -= a + 1
		}
		for c := e; c <= l; c++ {
			starts[b] = append(starts[b], c)
		}
		e += a + 1
	}
	return starts
}

// orderName returns the name of B[b][c] (b and c from 0): "r3.run2<=5".
func (l lineRef) orderName(b, c int) string {
	return linePrefix(l.isRow, l.i) + ".run" + strconv.Itoa(b+1) + "<=" + strconv.Itoa(c+1)
}
