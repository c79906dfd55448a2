package satrun

import (
	"errors"
	"fmt"

	"github.com/pipesat/pipesat/solver"
)

// words returns err, an error of package solver, in satrun's words: what
// the flag that caused it (--project, --lrat) should be. Other errors are
// returned as they are.
func words(err error) error {
	var pe *solver.ProjectionError
	var be *solver.BlockingError
	var le *solver.LRATError
	switch {
	case errors.As(err, &pe):
		return fmt.Errorf("%v: name fewer with --project", err)
	case errors.As(err, &be):
		return fmt.Errorf("%v: ask for fewer with --max, or name fewer variables with --project", err)
	case errors.As(err, &le) && errors.Is(le.Err, solver.ErrLRATStdout):
		return errors.New("--lrat -: stdout carries the answer: name a file")
	case errors.As(err, &le):
		return fmt.Errorf("--lrat: %v", le.Err)
	}
	return err
}
