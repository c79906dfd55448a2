package cubesolve

import (
	"context"
	"fmt"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/pipesat/pipesat/solver"
)

// step reports one depth of solve: its answer and the solver's wall time.
type step struct {
	Depth   int
	Status  dimacs.Status
	Vars    int
	Clauses int
	Wall    time.Duration
}

// verdict is solve's error when the answer is not a solution but no
// failure either: Unsat when no depth up to the bound is Sat, Unknown
// when the solver gave no answer.
type verdict struct {
	status dimacs.Status
	msg    string
}

func (e *verdict) Error() string { return e.msg }

// solve looks for a shortest turn sequence from start to a solved state by
// asking s about depths 0, 1, 2, ... maxDepth in turn; the first Sat depth
// is the optimum. Every model is checked against its formula and replayed
// on the start state. progress, if not nil, is called after each depth. It
// fails if no depth up to maxDepth is Sat, or the solver answers Unknown
// (a *verdict).
func solve(ctx context.Context, s solver.Solver, p *twisty.Puzzle, start []string, maxDepth int, progress func(step)) ([]string, error) {
	for d := 0; d <= maxDepth; d++ {
		e, err := twisty.NewEncoding(p, start, d)
		if err != nil {
			return nil, err
		}
		f, err := dimacs.Build(func(dst dimacs.Adder) (int, error) { return e.Encode(dst, cnfstyle.Style{}), nil })
		if err != nil {
			return nil, err
		}
		res, err := s.Solve(ctx, f, nil)
		if err != nil {
			return nil, fmt.Errorf("depth %d: %s: %w", d, s.Name(), err)
		}
		if progress != nil {
			progress(step{Depth: d, Status: res.Status, Vars: f.Vars, Clauses: f.NumClauses(), Wall: res.Wall})
		}
		switch res.Status {
		case dimacs.Unsat:
			continue
		case dimacs.Sat:
			if err := f.Check(res.Model); err != nil {
				return nil, fmt.Errorf("depth %d: %s: %w", d, s.Name(), err)
			}
			moves, err := e.Moves(res.Model)
			if err != nil {
				return nil, fmt.Errorf("depth %d: %s: %w", d, s.Name(), err)
			}
			if err := e.Replay(moves); err != nil {
				return nil, fmt.Errorf("depth %d: %s: %w", d, s.Name(), err)
			}
			return moves, nil
		default:
			return nil, &verdict{dimacs.Unknown, fmt.Sprintf("depth %d: %s gave no answer", d, s.Name())}
		}
	}
	if p.MaxDepth > 0 && maxDepth >= p.MaxDepth {
		return nil, &verdict{dimacs.Unsat, fmt.Sprintf("impossible state: no solution in at most %d turns, the puzzle's maxDepth", maxDepth)}
	}
	return nil, &verdict{dimacs.Unsat, fmt.Sprintf("no solution in at most %d turns", maxDepth)}
}
