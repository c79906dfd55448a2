package nonogram

import (
	"fmt"
	"strconv"
)

// Presolve, before encoding: line logic to a fixpoint. Each line is solved
// alone, completely: a cell becomes black (white) when every placement of
// the line's runs that fits the cells known so far makes it black
// (white). A line whose cells change puts its crossing lines back in the
// queue, until no line learns anything more. What line logic fixes holds
// in every solution of the puzzle, so the formula that writes the fixed
// cells as unit clauses and leaves out the lines whose cells are all fixed
// (settled lines: their clauses would only restate the units) has the same
// solutions over the cells as the full one: the same pictures, the same
// count, the same "not unique" pairs. A puzzle line logic solves becomes
// one unit clause per cell, which every solver answers without search.
//
// Unit propagation on one line's automaton clauses is the same complete
// line solver (see automaton.go); presolving does it once, here, instead of
// in the solver after the formula was written out and read back, and lets
// the formula leave out what it settles.

// Cell values of a presolved grid.
const (
	cellUnknown int8 = 0
	cellBlack   int8 = 1
	cellWhite   int8 = -1
)

// Presolved is what line logic deduces of a black-and-white puzzle, for
// Options.Presolved. It belongs to the puzzle Presolve was given, which
// must not change while it is in use.
type Presolved struct {
	p *Puzzle
	// cells, row-major: cellBlack, cellWhite or cellUnknown.
	cells []int8
	// fixed counts the cells that are black or white.
	fixed int
	// rowSettled and colSettled say which lines have every cell fixed.
	rowSettled, colSettled []bool
	settled                int
	// contradiction names the first line whose clue no placement fits
	// ("row 3"): the puzzle has no solution.
	contradiction string
}

// Presolve runs line logic on p from its givens to a fixpoint. A colour
// puzzle is left as it is: its Presolved fixes nothing, and Encode writes
// the full formula.
func Presolve(p *Puzzle) *Presolved {
	w, h := p.Width, p.Height
	ps := &Presolved{p: p, cells: make([]int8, w*h), rowSettled: make([]bool, h), colSettled: make([]bool, w)}
	if p.IsColour() {
		return ps
	}
	for _, g := range p.Givens {
		if i := g.Row*w + g.Col; ps.cells[i] == cellUnknown {
			ps.cells[i] = cellBlack
			ps.fixed++
		}
	}
	ls := &lineSolver{}
	line := make([]int8, max(w, h))
	// The queue holds rows as 0..h-1 and columns as h..h+w-1.
	queued := make([]bool, h+w)
	queue := make([]int, 0, h+w)
	for i := range h + w {
		queue = append(queue, i)
		queued[i] = true
	}
	for head := 0; head < len(queue); head++ {
		q := queue[head]
		queued[q] = false
		isRow, i := q < h, q
		start, step := i*w, 1 // the line's first cell and the step to the next
		if !isRow {
			i = q - h
			start, step = i, w
		}
		clue, n := p.Line(isRow, i)
		l := line[:n]
		for k := range l {
			l[k] = ps.cells[start+k*step]
		}
		if !ls.solve(clue, l) {
			ps.contradiction = LineName(isRow, i)
			return ps
		}
		for k, v := range l {
			j := start + k*step
			if ps.cells[j] != cellUnknown || v == cellUnknown {
				continue
			}
			ps.cells[j] = v
			ps.fixed++
			cross := k // the crossing line: column k of a row, row k of a column
			if isRow {
				cross = h + k
			}
			if !queued[cross] {
				queued[cross] = true
				queue = append(queue, cross)
			}
		}
	}
	for r := range h {
		ps.rowSettled[r] = ps.lineFixed(true, r)
	}
	for c := range w {
		ps.colSettled[c] = ps.lineFixed(false, c)
	}
	for _, s := range [][]bool{ps.rowSettled, ps.colSettled} {
		for _, b := range s {
			if b {
				ps.settled++
			}
		}
	}
	return ps
}

// Fixed returns the number of cells line logic fixed, givens included.
func (ps *Presolved) Fixed() int { return ps.fixed }

// Settled returns the number of lines (rows and columns) whose every cell
// is fixed.
func (ps *Presolved) Settled() int { return ps.settled }

