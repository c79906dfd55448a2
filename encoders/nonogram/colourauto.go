package nonogram

import "fmt"

// The colour automaton encoding. A colour puzzle has K values per cell
// (the background 0 and the colours 1..K-1) and one variable per cell and
// value, exactly one of them true. A line whose clue has runs
// (n1,c1) ... (nk,ck) is the language
//
//	0* c1^n1 G1 c2^n2 G2 ... ck^nk 0*
//
// where the gap Gi is 0+ when ci = ci+1 (runs of one colour need a
// background cell between them) and 0* otherwise (runs of different
// colours may touch). Its automaton has a start state (label 0, a loop),
// a state per cell of each run (label ci), a gap state after each run
// but the last (label 0, a loop) and an end state (label 0, a loop); the
// last cell of run i goes to the gap and, when the colours differ,
// straight to the first cell of run i+1. Every transition into a state
// reads the state's label, so, as in the black-and-white automaton, the
// state after cell i tells the cell's colour, and the clauses
//
//	S[i][q]    -> OR of S[i+1][succ]          (some successor holds)
//	S[i+1][q]  -> OR of S[i][pred]            (some predecessor held)
//	S[i+1][q]  -> x[i][label(q)]
//	x[i][v]    -> OR of S[i+1][q] with label v
//
// over the states live in each layer (reachable from the start in i
// steps and able to reach an accepting state, the last run's last cell
// or the end, in the n-i left) are Bacchus' GAC encoding of the regular
// constraint with each transition identified with its target. Unit
// propagation then removes every colour no placement of the line's runs
// supports, and with the cell's at-least-one clause sets the one left: it
// is a complete line solver. The states' distances from the start and to
// the end are monotone along the state order, so each layer's live
// states are an interval.

type colourAutomaton struct {
	label       []int    // per state: colour index, 0 background
	name        []string // per state: what it means, as stateNames says
	succ, pred  [][]int  // per state, self loops included
	dist, toEnd []int
	n           int
	lo, hi      []int   // per layer: live states lo..hi
	lits        [][]int // per layer: lits[i][q-lo[i]]
}

func newColourAutomaton(clue Clue, cols []int, n int) *colourAutomaton {
	a := &colourAutomaton{n: n}
	add := func(label int, loop bool) int {
		q := len(a.label)
		a.label = append(a.label, label)
		a.succ = append(a.succ, nil)
		a.pred = append(a.pred, nil)
		if loop {
			a.edge(q, q)
		}
		return q
	}
	edge := a.edge
	start := add(0, true)
	prevLast, prevGap := -1, start
	for k, run := range clue {
		for t := range run {
			q := add(cols[k], false)
			if t == 0 {
				edge(prevGap, q)
				if prevLast >= 0 && cols[k-1] != cols[k] {
					edge(prevLast, q)
				}
			} else {
				edge(q-1, q)
			}
		}
		prevLast = len(a.label) - 1
		prevGap = add(0, true) // the gap after run k, or the end state
		edge(prevLast, prevGap)
	}
	accept := []int{prevLast, prevGap}
	ns := len(a.label)
	a.name = stateNames(clue) // the states in the same order
	a.dist = make([]int, ns)
	for q := 1; q < ns; q++ {
		a.dist[q] = n + 1
		for _, p := range a.pred[q] {
			if p != q {
				a.dist[q] = min(a.dist[q], a.dist[p]+1)
			}
		}
	}
	a.toEnd = make([]int, ns)
	for q := ns - 1; q >= 0; q-- {
		a.toEnd[q] = n + 1
		if q == accept[0] || q == accept[1] {
			a.toEnd[q] = 0
			continue
		}
		for _, s := range a.succ[q] {
			if s != q {
				a.toEnd[q] = min(a.toEnd[q], a.toEnd[s]+1)
			}
		}
	}
	// dist never falls and toEnd never rises along the states, so the
	// states live after i cells are lo..hi: hi the last with dist <= i, lo
	// the first with toEnd <= n-i, both moving right as i grows.
	a.lo, a.hi = make([]int, n+1), make([]int, n+1)
	lo, hi := 0, -1
	for i := 0; i <= n; i++ {
		for hi+1 < ns && a.dist[hi+1] <= i {
			hi++
		}
		for lo < ns && a.toEnd[lo] > n-i {
			lo++
		}
		a.lo[i], a.hi[i] = lo, hi
	}
	return a
}

func (a *colourAutomaton) edge(p, q int) {
	a.succ[p] = append(a.succ[p], q)
	a.pred[q] = append(a.pred[q], p)
}

