package nonogram

import "slices"

// Each clause is written once, taking clauses as sets of literals. Two
// places make the same clause twice, and both are checked in memory that
// does not grow with the formula:
//
//   - One step of a line automaton (the clauses between the states after
//     cell i and after cell i+1): where both layers' states are the cells'
//     own literals, a transition and a predecessor clause can be the same
//     binary clause over the two cells ("-5 -6" and "-6 -5"), and a label
//     and a support clause the same unit. Clauses of one step share no
//     literal with those of other steps but through the cell between
//     them; a clause of three or more literals holds literals of both
//     layers in proportions a clause of the other kind cannot have; and a
//     transition and a predecessor clause can be equal only where a
//     literal of each layer is the negation of another of the same layer,
//     which only black-and-white cell literals are. So the binary clauses
//     over two cells of the current step are all that is kept
//     (stepClauses); units are clauses over one cell.
//
//   - One line, in different steps or encodings' parts: a clause over the
//     variables of one cell only (a unit clause; in colour, the colours a
//     cell may have where a line's automaton has a single state). Such
//     clauses are kept as bits per cell variable (cellClauses): the units,
//     and the first multi-colour clause of each cell; a line clause of
//     every colour is the cell's at-least-one clause, which group 0 holds.
//
// A row and a column, or a line and a given, can make the same clause over
// one cell too, and each writes it: each line and each given is a group of
// its own ("c pipesat group"), which satrun --explain may drop, and the
// others must keep the clause then. So cellClauses forgets what it holds
// when a group begins (newGroup), the at-least-one clauses of group 0
// aside.

// stepClauses is the set of binary clauses over two cells written in the
// current step of a line automaton: a handful at most, so a list.
type stepClauses [][2]int

// seen reports whether c, a binary clause, was written in this step, and
// records it if not.
func (m *stepClauses) seen(c []int) bool {
	k := [2]int{min(c[0], c[1]), max(c[0], c[1])}
	if slices.Contains(*m, k) {
		return true
	}
	*m = append(*m, k)
	return false
}

// cellClauses records the clauses over one cell's variables written so
// far: k variables per cell, cell variables 1..n.
type cellClauses struct {
	k, n      int
	pos, neg  bits // unit clauses written, by variable - 1
	colours   bits // the first multi-colour clause of each cell, by variable - 1
	hasColour bits // by cell: colours holds one
	// alo is set once the cells' at-least-one clauses are written: a line
	// clause of all k colours is then one of them.
	alo bool
	// touched are the cells with a clause recorded since the last
	// newGroup, each once (inTouched).
	touched   []int
	inTouched bits
}

// newGroup forgets the clauses recorded since the last call: the clauses
// of the next group are compared with each other only.
func (d *cellClauses) newGroup() {
	for _, cell := range d.touched {
		for v := cell * d.k; v < (cell+1)*d.k; v++ {
			d.pos.clear(v)
			d.neg.clear(v)
			if d.colours != nil {
				d.colours.clear(v)
			}
		}
		if d.hasColour != nil {
			d.hasColour.clear(cell)
		}
		d.inTouched.clear(cell)
	}
	d.touched = d.touched[:0]
}

// touch records that cell has a clause recorded.
func (d *cellClauses) touch(cell int) {
	if !d.inTouched.testSet(cell) {
		d.touched = append(d.touched, cell)
	}
}

func newCellClauses(k, n int) *cellClauses {
	d := &cellClauses{k: k, n: n, pos: newBits(n), neg: newBits(n), inTouched: newBits(n / k)}
	if k > 1 {
		d.colours, d.hasColour = newBits(n), newBits(n/k)
	}
	return d
}

// isCell reports whether literal l is one of a cell variable.
func (d *cellClauses) isCell(l int) bool { return l <= d.n && -l <= d.n }

// seen reports whether c is a clause over one cell's variables (single
// true) that was written before (dup true); it records c if it is single
// and new.
func (d *cellClauses) seen(c []int) (dup, single bool) {
	cell := -1
	negative := false
	for _, l := range c {
		v := l
		if v < 0 {
			v, negative = -v, true
		}
		if v > d.n || cell >= 0 && (v-1)/d.k != cell {
			return false, false
		}
		cell = (v - 1) / d.k
	}
	d.touch(cell)
	switch {
	case len(c) == 1 && c[0] > 0:
		return d.pos.testSet(c[0] - 1), true
	case len(c) == 1:
		return d.neg.testSet(-c[0] - 1), true
	case negative || d.k == 1:
		return false, true // a cell's at-most-one pair: lines write none
	case len(c) == d.k:
		return d.alo, true
	}
	if !d.hasColour.testSet(cell) {
		for _, l := range c {
			d.colours.set(l - 1)
		}
		return false, true
	}
	n := 0
	for _, l := range c {
		if !d.colours.test(l - 1) {
			return false, true
		}
		n++
	}
	for v := cell * d.k; v < (cell+1)*d.k; v++ {
		if d.colours.test(v) {
			n--
		}
	}
	return n == 0, true
}

// bits is a bit set.
type bits []uint64

func newBits(n int) bits { return make(bits, (n+63)/64) }

func (b bits) test(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }

func (b bits) set(i int) { b[i/64] |= 1 << (i % 64) }

func (b bits) clear(i int) { b[i/64] &^= 1 << (i % 64) }

// testSet reports whether bit i is set, and sets it.
func (b bits) testSet(i int) bool {
	was := b.test(i)
	b.set(i)
	return was
}
