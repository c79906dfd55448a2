package dimacs

import "fmt"

// Status is a solver's answer. Its values are the SAT competition's exit
// codes: 10 satisfiable, 20 unsatisfiable, 0 unknown.
type Status int

const (
	Unknown Status = 0
	Sat     Status = 10
	Unsat   Status = 20
)

// String returns the word a competition solver prints after "s ":
// SATISFIABLE, UNSATISFIABLE or UNKNOWN.
func (s Status) String() string {
	switch s {
	case Sat:
		return "SATISFIABLE"
	case Unsat:
		return "UNSATISFIABLE"
	case Unknown:
		return "UNKNOWN"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Model is a (possibly partial) assignment. Index v holds the value of
// variable v: 1 true, -1 false, 0 unassigned. Index 0 is unused.
type Model []int8

// NewModel returns a model over variables 1..n with every variable unassigned.
func NewModel(n int) Model { return make(Model, n+1) }

// Vars returns the largest variable the model has room for.
func (m Model) Vars() int {
	if len(m) == 0 {
		return 0
	}
	return len(m) - 1
}

// Set assigns the literal l: variable |l| becomes true if l > 0, false if
// l < 0. The model grows as needed.
func (m *Model) Set(l int) {
	v := l
	if v < 0 {
		v = -v
	}
	for len(*m) <= v {
		*m = append(*m, 0)
	}
	if l > 0 {
		(*m)[v] = 1
	} else {
		(*m)[v] = -1
	}
}

// Value returns the value of variable v and whether it is assigned.
func (m Model) Value(v int) (value, ok bool) {
	if v <= 0 || v >= len(m) || m[v] == 0 {
		return false, false
	}
	return m[v] > 0, true
}

// Lit reports whether literal l is true (1), false (-1) or unassigned (0).
func (m Model) Lit(l int) int8 {
	v := l
	if v < 0 {
		v = -v
	}
	if v >= len(m) {
		return 0
	}
	if l < 0 {
		return -m[v]
	}
	return m[v]
}

// Completed returns m as WriteCompleteAnswer writes it and a decoder
// reads it back: every variable of 1..vars assigned, those m leaves
// unassigned false. m itself is not changed.
func (m Model) Completed(vars int) Model {
	c := NewModel(max(vars, m.Vars()))
	for v := 1; v < len(c); v++ {
		c[v] = completed(m, v, vars)
	}
	return c
}

// Lits returns the assigned literals in variable order.
func (m Model) Lits() []int {
	var out []int
	for v := 1; v < len(m); v++ {
		switch m[v] {
		case 1:
			out = append(out, v)
		case -1:
			out = append(out, -v)
		}
	}
	return out
}

// Adder is the one-method sink encoders write clauses to: each literal in
// turn, 0 to end a clause. A *Formula is an Adder, and so is a gini solver.
type Adder interface {
	Add(lit int)
}

// A ClauseAdder is an Adder that also takes a whole clause in one call:
// AddClause(lits...) is Add of each literal, then Add(0). A *Formula is
// one, and so are the writers of a Stream: a call per clause instead of
// one per literal is a good part of an encoder's speed.
type ClauseAdder interface {
	Adder
	AddClause(lits ...int)
}

// AddClause adds the clause lits (without the final 0) to dst, in one
// call when dst is a ClauseAdder.
func AddClause(dst Adder, lits ...int) {
	if c, ok := dst.(ClauseAdder); ok {
		c.AddClause(lits...)
		return
	}
	for _, l := range lits {
		dst.Add(l)
	}
	dst.Add(0)
}
