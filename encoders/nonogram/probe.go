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
	w := ps.p.Width
	unknown := false
	for _, v := range ps.cells {
		unknown = unknown || v == cellUnknown
	}
	if !unknown {
		return "", true
	}
	pb := newProber(pr)
	pr.fast, pr.record = true, true
	pr.trail = pr.trail[:0]
	for more := true; more; {
		more = false
		pb.round++
		for x := range ps.cells {
			if pr.work >= budget {
				return "", true
			}
			if ps.cells[x] != cellUnknown || !pb.stale(x) {
				continue
			}
			fixed, ok := pb.cell(x)
			if !ok {
				return CellName(x/w, x%w), false
			}
			more = more || fixed
		}
	}
	return "", true
}

// prober is the state of one probe: what each probe gave each cell, and
// which lines changed since each cell was probed.
type prober struct {
	pr   *propagator
	w, h int
	// first[j] is what the first value's fixpoint of probe stamp[j]
	// gave cell j; implied[2j] (black) and implied[2j+1] (white) is the
	// last round in which a successful probe implied that value.
	first   []int8
	stamp   []int32
	implied []int32
	// changed[q] is the number of the last fix (of one or more cells,
	// for good) that changed line q, probed[x] the number of fixes when
	// cell x was last probed.
	changed   []int32
	probed    []int32
	fixes     int32
	id, round int32
	common    []int // the cells both fixpoints fix alike, and their values
}

func newProber(pr *propagator) *prober {
	w, h := pr.ps.p.Width, pr.ps.p.Height
	n := len(pr.ps.cells)
	pb := &prober{
		pr: pr, w: w, h: h,
		first:   make([]int8, n),
		stamp:   make([]int32, n),
		implied: make([]int32, 2*n),
		changed: make([]int32, h+w),
		probed:  make([]int32, n),
		fixes:   1,
	}
	for i := range pb.changed {
		pb.changed[i] = pb.fixes
	}
	pb.fixes++
	return pb
}

// stale reports whether a line through cell x changed since x was last
// probed, so that probing it again may find something new.
func (pb *prober) stale(x int) bool {
	return pb.probed[x] <= pb.changed[x/pb.w] || pb.probed[x] <= pb.changed[pb.h+x%pb.w]
}

// fix runs line logic after cells were fixed for good.
func (pb *prober) fix() bool {
	pr := pb.pr
	_, ok := pr.run()
	for _, j := range pr.trail {
		pb.changed[j/pb.w], pb.changed[pb.h+j%pb.w] = pb.fixes, pb.fixes
	}
	pb.fixes++
	pr.trail = pr.trail[:0]
	return ok
}

// cell probes cell x: each value not implied already this round, to its
// fixpoint. A value that fails fixes the other; cells both values fix
// alike are fixed. It reports whether it fixed anything, and false when
// a fix fails: the puzzle has no solution.
func (pb *prober) cell(x int) (fixed, ok bool) {
	pr, ps := pb.pr, pb.pr.ps
	pb.probed[x] = pb.fixes
	pb.id++
	pb.common = pb.common[:0]
	tried := 0
	for b, v := range [2]int8{cellBlack, cellWhite} {
		if pb.implied[2*x+b] == pb.round {
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
				pb.implied[2*j+colourIndex(u)] = pb.round
			}
			switch {
			case b == 0:
				pb.first[j], pb.stamp[j] = u, pb.id
			case ok && tried == 2 && j != x && pb.stamp[j] == pb.id && pb.first[j] == u:
				pb.common = append(pb.common, j, int(u))
			}
		}
		pr.undo()
		if !ok {
			// No solution has x = v.
			pr.set(x, -v)
			return true, pb.fix()
		}
	}
	if len(pb.common) == 0 {
		return false, true
	}
	for k := 0; k < len(pb.common); k += 2 {
		if j := pb.common[k]; ps.cells[j] == cellUnknown {
			pr.set(j, int8(pb.common[k+1]))
		}
	}
	return true, pb.fix()
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
