package solver

import (
	"context"
	"runtime"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/pipesat/pipesat/dimacs"
)

// Gini is the embedded solver github.com/go-air/gini, run in-process.
// The zero value is ready to use.
type Gini struct{}

// Name returns "gini".
func (Gini) Name() string { return "gini" }

// Solve loads f into a new gini instance and solves it under assume. It
// returns Unknown if ctx ends first.
func (Gini) Solve(ctx context.Context, f *dimacs.Formula, assume []int) (*Result, error) {
	start := time.Now()
	s := newGiniSession(f)
	st, m := s.solve(ctx, assume)
	return &Result{Status: st, Model: m, Wall: time.Since(start)}, nil
}

// giniSession is a gini instance loaded with a formula, to which clauses
// can be added between solves (incremental enumeration).
type giniSession struct {
	g    *gini.Gini
	vars int
}

func newGiniSession(f *dimacs.Formula) *giniSession {
	g := gini.NewVc(f.Vars, f.NumClauses())
	n := f.NumClauses()
	for i := 0; i < n; i++ {
		for _, l := range f.Clause(i) {
			g.Add(z.Dimacs2Lit(int(l)))
		}
		g.Add(z.LitNull)
	}
	return &giniSession{g: g, vars: f.Vars}
}

// addClause adds the clause lits (without 0).
func (s *giniSession) addClause(lits []int) {
	for _, l := range lits {
		s.g.Add(z.Dimacs2Lit(l))
	}
	s.g.Add(z.LitNull)
}

// solve solves under assume, polling so that ctx can stop it. The model
// is complete over 1..vars: a variable gini never saw (it is in no clause)
// is false.
func (s *giniSession) solve(ctx context.Context, assume []int) (dimacs.Status, dimacs.Model) {
	if ctx.Err() != nil {
		return dimacs.Unknown, nil
	}
	for _, l := range assume {
		s.g.Assume(z.Dimacs2Lit(l))
	}
	res := s.goSolve(ctx)
	if res == 0 {
		return dimacs.Unknown, nil
	}
	switch res {
	case 1:
		m := dimacs.NewModel(s.vars)
		max := int(s.g.MaxVar())
		for v := 1; v <= s.vars; v++ {
			if v <= max && s.g.Value(z.Dimacs2Lit(v)) {
				m[v] = 1
			} else {
				m[v] = -1
			}
		}
		return dimacs.Sat, m
	case -1:
		return dimacs.Unsat, nil
	}
	return dimacs.Unknown, nil
}

// goSolve solves in gini's background goroutine and returns gini's 1, -1,
// or 0 if ctx ended first. Most calls (enumeration, small formulas) take
// microseconds, less than a timer's resolution: for the first millisecond
// it polls between yields, then every 5 ms. (gini's Try is no help: it
// stops the search at its deadline and leaves the deadline set, so every
// later Solve returns 0 at once.)
func (s *giniSession) goSolve(ctx context.Context) int {
	h := s.g.GoSolve()
	spin := time.Now().Add(time.Millisecond)
	for time.Now().Before(spin) {
		if r, ok := h.Test(); ok {
			return r
		}
		if ctx.Err() != nil {
			return h.Stop()
		}
		runtime.Gosched()
	}
	t := time.NewTicker(5 * time.Millisecond)
	defer t.Stop()
	for {
		if r, ok := h.Test(); ok {
			return r
		}
		select {
		case <-ctx.Done():
			return h.Stop()
		case <-t.C:
		}
	}
}