// lit returns the literal of state q after i cells, litFalse when the
// state is not live there.
func (a *colourAutomaton) lit(i, q int) int {
	if q < a.lo[i] || q > a.hi[i] {
		return litFalse
	}
	return a.lits[i][q-a.lo[i]]
}

// colourLine writes the clauses of one line: x[i][v] is the literal of
// cell i in colour v.
func colourLine(s *sink, clue Clue, cols []int, x [][]int, line lineRef) {
	n := len(x)
	if len(clue) == 0 {
		for _, l := range x {
			s.clause(l[0])
		}
		return
	}
	a := newColourAutomaton(clue, cols, n)
	K := len(x[0])
	a.lits = make([][]int, n+1)
	count := make([]int, K)
	for i := 0; i <= n; i++ {
		lo, hi := a.lo[i], a.hi[i]
		l := make([]int, hi-lo+1)
		a.lits[i] = l
		if i == 0 || len(l) == 1 {
			for k := range l {
				l[k] = litTrue
			}
			continue
		}
		clear(count)
		for q := lo; q <= hi; q++ {
			count[a.label[q]]++
		}
		for q := lo; q <= hi; q++ {
			if v := a.label[q]; count[v] == 1 {
				l[q-lo] = x[i-1][v]
			} else {
				l[q-lo] = s.newVar(func() string { return line.stateName(a.name[q], i) })
			}
		}
	}
	var buf []int
	defer s.endSteps()
	accept := a.name[len(a.name)-2] + " or " + a.name[len(a.name)-1]
	for i := range n {
		s.newStep()
		s.stepGroup(line, i, n, accept)
		for q := a.lo[i]; q <= a.hi[i]; q++ {
			buf = append(buf[:0], -a.lit(i, q))
			for _, t := range a.succ[q] {
				buf = append(buf, a.lit(i+1, t))
			}
			s.clause(buf...)
		}
		for q := a.lo[i+1]; q <= a.hi[i+1]; q++ {
			buf = append(buf[:0], -a.lit(i+1, q))
			for _, p := range a.pred[q] {
				buf = append(buf, a.lit(i, p))
			}
			s.clause(buf...)
			s.clause(-a.lit(i+1, q), x[i][a.label[q]])
		}
		for v := range K {
			buf = append(buf[:0], -x[i][v])
			for q := a.lo[i+1]; q <= a.hi[i+1]; q++ {
				if a.label[q] == v {
					buf = append(buf, a.lit(i+1, q))
				}
			}
			s.clause(buf...)
		}
	}
}

// colourLineLits returns, for each cell of row i (isRow) or column i, the
// variables of its colours.
func (p *Puzzle) colourLineLits(isRow bool, i int) [][]int {
	K := len(p.Colours)
	n := p.Width
	if !isRow {
		n = p.Height
	}
	x := make([][]int, n)
	for j := range x {
		r, c := i, j
		if !isRow {
			r, c = j, i
		}
		x[j] = make([]int, K)
		for k := range K {
			x[j][k] = p.ColourVar(r, c, k)
		}
	}
	return x
}

func encodeColourAutomaton(p *Puzzle, s *sink) {
	K := len(p.Colours)
	if s.out.Group != nil {
		s.pending = fmt.Sprintf("cells: exactly one of %d colours each (background included)", K)
	}
	lits := make([]int, K)
	for r := range p.Height {
		for c := range p.Width {
			for k := range K {
				lits[k] = p.ColourVar(r, c, k)
			}
			s.clause(lits...)
			for k := range K {
				for k2 := k + 1; k2 < K; k2++ {
					s.clause(-lits[k], -lits[k2])
				}
			}
		}
	}
	s.cells.alo = true
	for r := range p.Height {
		s.lineGroup(p, true, r)
		s.group(p, true, r, "automaton over its cells' colours")
		colourLine(s, p.Rows[r], p.RowColours[r], p.colourLineLits(true, r), lineRef{p, true, r})
	}
	for c := range p.Width {
		s.lineGroup(p, false, c)
		s.group(p, false, c, "automaton over its cells' colours")
		colourLine(s, p.Cols[c], p.ColColours[c], p.colourLineLits(false, c), lineRef{p, false, c})
	}
	if s.out.Group != nil {
		s.pending = fmt.Sprintf("givens: %d cells known not background", len(p.Givens))
	}
	for g, cell := range p.Givens {
		s.givenGroup(p, g)
		if k := p.givenColour(g); k > 0 {
			s.clause(p.ColourVar(cell.Row, cell.Col, k))
		} else {
			s.clause(-p.ColourVar(cell.Row, cell.Col, 0))
		}
	}
}
