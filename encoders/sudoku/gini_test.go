package sudoku_test

import (
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/internal/enctest"
)

// encode returns what sudoku.Encode writes, as sudoku2cnf writes it (the
// text) and in memory (the formula): enctest.CNF checks they agree.
func encode(t testing.TB, p *sudoku.Puzzle, opts sudoku.Options) ([]byte, *dimacs.Formula) {
	t.Helper()
	return enctest.CNF(t, func(dst dimacs.Adder) (int, error) { return sudoku.Encode(dst, p, opts), nil })
}

// formula returns p encoded with amo, primary variables named, in memory.
func formula(t testing.TB, p *sudoku.Puzzle, amo sudoku.AMO) *dimacs.Formula {
	t.Helper()
	_, f := encode(t, p, sudoku.Options{AMO: amo})
	return f
}

// solveAll enumerates up to max models of f with gini, blocking each on
// variables 1..primary only (max 0: all of them).
func solveAll(f *dimacs.Formula, primary, max int) []dimacs.Model {
	g := gini.New()
	for i := 0; i < f.NumClauses(); i++ {
		for _, l := range f.Clause(i) {
			g.Add(z.Dimacs2Lit(int(l)))
		}
		g.Add(0)
	}
	var models []dimacs.Model
	for max == 0 || len(models) < max {
		if g.Solve() != 1 {
			break
		}
		m := dimacs.NewModel(f.Vars)
		for v := 1; v <= f.Vars; v++ {
			if g.Value(z.Dimacs2Lit(v)) {
				m.Set(v)
			} else {
				m.Set(-v)
			}
		}
		models = append(models, m)
		for v := 1; v <= primary; v++ {
			if m[v] > 0 {
				g.Add(z.Dimacs2Lit(-v))
			} else {
				g.Add(z.Dimacs2Lit(v))
			}
		}
		g.Add(0)
	}
	return models
}
