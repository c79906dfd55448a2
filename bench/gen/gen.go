package gen

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/pipesat/pipesat/dimacs"
)

// Limits of the generators, checked before anything is allocated.
const (
	MaxVars    = 1 << 24
	MaxClauses = 1 << 26
)

// RandomKSAT writes a uniform random k-SAT formula to f: round(ratio*vars)
// clauses, each of k distinct variables drawn uniformly from 1..vars and
// negated with probability 1/2. The same arguments give the same formula
// on every machine and Go version (math/rand/v2's PCG, seeded with seed).
// Near ratio 4.26 random 3-SAT is hardest; below it most formulas are
// satisfiable, above it most are not. A *dimacs.Formula gets a comment
// line saying so first.
func RandomKSAT(f dimacs.Adder, k, vars int, ratio float64, seed uint64) error {
	clauses := int(math.Round(ratio * float64(vars)))
	switch {
	case k < 1:
		return fmt.Errorf("k = %d: need at least 1 literal per clause", k)
	case vars < k:
		return fmt.Errorf("%d variables: need at least k = %d", vars, k)
	case vars > MaxVars:
		return fmt.Errorf("%d variables: at most %d", vars, MaxVars)
	case ratio <= 0 || math.IsNaN(ratio) || ratio*float64(vars) > MaxClauses:
		return fmt.Errorf("ratio %g: need 0 < ratio and at most %d clauses", ratio, MaxClauses)
	}
	rng := rand.New(rand.NewPCG(seed, 0x6b736174)) // "ksat"
	if fm, ok := f.(*dimacs.Formula); ok {
		fm.Commentf("random %d-SAT: %d variables, %d clauses (ratio %g), seed %d", k, vars, clauses, ratio, seed)
		fm.Vars = vars
	}
	clause := make([]int, 0, k)
	for range clauses {
		clause = clause[:0]
	draw:
		for len(clause) < k {
			v := 1 + rng.IntN(vars)
			for _, l := range clause {
				if l == v || l == -v {
					continue draw
				}
			}
			if rng.IntN(2) == 0 {
				v = -v
			}
			clause = append(clause, v)
		}
		for _, l := range clause {
			f.Add(l)
		}
		f.Add(0)
	}
	return nil
}

// Pigeonhole writes the pigeonhole formula PHP(holes+1, holes) to f:
// holes+1 pigeons each in some hole, no two in the same hole. It is
// unsatisfiable, and resolution proofs of that grow exponentially with
// holes, so it is hard for CDCL solvers from about 10 holes.
// Variable (p-1)*holes + h means pigeon p sits in hole h. A
// *dimacs.Formula gets a comment line saying so first.
func Pigeonhole(f dimacs.Adder, holes int) error {
	if holes < 1 || holes > 1000 {
		return fmt.Errorf("%d holes: need 1 to 1000", holes)
	}
	pigeons := holes + 1
	v := func(p, h int) int { return (p-1)*holes + h }
	if fm, ok := f.(*dimacs.Formula); ok {
		fm.Commentf("pigeonhole: %d pigeons, %d holes (unsatisfiable)", pigeons, holes)
		fm.Vars = pigeons * holes
	}
	for p := 1; p <= pigeons; p++ {
		for h := 1; h <= holes; h++ {
			f.Add(v(p, h))
		}
		f.Add(0)
	}
	for h := 1; h <= holes; h++ {
		for p := 1; p <= pigeons; p++ {
			for q := p + 1; q <= pigeons; q++ {
				f.Add(-v(p, h))
				f.Add(-v(q, h))
				f.Add(0)
			}
		}
	}
	return nil
}
