package satrun

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/solver"
	"github.com/pipesat/pipesat/solver/mus"
)

// explain answers f as satrun --explain does (mus.WriteAnswer), after the
// header lines (written to w, which it flushes), and returns the exit
// status: 20 for a conflict (one not shown minimal before the timeout
// included), 10 for a model, 0 when the time ran out first.
func explain(ctx context.Context, cfg config, f *dimacs.Formula, proj []int, w *bufio.Writer, stderr io.Writer) (int, error) {
	r, err := mus.WriteAnswer(ctx, cfg.Solver, f, cfg.Assume, proj, w)
	if err != nil {
		return 0, err
	}
	if cfg.Stats {
		fmt.Fprintf(stderr, "c solver %s\nc variables %d clauses %d groups %d\nc explain %d calls, %d models checked, %.3fs\nc answer %v\n",
			r.Solver, f.Vars, f.NumClauses(), len(f.Groups()), r.Calls, r.Models, r.Wall.Seconds(), r.Status)
		if c, ok := cfg.Solver.(*solver.Certified); ok {
			fmt.Fprintln(stderr, proofStats(c))
		}
	}
	return int(r.Status), nil
}

// writeGCNF writes f as satrun --format gcnf does: MUSer2's group CNF
// (dimacs.WriteGCNF), buffered.
func writeGCNF(stdout io.Writer, f *dimacs.Formula) error {
	w := bufio.NewWriterSize(stdout, 64<<10)
	if err := dimacs.WriteGCNF(w, f, f.Groups()); err != nil {
		return err
	}
	return w.Flush()
}
