package sudoku_test

import (
	"os"
	"strings"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/sudoku"
)

// giniAdder feeds clauses straight into gini.
type giniAdder struct{ g *gini.Gini }

func (a giniAdder) Add(l int) { a.g.Add(z.Dimacs2Lit(l)) }

func Example() {
	p, err := sudoku.Parse(strings.NewReader("1... ..3. .4.. ...2"), "example", 0)
	if err != nil {
		panic(err)
	}
	g := gini.New()
	vars := sudoku.Encode(giniAdder{g}, p, sudoku.Options{AMO: sudoku.Pairwise})
	if g.Solve() != 1 {
		panic("no solution")
	}
	m := dimacs.NewModel(vars)
	for v := 1; v <= vars; v++ {
		if g.Value(z.Dimacs2Lit(v)) {
			m.Set(v)
		}
	}
	grid, err := sudoku.FromModel(m, p.N)
	if err != nil {
		panic(err)
	}
	grid.Format(os.Stdout)
	// Output:
	// 1 3 | 2 4
	// 4 2 | 3 1
	// ----+----
	// 2 4 | 1 3
	// 3 1 | 4 2
}
