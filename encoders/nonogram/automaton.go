package nonogram

import (
	"slices"
	"strconv"
)

// The automaton encoding. A line with clue a1..ak is the regular language
// 0* 1^a1 0+ 1^a2 ... 0+ 1^ak 0*. Its deterministic automaton has a state
// for each prefix of the shortest line P = 1^a1 0 1^a2 ... 0 1^ak (state j:
// j symbols of P read, j = 0..m with m = len(P)) plus state m+1 for the
// blanks after the last run. Every transition into a state reads the same
// symbol, the state's label (P[j-1]; 0 for states 0 and m+1), so the state
// after cell i tells the cell's colour. The states are named by what they
// mean (stateNames): state 0 is before-block-1, the states of block b's
// cells block-b-cell-1.., the blank state after block b (state m+1 after
// the last) after-block-b; the variable of a state after cell i is
// "r3:after-block-1@c5" (row 3, after column 5).
//
// Unrolled over the n cells, state j can hold after i cells only if it is
// reachable from the start (j <= i) and can still reach the end
// (m-j <= n-i): at most n-m+2 states per layer. Each live state gets a
// literal: true if it is the only state of its layer, the cell literal
// (or its negation) if it is the only state of its layer with that label,
// else a new variable S. The clauses, for each step i -> i+1:
//
//	S[i][j]   -> OR of S[i+1][succ]       (some successor holds)
//	S[i+1][j] -> OR of S[i][pred]         (some predecessor held)
//	S[i+1][j] -> x[i] = label(j)
//	x[i] = v  -> OR of S[i+1][j] with label(j) = v
//
// These are the clauses of Bacchus' GAC encoding of the regular
// constraint with each transition variable identified with its target
// state, which the labelled states allow; so unit propagation removes
// every cell value that no placement of the line's runs supports: it is a
// complete line solver. The first step (from the start state, true) and
// the last (into the live states after the last cell, which are the
// accepting ones, block-k-cell-<ak> and after-block-k) carry the start and
// the acceptance: with comments, each line's clauses say "start",
// "transitions" and "accept" where those steps begin.

type lineAutomaton struct {
	m   int
	pat []bool // P
	n   int
	// lits holds each layer's literals, layer i's from off[i]: states
	// lo(i)..hi(i), then state m+1 when live. A sink keeps one
	// lineAutomaton and reuses its slices from line to line.
	lits, off []int
	states    []int // scratch: the live states of a layer
	ones      []int // scratch: the clause of a cell's black value
	zeros     []int // scratch: the clause of its blank value
}

func (a *lineAutomaton) label(j int) bool {
	if j == 0 || j == a.m+1 {
		return false
	}
	return a.pat[j-1]
}

func (a *lineAutomaton) next(j int, v bool) int {
	switch {
	case j >= a.m:
		if v {
			return -1
		}
		return a.m + 1
	case v == a.pat[j]:
		return j + 1
	case !v && !a.label(j):
		return j
	}
	return -1
}

// live bounds of layer i: states lo..hi (of 0..m), plus m+1 when end.
func (a *lineAutomaton) bounds(i int) (lo, hi int, end bool) {
	lo = max(0, a.m-(a.n-i))
	hi = min(i, a.m)
	return lo, hi, i >= a.m+1
}

func (a *lineAutomaton) lit(i, j int) int {
	if j < 0 {
		return litFalse
	}
	lo, hi, end := a.bounds(i)
	if j == a.m+1 {
		if end {
			return a.lits[a.off[i+1]-1]
		}
		return litFalse
	}
	if j < lo || j > hi {
		return litFalse
	}
	return a.lits[a.off[i]+j-lo]
}

// stateNames returns the names of the states of clue's automaton, by
// what they mean: state 0 "before-block-1", the states of block b's cells
// "block-b-cell-1".."block-b-cell-<len>", the blank after block b (and
// state m+1, after the last block) "after-block-b".
func stateNames(clue Clue) []string {
	names := []string{"before-block-1"}
	for b, run := range clue {
		if b > 0 {
			names = append(names, "after-block-"+strconv.Itoa(b))
		}
		for t := range run {
			names = append(names, "block-"+strconv.Itoa(b+1)+"-cell-"+strconv.Itoa(t+1))
		}
	}
	return append(names, "after-block-"+strconv.Itoa(len(clue)))
}

func encodeAutomaton(p *Puzzle, s *sink) {
	for r := range p.Height {
		if !s.keep(true, r) {
			continue
		}
		s.lineGroup(p, true, r)
		s.group(p, true, r, "automaton over its cells")
		automatonLine(s, p.Rows[r], p.lineLits(true, r), lineRef{p, true, r})
	}
	for c := range p.Width {
		if !s.keep(false, c) {
			continue
		}
		s.lineGroup(p, false, c)
		s.group(p, false, c, "automaton over its cells")
		automatonLine(s, p.Cols[c], p.lineLits(false, c), lineRef{p, false, c})
	}
}

