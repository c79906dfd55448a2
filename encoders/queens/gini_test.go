package queens_test

import (
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/queens"
	"github.com/pipesat/pipesat/internal/enctest"
)

// encode returns what queens.Encode writes, as queens2cnf writes it (the
// text) and in memory (the formula): enctest.CNF checks they agree.
func encode(t testing.TB, n int, opts queens.Options) ([]byte, *dimacs.Formula) {
	t.Helper()
	return enctest.CNF(t, func(dst dimacs.Adder) (int, error) { return queens.Encode(dst, n, opts), nil })
}

// formula returns n queens (rooks), primary variables named, in memory.
func formula(t testing.TB, n int, rooks bool) *dimacs.Formula {
	t.Helper()
	_, f := encode(t, n, queens.Options{Rooks: rooks})
	return f
}

// solveAll enumerates every model of f with gini. Each model is blocked by
// the clause "not all of its true variables": every placement has exactly
// n pieces, so no other placement contains this one's, and the short
// clause excludes exactly this placement (blocking all 64 literals makes
// 8 rooks several times slower).
func solveAll(f *dimacs.Formula) []dimacs.Model {
	g := gini.New()
	for i := 0; i < f.NumClauses(); i++ {
		for _, l := range f.Clause(i) {
			g.Add(z.Dimacs2Lit(int(l)))
		}
		g.Add(0)
	}
	var models []dimacs.Model
	for g.Solve() == 1 {
		m := dimacs.NewModel(f.Vars)
		for v := 1; v <= f.Vars; v++ {
			if g.Value(z.Dimacs2Lit(v)) {
				m.Set(v)
				g.Add(z.Dimacs2Lit(-v))
			} else {
				m.Set(-v)
			}
		}
		g.Add(0)
		models = append(models, m)
	}
	return models
}
