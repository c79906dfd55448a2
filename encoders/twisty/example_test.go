package twisty_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/pipesat/pipesat/solver"
)

// A 2x2 Loopover: a row slides sideways or a column up and down, which on
// two tiles swaps them. The shortest way back is found by asking gini for
// 0, 1, 2, ... turns.
func Example() {
	const def = `
name: loopover2
goalState: [A, B, C, D]
turnSet:
  baseTurns:
    - {name: Row1, value: [0, 1, 0]}
    - {name: Row2, value: [2, 3, 2]}
    - {name: Col1, value: [0, 2, 0]}
    - {name: Col2, value: [1, 3, 1]}
`
	p, err := twisty.Parse(strings.NewReader(def), "loopover2.yaml")
	if err != nil {
		fmt.Println(err)
		return
	}
	start, err := p.ParseState("D C A B", "state")
	if err != nil {
		fmt.Println(err)
		return
	}
	var moves []string
	for d := 0; moves == nil && d <= 10; d++ {
		e, err := twisty.NewEncoding(p, start, d)
		if err != nil {
			fmt.Println(err)
			return
		}
		f, err := dimacs.Build(func(dst dimacs.Adder) (int, error) { return e.Encode(dst, cnfstyle.Style{}), nil })
		if err != nil {
			fmt.Println(err)
			return
		}
		res, err := solver.Gini{}.Solve(context.Background(), f, nil)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("depth %d: %v\n", d, res.Status)
		if res.Status == dimacs.Sat {
			if moves, err = e.Moves(res.Model); err != nil {
				fmt.Println(err)
				return
			}
		}
	}
	fmt.Println(strings.Join(moves, " "))
	st := start
	for _, m := range moves {
		st, _ = p.Run(st, []string{m})
		fmt.Printf("%-5s %s %s / %s %s\n", m, st[0], st[1], st[2], st[3])
	}
	// Output:
	// depth 0: UNSATISFIABLE
	// depth 1: UNSATISFIABLE
	// depth 2: UNSATISFIABLE
	// depth 3: SATISFIABLE
	// Col1 Col2 Row2
	// Col1  A C / D B
	// Col2  A B / D C
	// Row2  A B / C D
}