// Contradiction returns the line ("row 3", "column 12") where line logic
// found that no picture fits the clues, or "" if it found none. The
// formula is then the full one, which a solver proves unsatisfiable.
func (ps *Presolved) Contradiction() string { return ps.contradiction }

// lineFixed reports whether every cell of the line is fixed.
func (ps *Presolved) lineFixed(isRow bool, i int) bool {
	w, h := ps.p.Width, ps.p.Height
	if isRow {
		for c := range w {
			if ps.cells[i*w+c] == cellUnknown {
				return false
			}
		}
		return true
	}
	for r := range h {
		if ps.cells[r*w+i] == cellUnknown {
			return false
		}
	}
	return true
}

// active reports whether the formula leaves settled lines out and writes
// the fixed cells: presolving ran on a black-and-white puzzle and found no
// contradiction.
func (ps *Presolved) active() bool {
	return ps != nil && ps.contradiction == "" && !ps.p.IsColour()
}

// check returns an error if ps belongs to another puzzle than p.
func (ps *Presolved) check(p *Puzzle) error {
	if ps != nil && ps.p != p {
		return fmt.Errorf("Options.Presolved is of another puzzle (%dx%d) than the one encoded", ps.p.Width, ps.p.Height)
	}
	return nil
}

// units writes the fixed cells as unit clauses, the givens among them.
func (ps *Presolved) units(s *sink) {
	if s.out.Group != nil {
		s.pending = "presolve: the " + strconv.Itoa(ps.fixed) + " cells line logic fixed"
	}
	for i, v := range ps.cells {
		switch v {
		case cellBlack:
			s.clause(i + 1)
		case cellWhite:
			s.clause(-(i + 1))
		}
	}
}

// keep reports whether the line's clauses go into the formula: always
// without presolve, else when the line is not settled.
func (ps *Presolved) keep(isRow bool, i int) bool {
	switch {
	case !ps.active():
		return true
	case isRow:
		return !ps.rowSettled[i]
	}
	return !ps.colSettled[i]
}

// comment returns the comment that says what presolving did.
func (ps *Presolved) comment() string {
	p := ps.p
	if ps.contradiction != "" {
		return "presolve: line logic finds no picture that fits " + ps.contradiction + ": the full formula follows"
	}
	return "presolve: line logic fixed " + strconv.Itoa(ps.fixed) + " of " + strconv.Itoa(p.Width*p.Height) +
		" cells (unit clauses at the end); " + strconv.Itoa(ps.settled) + " of " + strconv.Itoa(p.Width+p.Height) +
		" lines have every cell fixed and are left out (nono2cnf --presolve=false writes them)"
}

// lineSolver solves one line at a time, reusing its tables.
type lineSolver struct {
	// fwd[j*(n+1)+i]: runs 0..j-1 fit in cells 0..i-1 (the other cells
	// there white). bwd[j*(n+1)+i]: runs j.. fit in cells i..n-1.
	fwd, bwd []bool
	// whites[i]: the number of cells known white among 0..i-1.
	whites []int
	// canBlack counts, by difference, the placements that cover a cell;
	// canWhite says whether one leaves it white.
	canBlack []int
	canWhite []bool
	// pre and suf bound where runs may lie (see solve).
	pre, suf []int
}

