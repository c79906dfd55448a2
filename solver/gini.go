package solver

import (
	"context"
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
// returns Unknown if ctx ends first, while loading or while solving.
//
// gini costs about 200 bytes per variable, so it is given only the
// variables f's clauses and assume use, never f.Vars from the header.
// The model assigns every variable from 1 to the largest of those (false
// if it is in no clause) and leaves the variables above it unassigned: a
// header's promise of more costs nothing here.
func (Gini) Solve(ctx context.Context, f *dimacs.Formula, assume []int) (*Result, error) {
	start := time.Now()
	s := newGiniSession(ctx, f, nil)
	st, m := s.solve(ctx, assume)
	return &Result{Status: st, Model: m, Wall: time.Since(start)}, nil
}

// giniSession is a gini instance loaded with a formula, to which clauses
// can be added between solves (incremental enumeration).
//
// gini's variables 1..dense are the formula's 1..dense. A variable far
// above dense (more than giniDenseSlack) is renumbered instead: gini's
// dense+1, dense+2, ... in order of first use, so that a formula like
// "p cnf 268435456 1" / "268435456 0", or a blocking clause on a variable
// that large, does not make gini allocate and decide 268 million
// variables; the model is mapped back. dense is the largest variable when
// the formula's variables are dense (the largest is not far above its
// number of literals), else 0; it grows by up to giniDenseSlack at a time
// while no variable has been renumbered.
type giniSession struct {
	g     *gini.Gini
	max   int             // largest formula variable given to gini
	dense int             // gini's 1..dense are the formula's
	toG   map[int32]int32 // formula variable above dense -> gini variable; nil until one is renumbered
	fromG []int32         // gini variable dense+1+i -> formula variable fromG[i]
	cut   bool            // ctx ended while loading: g holds part of the formula
	added int             // clauses given to g
}

// giniDenseSlack bounds the variables gini is given unrenumbered: the largest
// variable may be up to twice the number of literals plus giniDenseSlack.
const giniDenseSlack = 1 << 12

// giniCheckLits is how many literals newGiniSession loads between two looks
// at ctx: a few milliseconds' work.
const giniCheckLits = 1 << 16

// newGiniSession loads f into a new gini instance, adding guard(i) to
// clause i when guard is not nil and that is not 0. If ctx ends first it
// stops loading and returns a session marked cut, whose solve answers
// Unknown.
func newGiniSession(ctx context.Context, f *dimacs.Formula, guard func(i int) int) *giniSession {
	n := f.NumClauses()
	maxVar := 0
	for i := 0; i < n; i++ {
		for _, l := range f.Clause(i) {
			maxVar = max(maxVar, int(l), -int(l))
		}
	}
	s := &giniSession{}
	if maxVar <= 2*f.NumLits()+giniDenseSlack {
		s.g = gini.NewVc(maxVar, n)
		s.max, s.dense = maxVar, maxVar
	} else {
		s.g = gini.NewVc(min(f.NumLits(), 1<<20), n)
	}
	sinceCheck := 0
	for i := 0; i < n; i++ {
		c := f.Clause(i)
		if sinceCheck += len(c) + 1; sinceCheck >= giniCheckLits {
			sinceCheck = 0
			if ctx.Err() != nil {
				s.cut = true
				return s
			}
		}
		for _, l := range c {
			s.g.Add(s.lit(int(l)))
		}
		if guard != nil {
			if l := guard(i); l != 0 {
				s.g.Add(s.lit(l))
			}
		}
		s.g.Add(z.LitNull)
		s.added++
	}
	return s
}

// lit returns gini's literal for the formula's literal l, numbering a
// variable new to gini.
func (s *giniSession) lit(l int) z.Lit {
	v := max(l, -l)
	s.max = max(s.max, v)
	gv := v
	switch {
	case v <= s.dense:
	case s.toG == nil && v <= s.dense+giniDenseSlack:
		s.dense = v
	default:
		if s.toG == nil {
			s.toG = make(map[int32]int32)
		}
		g, ok := s.toG[int32(v)]
		if !ok {
			g = int32(s.dense + 1 + len(s.fromG))
			s.fromG = append(s.fromG, int32(v))
			s.toG[int32(v)] = g
		}
		gv = int(g)
	}
	if l < 0 {
		return z.Dimacs2Lit(-gv)
	}
	return z.Dimacs2Lit(gv)
}

// addClause adds the clause lits (without 0).
func (s *giniSession) addClause(lits []int) {
	if s.cut {
		return
	}
	for _, l := range lits {
		s.g.Add(s.lit(l))
	}
	s.g.Add(z.LitNull)
}

// solve solves under assume, polling so that ctx can stop it. The model
// assigns 1..s.max: a variable gini never saw (it is in no clause) is
// false.
func (s *giniSession) solve(ctx context.Context, assume []int) (dimacs.Status, dimacs.Model) {
	if ctx.Err() != nil || s.cut {
		return dimacs.Unknown, nil
	}
	for _, l := range assume {
		s.g.Assume(s.lit(l))
	}
	res := s.goSolve(ctx)
	switch res {
	case 1:
		return dimacs.Sat, s.model()
	case -1:
		return dimacs.Unsat, nil
	}
	return dimacs.Unknown, nil
}

// model returns the model gini found, over the formula's variables 1..s.max.
func (s *giniSession) model() dimacs.Model {
	m := dimacs.NewModel(s.max)
	for v := 1; v <= s.max; v++ {
		m[v] = -1
	}
	top := int(s.g.MaxVar())
	for v := 1; v <= min(s.dense, top); v++ {
		if s.g.Value(z.Dimacs2Lit(v)) {
			m[v] = 1
		}
	}
	for i, v := range s.fromG {
		if gv := s.dense + 1 + i; gv <= top && s.g.Value(z.Dimacs2Lit(gv)) {
			m[v] = 1
		}
	}
	return m
}

// goSolve solves in gini's background goroutine and returns gini's 1, -1,
// or 0 if ctx ended first. gini offers no blocking wait that can be
// interrupted (its Wait and Stop hold the same lock), so goSolve polls,
// first every 10 µs, each wait a quarter longer than the one before, up to
// 5 ms. An enumeration makes thousands of calls of a few hundred
// microseconds each: a fixed 5 ms tick made 10-queens' 724 models take
// 2.3 times as long, and spinning burnt a second core. (gini's Try is no
// help: it stops the search at its deadline and leaves the deadline set, so
// every later Solve returns 0 at once.)
func (s *giniSession) goSolve(ctx context.Context) int {
	h := s.g.GoSolve()
	wait := giniFirstPoll
	t := time.NewTimer(wait)
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
		wait = min(wait+wait/4, giniLastPoll)
		t.Reset(wait)
	}
}

// The first and the longest wait between two looks at a running gini solve.
const (
	giniFirstPoll = 10 * time.Microsecond
	giniLastPoll  = 5 * time.Millisecond
)
