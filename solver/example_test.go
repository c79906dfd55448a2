package solver_test

import (
	"context"
	"fmt"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/solver"
)

// Enumerate the models of "exactly one of 1, 2, 3" with the embedded gini.
func ExampleEnumerate() {
	f := &dimacs.Formula{}
	f.AddClause(1, 2, 3)
	f.AddClause(-1, -2)
	f.AddClause(-1, -3)
	f.AddClause(-2, -3)
	s, _ := solver.Lookup("gini")
	e, err := solver.Enumerate(context.Background(), s, f, solver.EnumOptions{Verify: true}, func(m dimacs.Model) error {
		fmt.Println(m.Lits())
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e.Models, "models, complete:", e.Complete())
	// Output:
	// [-1 2 -3]
	// [-1 -2 3]
	// [1 -2 -3]
	// 3 models, complete: true
}
