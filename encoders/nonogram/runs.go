package nonogram

import (
	"slices"
	"strconv"
)

// The run-start encoding of Matthew Earl's GCHQ article (gchq-xmas.py),
// each of its clauses once: for every run j of every line and every position k
// of the line a variable "run j starts at k", and
//
//	run starts at k      -> its cells k..k+len-1 (cut at the edge) are black
//	cell black           -> OR of the run starts that would cover it
//	run j at k           -> run j+1 not at 0..k+len   (pairwise)
//	run at k             -> run not at k' for every k' != k (each pair
//	                        once; the article writes it in both orders)
//	OR over k of run at k
//	run not at k for k > n-len
//
// It is quadratic in the line length per run.

func encodeRuns(p *Puzzle, s *sink) {
	type line struct {
		isRow  bool
		i      int
		clue   Clue
		x      []int
		starts [][]int // starts[j][k]
	}
	var rows, cols []line
	alloc := func(isRow bool, i int) line {
		clue, n := p.Line(isRow, i)
		l := line{isRow: isRow, i: i, clue: clue, x: p.lineLits(isRow, i), starts: make([][]int, len(clue))}
		pre := linePrefix(isRow, i)
		for j := range clue {
			l.starts[j] = make([]int, n)
			for k := range n {
				l.starts[j][k] = s.newVar(func() string {
					return pre + ".run" + strconv.Itoa(j+1) + "@" + strconv.Itoa(k+1)
				})
			}
		}
		return l
	}
	for r := range p.Height {
		if s.keep(true, r) {
			rows = append(rows, alloc(true, r))
		}
	}
	for c := range p.Width {
		if s.keep(false, c) {
			cols = append(cols, alloc(false, c))
		}
	}
	// Line by line, each line's clauses one group ("c pipesat group"), in
	// the article's order of kinds within the line.
	var cl []int
	for _, l := range slices.Concat(rows, cols) {
		s.lineGroup(p, l.isRow, l.i)
		n := len(l.x)
		// run_implies_shaded
		s.group(p, l.isRow, l.i, "a run starting at k blacks its cells")
		for j, run := range l.clue {
			for k := range n {
				for c := k; c < min(k+run, n); c++ {
					s.clause(-l.starts[j][k], l.x[c])
				}
			}
		}
		// shaded_implies_run
		s.group(p, l.isRow, l.i, "a black cell is covered by a run")
		for c, x := range l.x {
			cl = append(cl[:0], -x)
			for j, run := range l.clue {
				for k := max(0, c-run+1); k <= c; k++ {
					cl = append(cl, l.starts[j][k])
				}
			}
			s.clause(cl...)
		}
		// run_ordering
		s.group(p, l.isRow, l.i, "each run starts after the one before it")
		for j, run := range l.clue {
			if j == len(l.clue)-1 {
				continue
			}
			for k := range n {
				for k2 := range min(k+run+1, n) {
					s.clause(-l.starts[j][k], -l.starts[j+1][k2])
				}
			}
		}
		// run_at_most_one_position
		s.group(p, l.isRow, l.i, "each run starts at most once")
		for j := range l.clue {
			for k := range n {
				for k2 := k + 1; k2 < n; k2++ {
					s.clause(-l.starts[j][k], -l.starts[j][k2])
				}
			}
		}
		// run_at_least_one_position
		s.group(p, l.isRow, l.i, "each run starts somewhere")
		for j := range l.clue {
			s.clause(l.starts[j]...)
		}
		// exclude_invalid_run_positions
		s.group(p, l.isRow, l.i, "no run starts too near the end")
		for j, run := range l.clue {
			for k := n - run + 1; k < n; k++ {
				s.clause(-l.starts[j][k])
			}
		}
	}
}
