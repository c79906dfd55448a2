package nonogram

import "github.com/pipesat/pipesat/dimacs"

// A formula's size is checked before a clause is written: an encoding
// whose CNF no DIMACS reader here would take (more than
// dimacs.DefaultMaxVars variables or dimacs.DefaultMaxClauses clauses,
// the limits satrun reads under) is refused, naming the line that costs
// the most. The counts are upper bounds, exact but for the clauses and
// variables the encoders drop when a literal is constant.

// size is the cost of a formula or of one of its lines.
type size struct{ vars, clauses float64 }

// checkSize returns a positioned error when p in encoding enc would have
// more variables or clauses than a DIMACS reader takes.
func checkSize(p *Puzzle, enc Encoding) error {
	total, worst, worstRow, worstIdx := formulaSize(p, enc)
	what, n, limit, line := "clauses", total.clauses, dimacs.DefaultMaxClauses, worst.clauses
	switch {
	case total.clauses > dimacs.DefaultMaxClauses:
	case total.vars > dimacs.DefaultMaxVars:
		what, n, limit, line = "variables", total.vars, dimacs.DefaultMaxVars, worst.vars
	default:
		return nil
	}
	clue := p.ClueString(worstRow, worstIdx)
	if len(clue) > 20 {
		clue = clue[:17] + "..."
	}
	return p.errAt(p.at(worstRow, worstIdx), "the %s encoding needs up to %.0f %s, more than the %d satrun reads (%s, clue %q, alone up to %.0f)",
		enc, n, what, limit, LineName(worstRow, worstIdx), clue, line)
}

// formulaSize returns the size of p's formula in encoding enc, at most,
// and the line that costs the most clauses.
func formulaSize(p *Puzzle, enc Encoding) (total, worst size, worstRow bool, worstIdx int) {
	K := max(1, len(p.Colours))
	total = size{vars: float64(p.Width * p.Height * K), clauses: float64(len(p.Givens))}
	if K > 1 {
		total.clauses += float64(p.Width*p.Height) * float64(1+K*(K-1)/2)
	}
	worstRow = true
	for _, isRow := range []bool{true, false} {
		for i := range p.lines(isRow) {
			s := lineSize(p, enc, isRow, i)
			total.vars += s.vars
			total.clauses += s.clauses
			if s.clauses > worst.clauses || s.clauses == worst.clauses && s.vars > worst.vars {
				worst, worstRow, worstIdx = s, isRow, i
			}
		}
	}
	return total, worst, worstRow, worstIdx
}

// lineSize returns the auxiliary variables and the clauses that encoding
// enc writes for row i (isRow) or column i of p, at most.
func lineSize(p *Puzzle, enc Encoding, isRow bool, i int) size {
	clue, n := p.Line(isRow, i)
	fn := float64(n)
	if len(clue) == 0 {
		return size{clauses: fn}
	}
	switch enc {
	case Runs:
		k := float64(len(clue))
		s := size{vars: k * fn, clauses: fn + k} // black cells covered, each run somewhere
		for j, run := range clue {
			r := float64(run)
			s.clauses += r*(r+1)/2 + (fn-r)*r // a run's cells black, cut at the edge
			s.clauses += fn * (fn - 1) / 2    // each run starts at most once
			s.clauses += r - 1                // no run too near the end
			if j < len(clue)-1 {
				s.clauses += fn * fn // each run after the one before it
			}
		}
		return s
	case Order:
		// see order.go: per run a variable and two clauses (ladder, gap)
		// per cell of its range of starts (n-m cells, m the clue's
		// shortest line), and per cell 2k+1 clauses.
		k, free := float64(len(clue)), float64(n-clue.MinLen())
		return size{vars: k * free, clauses: 2*k*free + (2*k+1)*fn}
	case Patterns:
		c := countPatterns(clue, n)
		if c == 1 {
			return size{clauses: fn}
		}
		return size{vars: c, clauses: c*fn + 1}
	}
	// The automaton: layer l (after l cells) has live(l) states, each a
	// variable at most; step l -> l+1 writes a successor clause per state
	// of layer l, a predecessor and a label clause per state of layer
	// l+1, and one support clause per cell value.
	var live func(l int) int
	values := 2
	if p.IsColour() {
		a := newColourAutomaton(clue, p.LineColours(isRow, i), n)
		live = func(l int) int { return a.hi[l] - a.lo[l] + 1 }
		values = len(p.Colours)
	} else {
		m := clue.MinLen()
		live = func(l int) int {
			s := min(l, m) - max(0, m-(n-l)) + 1
			if l >= m+1 {
				s++
			}
			return s
		}
	}
	var s size
	for l := range n {
		s.vars += float64(live(l + 1))
		s.clauses += float64(live(l) + 2*live(l+1) + values)
	}
	return s
}
