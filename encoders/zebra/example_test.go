package zebra_test

import (
	"fmt"
	"os"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/encoders/zebra"
)

// Three friends, three drinks, three houses: encode, solve with gini, print
// the table and the answer.
func Example() {
	p, err := zebra.ParseString(`
name:  Ann Bob Cid
drink: tea milk beer
same Ann tea
right-of Bob Ann     # Bob lives just right of Ann
at 3 beer
not same Bob beer
who: milk
`, "friends.txt")
	if err != nil {
		fmt.Println(err)
		return
	}
	// The formula in memory: dimacs.Build calls the encoder once.
	f, err := dimacs.Build(func(dst dimacs.Adder) (int, error) { return zebra.Encode(dst, p, cnfstyle.Style{}), nil })
	if err != nil {
		fmt.Println(err)
		return
	}
	g := gini.New()
	for i := 0; i < f.NumClauses(); i++ {
		for _, l := range f.Clause(i) {
			g.Add(z.Dimacs2Lit(int(l)))
		}
		g.Add(0)
	}
	if g.Solve() != 1 {
		fmt.Println("no solution")
		return
	}
	m := dimacs.NewModel(f.Vars)
	for v := 1; v <= f.Vars; v++ {
		if g.Value(z.Dimacs2Lit(v)) {
			m.Set(v)
		} else {
			m.Set(-v)
		}
	}
	s, err := zebra.FromModel(p, m)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d variables, %d clauses\n", f.Vars, f.NumClauses())
	s.Format(os.Stdout, p)
	// Output:
	// 23 variables, 69 clauses
	// house  name  drink
	// 1      Ann   tea
	// 2      Bob   milk
	// 3      Cid   beer
	// milk: Bob
}
