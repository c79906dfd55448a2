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
// cells as unit clauses, leaves out the lines whose cells are all fixed
// (settled lines: their clauses would only restate the units) and takes
// the fixed cells' values into the other lines' clauses (a clause a fixed
// cell satisfies is left out, a literal it falsifies dropped) has the same
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
	// fixed counts the cells that are black or white (see count).
	fixed int
	// rowSettled and colSettled say which lines have every cell fixed.
	rowSettled, colSettled []bool
	settled                int
	// probed counts the cells probing fixed (see probe.go), after line
	// logic.
	probed int
	// contradiction names the first line whose clue no placement fits
	// ("row 3"), or with probeFailed the cell that probing found can be
	// neither black nor white ("r3c4"): the puzzle has no solution.
	contradiction string
	probeFailed   bool
}

// Presolve runs line logic on p from its givens to a fixpoint, then
// probes (see probe.go). A colour puzzle is left as it is: its Presolved
// fixes nothing, and Encode writes the full formula.
func Presolve(p *Puzzle) *Presolved { return presolve(p, true) }

// PresolveLines is Presolve without probing: line logic alone.
func PresolveLines(p *Puzzle) *Presolved { return presolve(p, false) }

func presolve(p *Puzzle, probe bool) *Presolved {
	w, h := p.Width, p.Height
	ps := &Presolved{p: p, cells: make([]int8, w*h), rowSettled: make([]bool, h), colSettled: make([]bool, w)}
	if p.IsColour() {
		return ps
	}
	ps.givens()
	pr := newPropagator(ps)
	pr.all(true)
	if _, ok := pr.run(); !ok {
		// Another order of the same line logic meets the same
		// contradiction, but perhaps in another line first: name the
		// one the plain order finds, as the formula always did.
		clear(ps.cells)
		ps.givens()
		pr = newPropagator(ps)
		pr.all(false)
		ps.contradiction, _ = pr.run()
		ps.count()
		return ps
	}
	ps.count()
	if probe {
		lines := ps.fixed
		if cell, ok := pr.probe(probeBudget(p)); !ok {
			ps.contradiction, ps.probeFailed = cell, true
			return ps
		}
		ps.count()
		ps.probed = ps.fixed - lines
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

// givens sets the givens' cells black.
func (ps *Presolved) givens() {
	for _, g := range ps.p.Givens {
		ps.cells[g.Row*ps.p.Width+g.Col] = cellBlack
	}
}

// count sets ps.fixed.
func (ps *Presolved) count() {
	ps.fixed = 0
	for _, v := range ps.cells {
		if v != cellUnknown {
			ps.fixed++
		}
	}
}

// propagator runs line logic on a Presolved's cells: every line is
// solved completely (lineSolver.solve) once it is queued, and again after
// a crossing line changed one of its cells. With fast, a line with a
// changed cell is first solved by left-right overlap (lineSolver.overlap,
// a fraction of the cost, weaker), and completely only when no overlap
// has anything left to do: the fixpoint is the same, as every step of
// either kind deduces only what holds in every placement of the line's
// runs, and the end is a state the complete solver leaves as it is.
type propagator struct {
	ps          *Presolved
	fast        bool
	overlapOnly bool
	ls          lineSolver
	line        []int8
	// The queues hold rows as 0..h-1 and columns as h..h+w-1: full the
	// lines to solve completely, quick those to solve by overlap first
	// (each of them is in full too).
	full, quick lineQueue
	// trail lists the cells set, in order, when record (see probe.go).
	trail  []int
	record bool
	// work counts the line solver's steps: a cell of a line solved by
	// overlap, a cell times the runs plus one of a line solved
	// completely.
	work int
}

func newPropagator(ps *Presolved) *propagator {
	w, h := ps.p.Width, ps.p.Height
	pr := &propagator{ps: ps, line: make([]int8, max(w, h))}
	pr.full.init(h + w)
	pr.quick.init(h + w)
	return pr
}

// all queues every line, to be solved with overlap first when fast.
func (pr *propagator) all(fast bool) {
	pr.fast = fast
	for i := range pr.ps.p.Height + pr.ps.p.Width {
		pr.push(i)
	}
}

// push queues line q.
func (pr *propagator) push(q int) {
	pr.full.push(q)
	if pr.fast {
		pr.quick.push(q)
	}
}

// set sets cell j (unknown) to v, records it on the trail when record and
// queues the two lines through it.
func (pr *propagator) set(j int, v int8) {
	ps := pr.ps
	w, h := ps.p.Width, ps.p.Height
	ps.cells[j] = v
	if pr.record {
		pr.trail = append(pr.trail, j)
	}
	pr.push(j / w)
	pr.push(h + j%w)
}

// run solves the queued lines to a fixpoint and reports whether it found
// no contradiction; else it empties the queues and names the line whose
// clue no placement fits ("row 3").
func (pr *propagator) run() (string, bool) {
	ps := pr.ps
	p := ps.p
	w, h := p.Width, p.Height
	for {
		q, overlap := pr.quick.pop()
		if !overlap && pr.overlapOnly {
			pr.full.reset()
			return "", true
		}
		if !overlap {
			var more bool
			if q, more = pr.full.pop(); !more {
				return "", true
			}
		}
		isRow, i := q < h, q
		start, step := i*w, 1 // the line's first cell and the step to the next
		if !isRow {
			i = q - h
			start, step = i, w
		}
		clue, n := p.Line(isRow, i)
		l := pr.line[:n]
		for k := range l {
			l[k] = ps.cells[start+k*step]
		}
		var ok bool
		if overlap {
			ok = pr.ls.overlap(clue, l)
			pr.work += n
		} else {
			ok = pr.ls.solve(clue, l)
			pr.work += n + pr.ls.cells
		}
		if !ok {
			pr.full.reset()
			pr.quick.reset()
			return LineName(isRow, i), false
		}
		for k, v := range l {
			j := start + k*step
			if ps.cells[j] != cellUnknown || v == cellUnknown {
				continue
			}
			ps.cells[j] = v
			if pr.record {
				pr.trail = append(pr.trail, j)
			}
			cross := k // the crossing line: column k of a row, row k of a column
			if isRow {
				cross = h + k
			}
			pr.push(cross)
		}
	}
}

// lineQueue is a first-in first-out queue of lines, each at most once.
type lineQueue struct {
	lines  []int
	head   int
	queued []bool
}

func (lq *lineQueue) init(n int) {
	lq.lines = make([]int, 0, n)
	lq.queued = make([]bool, n)
}

// push appends line q unless it is queued already.
func (lq *lineQueue) push(q int) {
	if !lq.queued[q] {
		lq.queued[q] = true
		lq.lines = append(lq.lines, q)
	}
}

// reset empties the queue.
func (lq *lineQueue) reset() {
	for _, q := range lq.lines[lq.head:] {
		lq.queued[q] = false
	}
	lq.lines, lq.head = lq.lines[:0], 0
}

// pop removes and returns the first line, and false when there is none.
func (lq *lineQueue) pop() (int, bool) {
	if lq.head == len(lq.lines) {
		return 0, false
	}
	q := lq.lines[lq.head]
	lq.head++
	lq.queued[q] = false
	if lq.head == len(lq.lines) { // empty: reuse the array
		lq.lines, lq.head = lq.lines[:0], 0
	}
	return q, true
}

// Fixed returns the number of cells line logic and probing fixed, givens
// included.
func (ps *Presolved) Fixed() int { return ps.fixed }

// Settled returns the number of lines (rows and columns) whose every cell
// is fixed.
func (ps *Presolved) Settled() int { return ps.settled }

// Picture returns the picture line logic solved, row-major (true is
// black), and true when it fixed every cell without a contradiction; nil
// and false otherwise. Such a picture is the puzzle's only solution: the
// formula Encode writes with this Presolved is then one unit clause per
// cell.
func (ps *Presolved) Picture() ([]bool, bool) {
	if !ps.active() || ps.fixed != len(ps.cells) {
		return nil, false
	}
	pic := make([]bool, len(ps.cells))
	for i, v := range ps.cells {
		pic[i] = v == cellBlack
	}
	return pic, true
}

// Contradiction returns the line ("row 3", "column 12") where line logic
// found that no picture fits the clues, or the cell ("r3c4") that probing
// found can be neither black nor white, or "" if they found none. The
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

// value returns litTrue or litFalse for a literal of a fixed cell, so
// that the lines' clauses leave out what presolving settled (sink.clause
// drops a true clause and a false literal); any other literal as it is.
// ps must be active (sink.fixed is set only then).
func (ps *Presolved) value(l int) int {
	v := l
	if v < 0 {
		v = -v
	}
	if v > len(ps.cells) || l == litTrue || l == litFalse {
		return l
	}
	switch c := ps.cells[v-1]; {
	case c == cellUnknown:
		return l
	case (c == cellBlack) == (l > 0):
		return litTrue
	}
	return litFalse
}

// units writes the fixed cells as unit clauses, the givens among them.
func (ps *Presolved) units(s *sink) {
	if s.out.Group != nil {
		by := "line logic"
		if ps.probed > 0 {
			by += " and probing"
		}
		s.pending = "presolve: the " + strconv.Itoa(ps.fixed) + " cells " + by + " fixed"
	}
	s.fixed = nil // the units themselves
	// One unit per fixed cell, and no line wrote one over a fixed cell
	// (value made it true or false): nothing to compare them with, and
	// recording them would cost memory per cell (cellClauses' touched).
	s.cells = nil
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

// comment returns the comment that says what presolving did, with note
// (Options.PresolveNote) after the lines it left out.
func (ps *Presolved) comment(note string) string {
	p := ps.p
	switch {
	case ps.probeFailed:
		return "presolve: probing finds that " + ps.contradiction + " can be neither black nor white: no picture fits; the full formula follows"
	case ps.contradiction != "":
		return "presolve: line logic finds no picture that fits " + ps.contradiction + ": the full formula follows"
	}
	return "presolve: line logic fixed " + strconv.Itoa(ps.fixed-ps.probed) + " of " + strconv.Itoa(p.Width*p.Height) +
		" cells" + ps.probedComment() + " (unit clauses at the end); " + strconv.Itoa(ps.settled) + " of " + strconv.Itoa(p.Width+p.Height) +
		" lines have every cell fixed and are left out" + parenthesized(note)
}

// parenthesized returns " (note)", or "" for no note.
func parenthesized(note string) string {
	if note == "" {
		return ""
	}
	return " (" + note + ")"
}

// lineSolver solves one line at a time, reusing its tables.
type lineSolver struct {
	// fwd and bwd are tables by run count j (0..k) and cell i (0..n),
	// each row only over the cells where runs may end or start (see
	// solve): fwd(j, i) says runs 0..j-1 fit in cells 0..i-1 (the other
	// cells there white), bwd(j, i) that runs j.. fit in cells i..n-1.
	// A line's tables hold (k+1)*(n-minLen+2) entries, no more than its
	// automaton has states.
	fwd, bwd []bool
	w        int // the width of a row of fwd and bwd
	// whites[i]: the number of cells known white among 0..i-1.
	whites []int
	// canBlack counts, by difference, the placements that cover a cell;
	// canWhite says whether one leaves it white.
	canBlack []int
	canWhite []bool
	// lo and hi bound the rows of fwd and bwd (see tables).
	lo, hi []int
	// cells counts the entries of a row of each table (the work of
	// the last tables).
	cells int
	// startList is starts' result.
	startList []int
	// left and right are the runs' starts in the leftmost and the
	// rightmost placement, rline and rclue the reversed line and clue
	// (see overlap).
	left, right []int
	rline       []int8
	rclue       Clue
}

// solve sets every unknown cell of line that all placements of clue's
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
	unknowns := 0
	for _, v := range line {
		if v == cellUnknown {
			unknowns++
		}
	}
	if unknowns == 0 {
		return fits(clue, line)
	}
	if !ls.tables(clue, line) {
		return false
	}
	ls.canBlack = grow(ls.canBlack, n+1)
	ls.canWhite = grow(ls.canWhite, n)
	cb, cw := ls.canBlack, ls.canWhite
	clear(cb)
	clear(cw)
	for j, a := range clue {
		for _, s := range ls.starts(clue, line, j) {
			cb[s]++
			cb[s+a]--
		}
	}
	for j := 0; j <= k; j++ {
		// Cell i white between runs j-1 and j.
		fr, lo, hi := ls.row(ls.fwd, j, n)
		br, _, _ := ls.row(ls.bwd, j, n)
		for i := lo; i < hi; i++ {
			if !cw[i] && line[i] != cellBlack && fr[i-lo] && br[i+1-lo] {
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

// tables fills ls's tables for clue (at least one run) on line (fwd, bwd,
// whites, lo, hi) and reports whether any placement of the runs fits
// line's known cells.
func (ls *lineSolver) tables(clue Clue, line []int8) bool {
	if !ls.spans(clue, line) || !ls.forward(clue, line) {
		return false
	}
	ls.backward(clue, line)
	return true
}

// spans fills whites (the white cells before each cell), lo and hi, and
// sizes fwd and bwd; it reports whether the runs fit line's length.
func (ls *lineSolver) spans(clue Clue, line []int8) bool {
	n, k := len(line), len(clue)
	ls.whites = grow(ls.whites, n+1)
	for i, v := range line {
		ls.whites[i+1] = ls.whites[i]
		if v == cellWhite {
			ls.whites[i+1]++
		}
	}
	// Runs 0..j-1 end at lo[j] or later (the runs packed to the left),
	// and runs j.. need the cells from hi[j] on (packed to the right),
	// so row j of either table is false outside lo[j]..hi[j], at most
	// w cells wide: only those are stored.
	ls.lo = grow(ls.lo, k+1)
	ls.hi = grow(ls.hi, k+1)
	first, last := ls.lo, ls.hi
	first[0] = 0
	for j := 1; j <= k; j++ {
		first[j] = first[j-1] + clue[j-1]
		if j > 1 {
			first[j]++
		}
	}
	last[k] = n
	for j := k - 1; j >= 0; j-- {
		last[j] = last[j+1] - clue[j]
		if j < k-1 {
			last[j]--
		}
	}
	if first[k] > n {
		return false // the runs do not fit
	}
	w := n - first[k] + 2
	ls.w = w
	ls.cells = (k + 1) * w
	ls.fwd = grow(ls.fwd, (k+1)*w)
	ls.bwd = grow(ls.bwd, (k+1)*w)
	return true
}

// forward fills fwd: row j, cell i says whether runs 0..j-1 fit the
// first i cells. It reports whether all the runs fit the whole line.
func (ls *lineSolver) forward(clue Clue, line []int8) bool {
	n, k := len(line), len(clue)
	whites := ls.whites
	f, _, hi := ls.row(ls.fwd, 0, n)
	f[0] = true
	for i := 1; i <= hi; i++ {
		f[i] = f[i-1] && line[i-1] != cellBlack
	}
	for j := 1; j <= k; j++ {
		a := clue[j-1]
		r, lo, hi := ls.row(ls.fwd, j, n)
		p, plo, phi := ls.row(ls.fwd, j-1, n)
		for i := lo; i <= hi; i++ {
			ok := i > lo && r[i-1-lo] && line[i-1] != cellBlack
			if !ok && whites[i] == whites[i-a] {
				s := i - a // the run's first cell; j == 1: every cell before it white
				if j > 1 {
					s-- // the blank before it
					ok = s >= 0 && line[s] != cellBlack && at(p, plo, phi, s)
				} else {
					ok = at(p, plo, phi, s)
				}
			}
			r[i-lo] = ok
		}
	}
	r, lo, hi := ls.row(ls.fwd, k, n)
	return at(r, lo, hi, n)
}

// backward fills bwd: row j, cell i says whether runs j.. fit the cells
// from i on.
func (ls *lineSolver) backward(clue Clue, line []int8) {
	n, k := len(line), len(clue)
	whites := ls.whites
	b, lo, _ := ls.row(ls.bwd, k, n)
	b[n-lo] = true
	for i := n - 1; i >= lo; i-- {
		b[i-lo] = b[i+1-lo] && line[i] != cellBlack
	}
	for j := k - 1; j >= 0; j-- {
		a := clue[j]
		r, lo, hi := ls.row(ls.bwd, j, n)
		q, qlo, qhi := ls.row(ls.bwd, j+1, n)
		for i := hi; i >= lo; i-- {
			ok := i < hi && r[i+1-lo] && line[i] != cellBlack
			if !ok && whites[i+a] == whites[i] {
				e := i + a // the cell after the run; the last run: every cell from it white
				if j < k-1 {
					ok = e < n && line[e] != cellBlack && at(q, qlo, qhi, e+1)
				} else {
					ok = at(q, qlo, qhi, e)
				}
			}
			r[i-lo] = ok
		}
	}
}

// row returns row j of table t (fwd or bwd), its first cell lo and its
// last hi.
func (ls *lineSolver) row(t []bool, j, _ int) (r []bool, lo, hi int) {
	lo, hi = ls.lo[j], ls.hi[j]
	return t[j*ls.w : j*ls.w+hi-lo+1], lo, hi
}

// at reports r's entry for cell i, false outside lo..hi.
func at(r []bool, lo, hi, i int) bool { return i >= lo && i <= hi && r[i-lo] }

// starts returns, after tables, every cell, in order, at which run j
// starts in some placement of clue's runs that fits line's known cells.
// The slice is reused by the next call.
func (ls *lineSolver) starts(clue Clue, line []int8, j int) []int {
	n, k, a := len(line), len(clue), clue[j]
	fr, flo, fhi := ls.row(ls.fwd, j, n)
	br, blo, bhi := ls.row(ls.bwd, j+1, n)
	whites := ls.whites
	ls.startList = ls.startList[:0]
	for s := ls.lo[j]; s+a <= ls.hi[j+1]; s++ {
		e := s + a
		if whites[e] != whites[s] {
			continue
		}
		var left, right bool
		if j == 0 {
			left = at(fr, flo, fhi, s) // every cell before s white
		} else {
			left = s >= 1 && line[s-1] != cellBlack && at(fr, flo, fhi, s-1)
		}
		if j == k-1 {
			right = at(br, blo, bhi, e) // every cell from e white
		} else {
			right = e < n && line[e] != cellBlack && at(br, blo, bhi, e+1)
		}
		if left && right {
			ls.startList = append(ls.startList, s)
		}
	}
	return ls.startList
}

// overlap sets the unknown cells of line that the leftmost and the
// rightmost placement of clue's runs fitting line's known cells agree on
// run by run, and reports whether any placement fits. Run j starts, in
// every placement that fits, between its leftmost start L and its
// rightmost R: the cells from R to L+len are its in all of them, and the
// cells after run j-1's rightmost end and before run j's leftmost start
// (before the first run, after the last) are white in all. It is weaker
// than solve, which finds everything the placements agree on, but takes
// time linear in the line, give or take the backtracking of leftmost.
func (ls *lineSolver) overlap(clue Clue, line []int8) bool {
	n, k := len(line), len(clue)
	unknowns := 0
	for _, v := range line {
		if v == cellUnknown {
			unknowns++
		}
	}
	if unknowns == 0 {
		return fits(clue, line)
	}
	if k == 0 {
		return ls.solve(clue, line)
	}
	if !ls.bounds(clue, line) {
		return false
	}
	left, right := ls.left, ls.right
	set := func(from, to int, v int8) {
		for i := from; i < to; i++ {
			if line[i] == cellUnknown {
				line[i] = v
			}
		}
	}
	white := 0 // the first cell after the rightmost end of the run before
	for j, a := range clue {
		set(white, left[j], cellWhite)
		set(right[j], left[j]+a, cellBlack)
		white = right[j] + a
	}
	set(white, n, cellWhite)
	return true
}

// bounds sets left[j] and right[j] to the first cell of run j in the
// leftmost and the rightmost placement of clue's runs (at least one) that
// fit line's known cells, and reports whether one fits. In every
// placement that fits, run j starts between the two.
func (ls *lineSolver) bounds(clue Clue, line []int8) bool {
	n, k := len(line), len(clue)
	ls.left = grow(ls.left, k)
	if !leftmost(clue, line, ls.left) {
		return false
	}
	// The rightmost placement is the leftmost of the reversed line.
	ls.rline = grow(ls.rline, n)
	ls.rclue = grow(ls.rclue, k)
	ls.right = grow(ls.right, k)
	for i, v := range line {
		ls.rline[n-1-i] = v
	}
	for j, a := range clue {
		ls.rclue[k-1-j] = a
	}
	if !leftmost(ls.rclue, ls.rline, ls.right) {
		return false // unreachable: the leftmost placement fits
	}
	right := ls.right
	for j := 0; j < k-1-j; j++ {
		right[j], right[k-1-j] = right[k-1-j], right[j]
	}
	for j, a := range clue {
		right[j] = n - right[j] - a // run j's start, no longer reversed
	}
	return true
}

// leftmost sets start[j] to the first cell of run j in the leftmost
// placement of clue's runs (at least one) that fits line's known cells
// (no run on a white cell, every black cell in a run), and reports
// whether one fits. Each run takes the first start from which it fits
// the cells it covers and the cell after it; a black cell left behind
// between two runs, or after the last, pulls the run before it
// rightwards to cover it, and the runs after that one are placed again.
// Every step moves a run rightwards, and a run's cells are read once
// while it moves without a pull: linear time in all but contrived lines.
func leftmost(clue Clue, line []int8, start []int) bool {
	n, k := len(line), len(clue)
	j, lo := 0, 0 // run j starts at lo or later
	for {
		if j == k {
			b := firstBlack(line, start[k-1]+clue[k-1], n) // after the last run
			if b < 0 {
				return true
			}
			j = k - 1
			lo = b - clue[j] + 1
			continue
		}
		a := clue[j]
		free := 0 // the first cell run j may take
		if j > 0 {
			free = start[j-1] + clue[j-1] + 1
		}
		s := max(lo, free)
		i := s // the cells from s to i are not white
		for {
			if s+a > n {
				return false // later starts of the runs before only push it further
			}
			for i < s+a && line[i] != cellWhite {
				i++
			}
			if i < s+a { // a white cell in the run
				s, i = i+1, i+1
				continue
			}
			if s+a < n && line[s+a] == cellBlack {
				s++
				continue
			}
			break
		}
		if b := firstBlack(line, free, s); b >= 0 {
			// A black cell before run j that no run covers: the run
			// before must.
			if j == 0 {
				return false
			}
			j--
			lo = b - clue[j] + 1
			continue
		}
		start[j] = s
		j, lo = j+1, 0
	}
}

// firstBlack returns the first black cell of line[from:to], or -1.
func firstBlack(line []int8, from, to int) int {
	for i := from; i < to; i++ {
		if line[i] == cellBlack {
			return i
		}
	}
	return -1
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

// Probed returns the number of cells probing fixed, after line logic (see
// probe.go).
func (ps *Presolved) Probed() int { return ps.probed }

// Search returns the encoding for a solver's search on the open cells
// of the puzzle ps presolved: Order when cells are left open, Automaton
// when presolve fixed every cell, found a contradiction, or the puzzle
// is a colour one (Order has no colours). The order encoding is the
// faster and by far the steadier under gini on the survey's hard
// puzzles (scripts/bench-hard.sh, PUZZLES=): gettys over 148 s of CPU
// with the automaton, about 10 s with it; sierp12548 5.1 s and 1.5 s; thing
// about even, but under a shuffled variable numbering the automaton took
// 11 s or more than 15 s where the order encoding took 0.9-3.5 s.
func (ps *Presolved) Search() Encoding {
	if ps.p.IsColour() || ps.contradiction != "" || ps.fixed == len(ps.cells) {
		return Automaton
	}
	return Order
}
