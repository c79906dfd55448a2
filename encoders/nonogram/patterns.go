package nonogram

import (
	"fmt"
	"strconv"
)

// The pattern encoding of the Russian, Chinese and French articles: every
// placement of a line's runs (a pattern) gets a variable, the pattern
// implies each of its cells, and one of the line's patterns holds. A line
// with a single pattern gets unit clauses and no variable. The number of
// patterns of a line with k runs and s spare cells is C(s+k, k), which
// explodes: a 60-cell line can have two million.

// countPatterns returns C(slack+k, k) as a float64 (exact below 2^53).
func countPatterns(clue Clue, n int) float64 {
	k := len(clue)
	slack := n - clue.MinLen()
	c := 1.0
	for i := 1; i <= k; i++ {
		c = c * float64(slack+i) / float64(i)
	}
	return c
}

// PatternsError is Encode's error when the lines have more than
// Options.MaxPatterns patterns in all, before any is built.
type PatternsError struct {
	Total float64 // a count, as countPatterns makes it
	Limit int
	// Line is the line with the most patterns ("row 42"), Patterns
	// their number.
	Line     string
	Patterns float64
}

func (e *PatternsError) Error() string {
	return fmt.Sprintf("the lines have %.0f patterns in all, more than the limit of %d (%s alone has %.0f)", e.Total, e.Limit, e.Line, e.Patterns)
}

// checkPatterns returns a *PatternsError when the lines of p have more
// than limit patterns in all.
func checkPatterns(p *Puzzle, limit int) error {
	total, worst, worstRow, worstIdx := 0.0, 0.0, false, 0
	for _, isRow := range []bool{true, false} {
		cnt := p.Width
		if isRow {
			cnt = p.Height
		}
		for i := range cnt {
			clue, n := p.Line(isRow, i)
			c := countPatterns(clue, n)
			total += c
			if c > worst {
				worst, worstRow, worstIdx = c, isRow, i
			}
		}
	}
	if total > float64(limit) {
		return &PatternsError{Total: total, Limit: limit, Line: LineName(worstRow, worstIdx), Patterns: worst}
	}
	return nil
}

func encodePatterns(p *Puzzle, s *sink) {
	for _, isRow := range []bool{true, false} {
		cnt := p.Width
		if isRow {
			cnt = p.Height
		}
		for i := range cnt {
			if !s.keep(isRow, i) {
				continue
			}
			clue, n := p.Line(isRow, i)
			s.lineGroup(p, isRow, i)
			s.group(p, isRow, i, fmt.Sprintf("one of its %.0f patterns", countPatterns(clue, n)))
			patternLine(s, clue, p.lineLits(isRow, i), linePrefix(isRow, i), countPatterns(clue, n) == 1)
		}
	}
}

func patternLine(s *sink, clue Clue, x []int, prefix string, single bool) {
	n := len(x)
	cells := make([]bool, n)
	var alo []int
	var place func(j, from int)
	emit := func() {
		if single {
			for c, b := range cells {
				if b {
					s.clause(x[c])
				} else {
					s.clause(-x[c])
				}
			}
			return
		}
		v := s.newVar(func() string { return prefix + ".p" + strconv.Itoa(len(alo)+1) })
		alo = append(alo, v)
		for c, b := range cells {
			if b {
				s.clause(-v, x[c])
			} else {
				s.clause(-v, -x[c])
			}
		}
	}
	// place puts run j (and the ones after it) at from or later.
	place = func(j, from int) {
		if j == len(clue) {
			emit()
			return
		}
		rest := Clue(clue[j:]).MinLen()
		for k := from; k+rest <= n; k++ {
			for c := k; c < k+clue[j]; c++ {
				cells[c] = true
			}
			place(j+1, k+clue[j]+1)
			for c := k; c < k+clue[j]; c++ {
				cells[c] = false
			}
		}
	}
	place(0, 0)
	if !single {
		s.clause(alo...)
	}
}
