package queens_test

import (
	"fmt"
	"sort"
	"strings"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/pipesat/pipesat/encoders/queens"
)

// giniAdder feeds clauses straight into gini.
type giniAdder struct{ g *gini.Gini }

func (a giniAdder) Add(l int) { a.g.Add(z.Dimacs2Lit(l)) }

// Example finds every placement of 4 queens with gini, blocking each
// placement found, and prints the boards.
func Example() {
	const n = 4
	g := gini.New()
	queens.Encode(giniAdder{g}, n, queens.Options{})
	var boards []string
	for g.Solve() == 1 {
		var b strings.Builder
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				l := z.Dimacs2Lit(queens.Var(n, r, c))
				if g.Value(l) {
					b.WriteByte('Q')
					g.Add(l.Not()) // the blocking clause: not this placement
				} else {
					b.WriteByte('.')
				}
			}
			b.WriteByte('\n')
		}
		g.Add(0)
		boards = append(boards, b.String())
	}
	sort.Strings(boards)
	fmt.Println(strings.Join(boards, "\n"))
	// Output:
	// ..Q.
	// Q...
	// ...Q
	// .Q..
	//
	// .Q..
	// ...Q
	// Q...
	// ..Q.
}