// solve sets every cellUnknown cell of line that all placements of clue's
// runs fitting line's known cells agree on, and reports whether any
// placement fits.
func (ls *lineSolver) solve(clue Clue, line []int8) bool {
	n, k := len(line), len(clue)
	if k == 0 {
		for i, v := range line {
			if v == cellBlack {
				return false
			}
			line[i] = cellWhite
		}
		return true
	}
	ls.whites = grow(ls.whites, n+1)
	unknowns := 0
	for i, v := range line {
		ls.whites[i+1] = ls.whites[i]
		switch v {
		case cellWhite:
			ls.whites[i+1]++
		case cellUnknown:
			unknowns++
		}
	}
	if unknowns == 0 {
		return fits(clue, line)
	}
	// noWhite reports whether cells a..b-1 may all be black.
	noWhite := func(a, b int) bool { return ls.whites[b] == ls.whites[a] }
	canWhite := func(i int) bool { return line[i] != cellBlack }
	// Runs 0..j-1 end at pre[j] or later, runs j.. need suf[j] cells
	// (their blanks between included), so the tables are false outside
	// pre[j]..n-suf[j]: only that slack is computed.
	ls.pre = grow(ls.pre, k+1)
	ls.suf = grow(ls.suf, k+1)
	pre, suf := ls.pre, ls.suf
	pre[0] = 0
	for j := 1; j <= k; j++ {
		pre[j] = pre[j-1] + clue[j-1]
		if j > 1 {
			pre[j]++
		}
	}
	suf[k] = 0
	for j := k - 1; j >= 0; j-- {
		suf[j] = suf[j+1] + clue[j]
		if j < k-1 {
			suf[j]++
		}
	}
	m := n + 1
	ls.fwd = grow(ls.fwd, (k+1)*m)
	ls.bwd = grow(ls.bwd, (k+1)*m)
	fwd, bwd := ls.fwd, ls.bwd
	clear(fwd)
	clear(bwd)
	fwd[0] = true
	for i := 1; i <= n-suf[0]; i++ {
		fwd[i] = fwd[i-1] && canWhite(i-1)
	}
	for j := 1; j <= k; j++ {
		a := clue[j-1]
		row, prev := fwd[j*m:(j+1)*m], fwd[(j-1)*m:j*m]
		for i := pre[j]; i <= n-suf[j]; i++ {
			ok := i > 0 && row[i-1] && canWhite(i-1)
			if !ok && noWhite(i-a, i) {
				s := i - a // the run's first cell
				if j == 1 {
					ok = prev[s]
				} else {
					ok = s >= 1 && canWhite(s-1) && prev[s-1]
				}
			}
			row[i] = ok
		}
	}
	if !fwd[k*m+n] {
		return false
	}
	bwd[k*m+n] = true
	for i := n - 1; i >= pre[k]; i-- {
		bwd[k*m+i] = bwd[k*m+i+1] && canWhite(i)
	}
	for j := k - 1; j >= 0; j-- {
		a := clue[j]
		row, next := bwd[j*m:(j+1)*m], bwd[(j+1)*m:(j+2)*m]
		for i := n - suf[j]; i >= pre[j]; i-- {
			ok := i < n && row[i+1] && canWhite(i)
			if !ok && noWhite(i, i+a) {
				e := i + a // the cell after the run
				if j == k-1 {
					ok = next[e]
				} else {
					ok = e < n && canWhite(e) && next[e+1]
				}
			}
			row[i] = ok
		}
	}
	ls.canBlack = grow(ls.canBlack, n+1)
	ls.canWhite = grow(ls.canWhite, n)
	cb, cw := ls.canBlack, ls.canWhite
	clear(cb)
	clear(cw)
	for j, a := range clue {
		for s := pre[j]; s+a <= n-suf[j+1]; s++ {
			if !noWhite(s, s+a) {
				continue
			}
			e := s + a
			left := fwd[j*m+s] // j == 0: every cell before s white
			if j > 0 {
				left = s >= 1 && canWhite(s-1) && fwd[j*m+s-1]
			}
			right := bwd[(j+1)*m+e] // the last run: every cell after it white
			if j < k-1 {
				right = e < n && canWhite(e) && bwd[(j+1)*m+e+1]
			}
			if left && right {
				cb[s]++
				cb[e]--
			}
		}
	}
	for j := 0; j <= k; j++ {
		// Cell i white between runs j-1 and j.
		for i := pre[j]; i < n-suf[j]; i++ {
			if !cw[i] && canWhite(i) && fwd[j*m+i] && bwd[j*m+i+1] {
				cw[i] = true
			}
		}
	}
	cover := 0
	for i := range line {
		cover += cb[i]
		switch {
		case cover > 0 && !cw[i]:
			line[i] = cellBlack
		case cover == 0 && cw[i]:
			line[i] = cellWhite
		case cover == 0:
			return false // unreachable when a placement fits; kept as a guard
		}
	}
	return true
}

// fits reports whether the runs of line, every cell black or white, are
// clue's.
func fits(clue Clue, line []int8) bool {
	j, run := 0, 0
	for i := 0; i <= len(line); i++ {
		if i < len(line) && line[i] == cellBlack {
			run++
			continue
		}
		if run > 0 {
			if j == len(clue) || clue[j] != run {
				return false
			}
			j, run = j+1, 0
		}
	}
	return j == len(clue)
}

// grow returns s with length n, reusing its array when it is large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}
