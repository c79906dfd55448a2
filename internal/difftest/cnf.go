package difftest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
)

// CNF is a formula in a form that is easy to generate and shrink: Vars is
// the declared variable count (it may exceed every variable used), and each
// clause is a list of non-zero literals (possibly empty, possibly with
// duplicates or both polarities of a variable).
type CNF struct {
	Vars    int
	Clauses [][]int
	// Planted is a model the formula was built around (every generated
	// clause is true in it), or nil. The checker trusts it only while it
	// satisfies the formula: shrinking may drop the literal it needed.
	Planted dimacs.Model
}

// Formula returns c as a dimacs.Formula with Vars as declared and the
// comment lines comments.
func (c CNF) Formula(comments ...string) *dimacs.Formula {
	f := &dimacs.Formula{}
	for _, cl := range c.Clauses {
		f.AddClause(cl...)
	}
	if c.Vars > f.Vars {
		f.Vars = c.Vars
	}
	f.Comments = append(f.Comments, comments...)
	return f
}

// FromFormula returns the clauses and declared variable count of f.
func FromFormula(f *dimacs.Formula) CNF {
	c := CNF{Vars: f.Vars}
	for i := 0; i < f.NumClauses(); i++ {
		var cl []int
		for _, l := range f.Clause(i) {
			cl = append(cl, int(l))
		}
		c.Clauses = append(c.Clauses, cl)
	}
	return c
}

func (c CNF) clone() CNF {
	d := CNF{Vars: c.Vars, Clauses: make([][]int, len(c.Clauses)), Planted: slices.Clone(c.Planted)}
	for i, cl := range c.Clauses {
		d.Clauses[i] = slices.Clone(cl)
	}
	return d
}

// maxVar returns the largest variable a clause uses.
func (c CNF) maxVar() int {
	m := 0
	for _, cl := range c.Clauses {
		for _, l := range cl {
			m = max(m, abs(l))
		}
	}
	return m
}

func (c CNF) numLits() int {
	n := 0
	for _, cl := range c.Clauses {
		n += len(cl)
	}
	return n
}

func (c CNF) String() string {
	return fmt.Sprintf("%d vars, %d clauses, %d literals", c.Vars, len(c.Clauses), c.numLits())
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Generate returns formula i of the run with the given seed and a short
// description of its family. It depends on (seed, i) alone.
//
// The families: the empty formula and formulas without clauses (with and
// without declared variables); random formulas over 1-200 variables with
// clause widths 1-5, some with duplicate literals, tautologies, empty
// clauses and declared but unused variables; uniform random 3-SAT near the
// threshold ratio 4.26; and 3-SAT at ratio 4.26 with a planted model, whose
// satisfiability is known however many variables it has. About a third have at most MaxCountVars
// variables, so that their projected counts are checked too.
func Generate(seed uint64, i int) (CNF, string) {
	r := rand.New(rand.NewPCG(seed, uint64(i)*0x9e3779b97f4a7c15+1))
	switch p := r.IntN(100); {
	case p < 2:
		return CNF{}, "empty"
	case p < 4:
		return CNF{Vars: 1 + r.IntN(8)}, "no clauses"
	case p < 10:
		n := 20 + r.IntN(181)
		c := CNF{Vars: n, Planted: dimacs.NewModel(n)}
		for v := 1; v <= n; v++ {
			c.Planted[v] = int8(2*r.IntN(2) - 1)
		}
		for m := int(float64(n)*4.26 + 0.5); len(c.Clauses) < m; {
			if cl := randClause(r, n, 3, true); slices.ContainsFunc(cl, func(l int) bool { return c.Planted.Lit(l) == 1 }) {
				c.Clauses = append(c.Clauses, cl)
			}
		}
		return c, "planted 3-SAT ratio 4.26"
	case p < 32:
		n := 10 + r.IntN(191)
		if r.IntN(3) == 0 {
			n = 3 + r.IntN(MaxCountVars-2)
		}
		ratio := 4.0 + r.Float64()*0.5
		m := int(float64(n)*ratio + 0.5)
		c := CNF{Vars: n}
		for range m {
			c.Clauses = append(c.Clauses, randClause(r, n, 3, true))
		}
		return c, fmt.Sprintf("3-SAT ratio %.2f", ratio)
	}
	n := 1 + r.IntN(MaxCountVars)
	if r.IntN(100) < 55 {
		n = 1 + r.IntN(200)
	}
	// The ratio spans both sides of the threshold of the clause mix.
	ratio := 0.3 + r.Float64()*4.5
	m := int(float64(n)*ratio + 0.5)
	dup := r.IntN(4) == 0
	taut := r.IntN(4) == 0
	empty := r.IntN(25) == 0
	unused := 0
	if r.IntN(4) == 0 {
		unused = 1 + r.IntN(10)
	}
	c := CNF{Vars: n + unused}
	var kinds []string
	for range m {
		w := widths[r.IntN(len(widths))]
		cl := randClause(r, n, w, false)
		if dup && r.IntN(6) == 0 {
			cl = append(cl, cl[r.IntN(len(cl))])
		}
		if taut && r.IntN(8) == 0 {
			cl = append(cl, -cl[r.IntN(len(cl))])
		}
		r.Shuffle(len(cl), func(a, b int) { cl[a], cl[b] = cl[b], cl[a] })
		c.Clauses = append(c.Clauses, cl)
	}
	if empty {
		at := r.IntN(len(c.Clauses) + 1)
		c.Clauses = slices.Insert(c.Clauses, at, []int{})
		kinds = append(kinds, "empty clause")
	}
	if dup {
		kinds = append(kinds, "duplicates")
	}
	if taut {
		kinds = append(kinds, "tautologies")
	}
	if unused > 0 {
		kinds = append(kinds, fmt.Sprintf("%d unused vars", unused))
	}
	desc := fmt.Sprintf("random widths 1-5 ratio %.2f", ratio)
	if len(kinds) > 0 {
		desc += " (" + strings.Join(kinds, ", ") + ")"
	}
	return c, desc
}

// widths is the clause width distribution of the random family: few unit
// clauses, mostly 2 and 3, some 4 and 5.
var widths = []int{1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 5, 5}

// randClause returns w literals over 1..n; with distinct, over w different
// variables when n allows it.
func randClause(r *rand.Rand, n, w int, distinct bool) []int {
	cl := make([]int, 0, w)
	for len(cl) < w {
		v := 1 + r.IntN(n)
		if distinct && len(cl) < n && slices.ContainsFunc(cl, func(l int) bool { return abs(l) == v }) {
			continue
		}
		if r.IntN(2) == 0 {
			v = -v
		}
		cl = append(cl, v)
	}
	return cl
}

// formatVars writes vars (increasing) as satrun's --project list, with
// ranges: "1-3,7".
func formatVars(vars []int) string {
	var b strings.Builder
	for i := 0; i < len(vars); {
		j := i
		for j+1 < len(vars) && vars[j+1] == vars[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(vars[i]))
		if j > i {
			b.WriteByte('-')
			b.WriteString(strconv.Itoa(vars[j]))
		}
		i = j + 1
	}
	return b.String()
}
