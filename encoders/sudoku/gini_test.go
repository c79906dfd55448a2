package sudoku_test

import (
	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/pipesat/pipesat/dimacs"
)

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
