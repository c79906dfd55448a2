package nonogram

import "strconv"

// Probing, after line logic's fixpoint: failed-literal probing, with line
// logic as the propagation. Each unknown cell is set black, line logic
// runs to a fixpoint, and all that is undone; then the same with white.
// When a value leads to a contradiction, no solution has it: the cell
// takes the other value for good, and line logic runs on from there.
// When both lead to a fixpoint, every cell the two fixpoints fix alike
// holds that value in every solution (each solution has the cell black or
// white, and line logic deduces only what holds in every solution that
// agrees with what it was given): those cells are fixed for good too.
// Like line logic, probing fixes only what holds in every solution, so
// the presolved formula keeps the same solutions over the cells: the same
// pictures, the same count, the same "they differ in" pairs.
//
// A probe's line logic is left-right overlap alone (lineSolver.overlap:
// linear in the line, and exact on whether any placement fits); the
// fixes for good get complete line logic. Complete line logic in the
// probes too fixed more of the survey's gettys (2,488 cells of 5,841
// instead of 1,992) but took about 15 times as long (1.3 s of CPU), and
// 50 times as long where it fixes nothing (a 200x200 puzzle of 50
// one-cell runs per line: 13 s), without making a solver measurably
// faster on gettys (scripts/bench-hard.sh, several seeds).
//
// Rounds over the cells, row by row, repeat until one fixes nothing; a
// round probes only the cells whose row or column had a cell fixed since
// the cell was last probed. A value that an earlier successful probe of
// the same round implied is not probed: its fixpoint is a part of that
// probe's (overlap only learns more from more known cells), so it cannot
// fail. Probing stops early when its work passes a budget in proportion
// to the size of the puzzle's lines (probeBudget), so that a large puzzle
// costs at most a bounded multiple of what writing its formula costs.
//
// On the survey puzzles probing fixes 1,992 of gettys' 5,841 cells (line
// logic 1,775), 184 of thing's 1,512 (6), and all of signed's 3,000 and
// edge23's 110 (6 and 0); on a random 100x100 puzzle at 60% black 9,969
// of 10,000 (59).

// probeWork is probing's budget per unit of the lines' size (each line's
// cells times its runs plus one, summed over the rows and columns: about
// the literals of its formula). A unit of work is a line's cell that
// overlap looks at, or a table entry of complete line logic: about 10 ns,
// where writing the formula takes about 170 ns per unit of size. Probing
// to the end took 55 units per unit of size on gettys, 47 on "thing", 11
// on a random 100x100 puzzle at 60% black, 8 at 50% (nothing fixed) and
// on the 200x200 of one-cell runs.
const probeWork = 100

// probeBudget returns the most work probing may do on p (see
// propagator.work).
func probeBudget(p *Puzzle) int {
	size := 0
	for _, c := range p.Rows {
		size += p.Width * (len(c) + 1)
	}
	for _, c := range p.Cols {
		size += p.Height * (len(c) + 1)
	}
	return probeWork * size
}

// probe probes the unknown cells (see above) from line logic's fixpoint
// until a round fixes nothing or pr.work passes budget. When both values
// of a cell fail, the puzzle has no solution: it returns the cell's name
// ("r3c4") and false.
func (pr *propagator) probe(budget int) (string, bool) {
	ps := pr.ps
	w, h := ps.p.Width, ps.p.Height
	n := len(ps.cells)
	unknown := false
	for _, v := range ps.cells {
		unknown = unknown || v == cellUnknown
	}
	if !unknown {
		return "", true
	}
	// first[j] is what the first value's fixpoint of probe stamp[j]
	// gave cell j; implied[2j] (black) and implied[2j+1] (white) is the
	// last round in which a successful probe implied that value.
	first := make([]int8, n)
	stamp := make([]int32, n)
	implied := make([]int32, 2*n)
	// changed[q] is the number of the last fix (of one or more cells,
	// for good) that changed line q, probed[x] the number of fixes when
	// cell x was last probed.
	changed := make([]int32, h+w)
	probed := make([]int32, n)
	fixes := int32(1)
	for i := range changed {
		changed[i] = fixes
	}
	fixes++
	var common []int // the cells both fixpoints fix alike, and their values
	// fix runs line logic after cells were fixed for good.
	fix := func() bool {
		_, ok := pr.run()
		for _, j := range pr.trail {
			changed[j/w], changed[h+j%w] = fixes, fixes
		}
		fixes++
		pr.trail = pr.trail[:0]
		return ok
	}
	pr.fast, pr.record = true, true
	pr.trail = pr.trail[:0]
	var id, round int32
	for more := true; more; {
		more = false
		round++
		for x := range n {
			if pr.work >= budget {
				return "", true
			}
			if ps.cells[x] != cellUnknown || probed[x] > changed[x/w] && probed[x] > changed[h+x%w] {
				continue
			}
			probed[x] = fixes
			id++
			common = common[:0]
			tried := 0
			for b, v := range [2]int8{cellBlack, cellWhite} {
				if implied[2*x+b] == round {
					continue
				}
				tried++
				pr.set(x, v)
				pr.overlapOnly = true
				_, ok := pr.run()
				pr.overlapOnly = false
				for _, j := range pr.trail {
					u := ps.cells[j]
					if ok {
						implied[2*j+colourIndex(u)] = round
					}
					switch {
					case b == 0:
						first[j], stamp[j] = u, id
					case ok && tried == 2 && j != x && stamp[j] == id && first[j] == u:
						common = append(common, j, int(u))
					}
				}
				pr.undo()
				if !ok {
					// No solution has x = v.
					common = common[:0]
					pr.set(x, -v)
					if !fix() {
						return CellName(x/w, x%w), false
					}
					more = true
					break
				}
			}
			if len(common) == 0 {
				continue
			}
			for k := 0; k < len(common); k += 2 {
				if j := common[k]; ps.cells[j] == cellUnknown {
					pr.set(j, int8(common[k+1]))
				}
			}
			if !fix() {
				return CellName(x/w, x%w), false
			}
			more = true
		}
	}
	return "", true
}

// colourIndex is 0 for black, 1 for white.
func colourIndex(v int8) int {
	if v == cellBlack {
		return 0
	}
	return 1
}

// undo sets every cell on the trail back to unknown and empties it.
func (pr *propagator) undo() {
	for _, j := range pr.trail {
		pr.ps.cells[j] = cellUnknown
	}
	pr.trail = pr.trail[:0]
}

// probedComment returns what the presolve comment says of probing.
func (ps *Presolved) probedComment() string {
	if ps.probed == 0 {
		return ""
	}
	return ", probing " + strconv.Itoa(ps.probed) + " more"
}
