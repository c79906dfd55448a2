package satrun

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/solver"
	"github.com/pipesat/pipesat/solver/mus"
)

// bigExplain is the bound on an external solver's calls (mus.CallBound)
// above which satrun --explain says up front how many calls it may make.
const bigExplain = 100

// explain answers f as satrun --explain does, after the header lines
// (written to w, which it flushes): mus.Explain finds a conflict of f's
// groups, or a model. An unsatisfiable formula's answer is "s
// UNSATISFIABLE" and the conflict's lines (dimacs.ExplainLines), "c
// proof verified" when a --certify solver proved it; exit 20, a conflict
// not shown minimal before the timeout included. A satisfiable one's is
// what --max 2 prints, the model and "c solutions 1" when mus.Needed
// shows it unique, or also a second model and "c limit 2 reached", then
// the lines of the groups that force the solution on the projection
// variables (proj, nil: all) or "c needed: none, the solution is not
// unique"; exit 10. With a *solver.Certified (--certify), its solver
// explains without proofs and the final conflict is proven; its
// LRAT file (--lrat) numbers f's clauses (solver.Certified.Input).
func explain(ctx context.Context, cfg config, f *dimacs.Formula, proj []int, w *bufio.Writer, stderr io.Writer) (int, error) {
	groups := f.Groups()
	p := mus.Problem{F: f, Groups: groups}
	opts := mus.Options{Solver: cfg.Solver, Assume: cfg.Assume}
	if c, ok := cfg.Solver.(*solver.Certified); ok {
		// The solver explains without proofs and proves the conflict it
		// finds; a --solver-cmd, which may need its proof argument,
		// proves each UNSAT answer.
		opts.Prover, opts.Solver = c, c
		// The calls get some of f's clauses: --lrat numbers f's.
		c.Input = f
		if c.X.Label != "" {
			if x, err := solver.Lookup(c.X.Path); err == nil { // its base name is Label's
				opts.Solver = x
			}
		}
	}
	if _, gini := opts.Solver.(solver.Gini); !gini {
		if n := mus.CallBound(len(groups)); n > bigExplain {
			fmt.Fprintf(w, "c explain: %d groups: up to %d calls of %s, each on a fresh CNF\n", len(groups), n, opts.Solver.Name())
		}
	}
	name := opts.Solver.Name()
	r, err := mus.Explain(ctx, p, opts)
	if err != nil {
		w.Flush()
		return 0, err
	}
	code := int(r.Status)
	var lines []string
	switch r.Status {
	case dimacs.Unknown:
		err = dimacs.WriteAnswer(w, dimacs.Unknown, nil)
	case dimacs.Unsat:
		err = dimacs.WriteAnswer(w, dimacs.Unsat, nil)
		lines = dimacs.ExplainLines(explanation(groups, r, false, name))
		if r.Proven {
			lines = append(lines, "proof verified")
		}
	case dimacs.Sat:
		err = dimacs.WriteCompleteAnswer(w, dimacs.Sat, r.Model, f.Vars)
		var n *mus.Result
		if err == nil {
			n, err = mus.Needed(ctx, p, r.Model, proj, opts)
		}
		switch {
		case err != nil:
		case n.Status == dimacs.Unsat:
			lines = append([]string{"solutions 1"}, dimacs.ExplainLines(explanation(groups, n, true, name))...)
		case n.Status == dimacs.Sat:
			// Another solution: as --max 2 would print it.
			err = dimacs.WriteCompleteAnswer(w, dimacs.Sat, n.Model, f.Vars)
			lines = append([]string{"limit 2 reached; more models may exist"}, dimacs.ExplainLines(&dimacs.Explanation{Needed: true, NotUnique: true})...)
		default:
			lines = []string{"explain: the time ran out before the solution was shown unique"}
		}
		if n != nil {
			r.Calls, r.Models, r.Wall = r.Calls+n.Calls, r.Models+n.Models, r.Wall+n.Wall
		}
	}
	for _, l := range lines {
		if err == nil {
			_, err = w.WriteString("c " + l + "\n")
		}
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		return 0, err
	}
	if cfg.Stats {
		fmt.Fprintf(stderr, "c solver %s\nc variables %d clauses %d groups %d\nc explain %d calls, %d models checked, %.3fs\nc answer %v\n",
			name, f.Vars, f.NumClauses(), len(groups), r.Calls, r.Models, r.Wall.Seconds(), r.Status)
		if c, ok := cfg.Solver.(*solver.Certified); ok {
			fmt.Fprintln(stderr, proofStats(c))
		}
	}
	return code, nil
}

// explanation returns r's groups as their lines say them.
func explanation(groups []dimacs.Group, r *mus.Result, needed bool, solverName string) *dimacs.Explanation {
	e := &dimacs.Explanation{Needed: needed, Of: len(groups), NotMinimal: !r.Minimal,
		How: dimacs.ExplainStats{Solver: solverName, Calls: r.Calls, Models: r.Models, Wall: r.Wall, Proven: r.Proven}.String()}
	for _, g := range r.Core {
		e.Groups = append(e.Groups, dimacs.Group{ID: groups[g].ID, Name: groups[g].Name})
	}
	// Their lines come by increasing ID (Output.Explain checks it).
	slices.SortFunc(e.Groups, func(a, b dimacs.Group) int { return a.ID - b.ID })
	return e
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
