package solver

import (
	"context"

	"github.com/go-air/gini/z"
	"github.com/pipesat/pipesat/dimacs"
)

// Incremental is the embedded gini holding one formula that is solved
// many times under different assumptions, with clauses added in between:
// what MUS extraction needs (package solver/mus), where each call's
// failed assumptions (Why) say which groups of clauses a conflict used.
// Not safe for concurrent use.
type Incremental struct {
	s    *giniSession
	lits []z.Lit // scratch for gini's Why
	why  []int   // the last Unsat answer's failed assumptions
	// root says the clauses are unsatisfiable under no assumption at all:
	// every later Solve answers Unsat without asking gini, which (v1.0.4)
	// must not be asked again: its next Solve claims a model that
	// falsifies a clause and exits the program (TestIncrementalRootUnsat).
	root bool
}

// NewIncremental loads f into a new gini instance. guard, if not nil, is
// called with each clause's index and returns a literal to add to that
// clause, or 0 for none: with guard(i) = -s for a variable s in no clause
// of f, clause i holds only when s is assumed. The variables f's clauses
// and the guards use cost memory, never f.Vars (see Gini.Solve). If ctx
// ends while loading, every Solve answers Unknown.
func NewIncremental(ctx context.Context, f *dimacs.Formula, guard func(i int) int) *Incremental {
	return &Incremental{s: newGiniSession(ctx, f, guard)}
}

// AddClause adds the clause lits (without the final 0) for every later
// Solve.
func (x *Incremental) AddClause(lits ...int) {
	if !x.root {
		x.s.addClause(lits)
	}
}

// Solve solves the clauses under assume and returns Sat with a model
// (every variable from 1 to the largest of any clause, guard or
// assumption; one in no clause is false), Unsat, or Unknown if ctx ends
// first. The model is not checked: the caller checks it.
func (x *Incremental) Solve(ctx context.Context, assume []int) (dimacs.Status, dimacs.Model) {
	if x.root {
		return dimacs.Unsat, nil
	}
	st, m := x.s.solve(ctx, assume)
	if st == dimacs.Unsat {
		x.lits = x.s.g.Why(x.lits[:0])
		x.why = x.why[:0]
		for _, m := range x.lits {
			x.why = append(x.why, x.s.formulaLit(m))
		}
		x.root = len(x.why) == 0
	}
	return st, m
}

// Why returns, after a Solve that answered Unsat, the assumptions it
// failed on, in gini's order: a subset of that call's assume which the
// clauses contradict, empty if they contradict no assumption at all. Its
// result means nothing after a Solve that answered otherwise, and is
// overwritten by the next Solve.
func (x *Incremental) Why() []int {
	if x.root {
		return nil
	}
	return x.why
}

// formulaLit returns the formula's literal for gini's literal m.
func (s *giniSession) formulaLit(m z.Lit) int {
	l := m.Dimacs()
	if max(l, -l) <= s.dense {
		return l
	}
	v := int(s.fromG[max(l, -l)-s.dense-1])
	if l < 0 {
		return -v
	}
	return v
}
