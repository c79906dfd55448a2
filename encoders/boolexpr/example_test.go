package boolexpr_test

import (
	"fmt"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/boolexpr"
)

// The French article's formula: encode, then enumerate its models with gini,
// blocking each assignment of the inputs in turn.
func Example() {
	file, err := boolexpr.ParseString("(a & b & !c) | (a & !b)", "<stdin>")
	if err != nil {
		fmt.Println(err)
		return
	}
	// The formula in memory: dimacs.Build calls the encoder once.
	f, err := dimacs.Build(func(dst dimacs.Adder) (int, error) { return boolexpr.Encode(dst, file, boolexpr.Options{}), nil })
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d variables, %d clauses\n", f.Vars, f.NumClauses())
	g := gini.New()
	for i := 0; i < f.NumClauses(); i++ {
		for _, l := range f.Clause(i) {
			g.Add(z.Dimacs2Lit(int(l)))
		}
		g.Add(0)
	}
	n := 0
	for g.Solve() == 1 {
		n++
		for v, name := range file.Vars {
			val := g.Value(z.Dimacs2Lit(v + 1))
			if v > 0 {
				fmt.Print(" ")
			}
			fmt.Printf("%s=%t", name, val)
			if val { // block this assignment
				g.Add(z.Dimacs2Lit(-(v + 1)))
			} else {
				g.Add(z.Dimacs2Lit(v + 1))
			}
		}
		g.Add(0)
		fmt.Println()
	}
	fmt.Println(n, "models")
	// Unordered output:
	// 5 variables, 8 clauses
	// a=true b=true c=false
	// a=true b=false c=true
	// a=true b=false c=false
	// 3 models
}
