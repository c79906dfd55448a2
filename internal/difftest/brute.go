package difftest

import "github.com/pipesat/pipesat/dimacs"

// MaxCountVars is the largest formula whose projected model counts are
// checked against brute force.
const MaxCountVars = 12

// MaxBruteVars is the largest formula whose status brute force decides.
const MaxBruteVars = 16

// bruteStatus returns Sat or Unsat by trying every assignment, or Unknown if
// c has more than MaxBruteVars variables.
func bruteStatus(c CNF) dimacs.Status {
	if c.Vars > MaxBruteVars {
		return dimacs.Unknown
	}
	for a := uint32(0); a < 1<<c.Vars; a++ {
		if satisfies(c, a) {
			return dimacs.Sat
		}
	}
	return dimacs.Unsat
}

// bruteCount returns the number of distinct restrictions to proj of the
// models of c (c.Vars at most MaxCountVars). An empty proj counts 1 if c is
// satisfiable.
func bruteCount(c CNF, proj []int) int {
	seen := make(map[uint32]bool)
	for a := uint32(0); a < 1<<c.Vars; a++ {
		if satisfies(c, a) {
			seen[restrict(a, proj)] = true
		}
	}
	return len(seen)
}

// restrict returns the bits of assignment a at the variables proj.
func restrict(a uint32, proj []int) uint32 {
	var k uint32
	for i, v := range proj {
		k |= (a >> (v - 1) & 1) << i
	}
	return k
}

// satisfies reports whether assignment a (bit v-1 is variable v) satisfies
// every clause of c.
func satisfies(c CNF, a uint32) bool {
	for _, cl := range c.Clauses {
		ok := false
		for _, l := range cl {
			if l > 0 && a>>(l-1)&1 == 1 || l < 0 && a>>(-l-1)&1 == 0 {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}
