package sudoku

import (
	"fmt"

	"github.com/pipesat/pipesat/dimacs"
)

// AMO is an at-most-one encoding.
type AMO int

const (
	// Pairwise forbids every pair: k(k-1)/2 binary clauses, no auxiliaries.
	Pairwise AMO = iota
	// Sequential is Sinz's sequential counter: k-1 auxiliaries, 3k-4 clauses.
	Sequential
	// Commander is Klieber and Kwon's commander encoding with groups of 3.
	Commander
)

// AMONames lists the names ParseAMO accepts, in AMO order.
var AMONames = []string{"pairwise", "sequential", "commander"}

// String returns the encoding's name.
func (a AMO) String() string {
	if a >= 0 && int(a) < len(AMONames) {
		return AMONames[a]
	}
	return fmt.Sprintf("AMO(%d)", int(a))
}

// ParseAMO returns the encoding named s.
func ParseAMO(s string) (AMO, error) {
	for i, n := range AMONames {
		if s == n {
			return AMO(i), nil
		}
	}
	return 0, fmt.Errorf("unknown at-most-one encoding %q: want pairwise, sequential or commander", s)
}

// Var returns the variable meaning "row r, column c holds value v" of an
// n×n sudoku; r, c and v count from 0.
func Var(n, r, c, v int) int { return (r*n+c)*n + v + 1 }

// VarName returns the name of variable x of an n×n sudoku, e.g. "r1c1=5".
func VarName(n, x int) string {
	x--
	v := x % n
	i := x / n
	return fmt.Sprintf("r%dc%d=%c", i/n+1, i%n+1, Symbol(v+1))
}

// Encoder writes at-most-one constraints to an Adder, numbering the
// auxiliary variables it needs from Next on.
type Encoder struct {
	A    dimacs.Adder
	AMO  AMO
	Next int // the next free variable
}

func (e *Encoder) clause(lits ...int) {
	for _, l := range lits {
		e.A.Add(l)
	}
	e.A.Add(0)
}

func (e *Encoder) newVar() int {
	v := e.Next
	e.Next++
	return v
}

// ExactlyOne adds "exactly one of lits is true".
func (e *Encoder) ExactlyOne(lits []int) {
	e.clause(lits...)
	e.AtMostOne(lits)
}

// AtMostOne adds "at most one of lits is true" in e's encoding.
func (e *Encoder) AtMostOne(lits []int) {
	switch e.AMO {
	case Sequential:
		e.sequential(lits)
	case Commander:
		e.commander(lits)
	default:
		e.pairwise(lits)
	}
}

func (e *Encoder) pairwise(lits []int) {
	for i, a := range lits {
		for _, b := range lits[i+1:] {
			e.clause(-a, -b)
		}
	}
}

// sequential: s_i means "one of x_1..x_i is true".
func (e *Encoder) sequential(x []int) {
	k := len(x)
	if k <= 1 {
		return
	}
	s := make([]int, k-1)
	for i := range s {
		s[i] = e.newVar()
	}
	e.clause(-x[0], s[0])
	for i := 1; i < k-1; i++ {
		e.clause(-x[i], s[i])
		e.clause(-s[i-1], s[i])
		e.clause(-x[i], -s[i-1])
	}
	e.clause(-x[k-1], -s[k-2])
}

// commander splits lits into groups of 3, each with a commander variable
// equivalent to "some literal of the group is true", and recurses on the
// commanders. A group of one is its own commander.
func (e *Encoder) commander(lits []int) {
	if len(lits) <= 4 {
		e.pairwise(lits)
		return
	}
	var cmd []int
	for i := 0; i < len(lits); i += 3 {
		g := lits[i:min(i+3, len(lits))]
		if len(g) == 1 {
			cmd = append(cmd, g[0])
			continue
		}
		c := e.newVar()
		cmd = append(cmd, c)
		e.pairwise(g)
		for _, l := range g {
			e.clause(-l, c)
		}
		e.clause(append([]int{-c}, g...)...)
	}
	e.commander(cmd)
}

// Encode writes p's clauses to a (see the package comment for their
// order) and returns the number of variables used: N³ plus the
// auxiliaries of the at-most-one encoding.
func Encode(a dimacs.Adder, p *Puzzle, amo AMO) int {
	n, box := p.N, p.Box
	e := &Encoder{A: a, AMO: amo, Next: n*n*n + 1}
	for i, v := range p.Cells {
		if v != 0 {
			e.clause(Var(n, i/n, i%n, v-1))
		}
	}
	lits := make([]int, n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			for v := 0; v < n; v++ {
				lits[v] = Var(n, r, c, v)
			}
			e.ExactlyOne(lits)
		}
	}
	for r := 0; r < n; r++ {
		for v := 0; v < n; v++ {
			for c := 0; c < n; c++ {
				lits[c] = Var(n, r, c, v)
			}
			e.ExactlyOne(lits)
		}
	}
	for c := 0; c < n; c++ {
		for v := 0; v < n; v++ {
			for r := 0; r < n; r++ {
				lits[r] = Var(n, r, c, v)
			}
			e.ExactlyOne(lits)
		}
	}
	for b := 0; b < n; b++ {
		r0, c0 := (b/box)*box, (b%box)*box
		for v := 0; v < n; v++ {
			for k := 0; k < n; k++ {
				lits[k] = Var(n, r0+k/box, c0+k%box, v)
			}
			e.ExactlyOne(lits)
		}
	}
	return e.Next - 1
}

// Formula returns p encoded with amo, with the header comments decoders
// read ("pipesat sudoku N", "pipesat primary 1-N³", "pipesat sudoku-givens ...")
// and a name for each primary variable.
func Formula(p *Puzzle, amo AMO) *dimacs.Formula {
	n := p.N
	f := &dimacs.Formula{}
	f.Commentf("pipesat sudoku %d", n)
	f.Commentf("pipesat primary 1-%d", n*n*n)
	f.Commentf("pipesat sudoku-givens %s", p)
	f.Commentf("sudoku2cnf: %dx%d, %d givens, at-most-one %s", n, n, p.Givens(), amo)
	f.Vars = Encode(f, p, amo)
	for x := 1; x <= n*n*n; x++ {
		f.SetName(x, VarName(n, x))
	}
	return f
}

// FromModel returns the grid model m assigns: each cell holds the value
// whose variable is true. It is an error if a cell has no true value (or
// an unassigned variable and no true one) or more than one.
func FromModel(m dimacs.Model, n int) (*Puzzle, error) {
	p, err := New(n)
	if err != nil {
		return nil, err
	}
	for i := range p.Cells {
		r, c := i/n, i%n
		unassigned := false
		for v := 0; v < n; v++ {
			val, ok := m.Value(Var(n, r, c, v))
			if !ok {
				unassigned = true
				continue
			}
			if !val {
				continue
			}
			if p.Cells[i] != 0 {
				return nil, fmt.Errorf("model puts both %c and %c in %s", Symbol(p.Cells[i]), Symbol(v+1), CellName(n, i))
			}
			p.Cells[i] = v + 1
		}
		if p.Cells[i] == 0 {
			if unassigned {
				return nil, fmt.Errorf("model leaves %s unassigned (variables %d-%d)", CellName(n, i), Var(n, r, c, 0), Var(n, r, c, n-1))
			}
			return nil, fmt.Errorf("model puts no value in %s", CellName(n, i))
		}
	}
	return p, nil
}