func automatonLine(s *sink, clue Clue, x []int, line lineRef) {
	n := len(x)
	if len(clue) == 0 {
		for _, l := range x {
			s.clause(-l)
		}
		return
	}
	a := &s.auto
	a.reset(clue, n)
	// The states' names, for the auxiliaries' names and the comments:
	// only when they are written.
	var names []string
	if s.out.Aux != nil || s.out.Group != nil && line.p != nil {
		names = stateNames(clue)
	}
	a.layers(s, x, line, names)
	accept := ""
	if names != nil {
		accept = names[a.m] + " or " + names[a.m+1]
	}
	for i := range n {
		s.newStep()
		s.stepGroup(line, i, n, accept)
		a.successors(s, i)
		a.predecessors(s, x, i)
	}
	s.endSteps()
}

// reset makes a the automaton of clue over n cells: P, the shortest
// line, and its length m.
func (a *lineAutomaton) reset(clue Clue, n int) {
	a.m, a.n = clue.MinLen(), n
	a.pat = a.pat[:0]
	for k, run := range clue {
		if k > 0 {
			a.pat = append(a.pat, false)
		}
		for range run {
			a.pat = append(a.pat, true)
		}
	}
}

// layers gives each live state of each layer 0..n its literal: true if
// it is the only state of its layer, the cell literal x[i-1] (or its
// negation) if it is the only one with its label, else a new variable,
// named after names (nil: no names) and the cell.
func (a *lineAutomaton) layers(s *sink, x []int, line lineRef, names []string) {
	a.lits, a.off = a.lits[:0], a.off[:0]
	states := a.states
	for i := 0; i <= a.n; i++ {
		lo, hi, end := a.bounds(i)
		states = states[:0]
		for j := lo; j <= hi; j++ {
			states = append(states, j)
		}
		if end {
			states = append(states, a.m+1)
		}
		a.off = append(a.off, len(a.lits))
		a.lits = slices.Grow(a.lits, len(states))
		l := a.lits[len(a.lits) : len(a.lits)+len(states)]
		a.lits = a.lits[:len(a.lits)+len(states)]
		if i == 0 || len(states) == 1 {
			for k := range l {
				l[k] = litTrue
			}
			continue
		}
		n1 := 0
		for _, j := range states {
			if a.label(j) {
				n1++
			}
		}
		n0 := len(states) - n1
		for k, j := range states {
			switch lab := a.label(j); {
			case lab && n1 == 1:
				l[k] = x[i-1]
			case !lab && n0 == 1:
				l[k] = -x[i-1]
			default:
				l[k] = s.newVar(func() string { return line.stateName(names[j], i) })
			}
		}
	}
	a.off = append(a.off, len(a.lits))
	a.states = states
}

// successors writes, for each live state j after i cells, that some
// successor holds after cell i+1.
func (a *lineAutomaton) successors(s *sink, i int) {
	lo, hi, end := a.bounds(i)
	for j := lo; j <= hi+1; j++ {
		if j == hi+1 {
			if !end {
				break
			}
			j = a.m + 1
		}
		s.clause(-a.lit(i, j), a.lit(i+1, a.next(j, false)), a.lit(i+1, a.next(j, true)))
	}
}

// predecessors writes, for each live state j after cell i+1, that some
// predecessor held and that cell i (x[i]) has j's label; and that each
// value of the cell has a state of its label.
func (a *lineAutomaton) predecessors(s *sink, x []int, i int) {
	lo, hi, end := a.bounds(i + 1)
	ones, zeros := append(a.ones[:0], -x[i]), append(a.zeros[:0], x[i])
	for j := lo; j <= hi+1; j++ {
		if j == hi+1 {
			if !end {
				break
			}
			j = a.m + 1
		}
		q := a.lit(i+1, j)
		var pred1, pred2 int
		switch {
		case j == a.m+1:
			pred1, pred2 = a.lit(i, a.m), a.lit(i, a.m+1)
		case j == 0:
			pred1, pred2 = a.lit(i, 0), litFalse
		case a.label(j):
			pred1, pred2 = a.lit(i, j-1), litFalse
		default:
			pred1, pred2 = a.lit(i, j-1), a.lit(i, j)
		}
		s.clause(-q, pred1, pred2)
		if a.label(j) {
			s.clause(-q, x[i])
			ones = append(ones, q)
		} else {
			s.clause(-q, -x[i])
			zeros = append(zeros, q)
		}
	}
	s.clause(ones...)
	s.clause(zeros...)
	a.ones, a.zeros = ones, zeros
}
