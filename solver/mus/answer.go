package mus

import (
	"bufio"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/solver"
)

// bigExplain is the bound on an external solver's calls (CallBound)
// above which WriteAnswer says up front how many calls it may make.
const bigExplain = 100

// Report is what WriteAnswer did, for a command's statistics.
type Report struct {
	Solver        string        // the name of the solver that explained
	Status        dimacs.Status // the answer
	Calls, Models int           // solver calls, models checked
	Wall          time.Duration
}

// WriteAnswer answers f as satrun --explain does, after its header lines
// (written to w, which it flushes): Explain finds a conflict of f's
// groups, or a model. An unsatisfiable formula's answer is "s
// UNSATISFIABLE" and the conflict's lines (dimacs.ExplainLines), "c
// proof verified" when a --certify solver proved it. A satisfiable one's
// is what --max 2 prints, the model and "c solutions 1" when Needed shows
// it unique, or also a second model and "c limit 2 reached", then the
// lines of the groups that force the solution on the projection
// variables (proj, nil: all) or "c needed: none, the solution is not
// unique". assume are literals taken as true (satrun --assume). With a
// *solver.Certified s, its solver explains without proofs and the final
// conflict is proven; its LRAT file numbers f's clauses
// (solver.Certified.Input). Both satrun --explain and nonosolve --explain
// print this answer, so that the decoders say it in the same words.
func WriteAnswer(ctx context.Context, s solver.Solver, f *dimacs.Formula, assume, proj []int, w *bufio.Writer) (Report, error) {
	groups := f.Groups()
	p := Problem{F: f, Groups: groups}
	opts := Options{Solver: s, Assume: assume}
	if c, ok := s.(*solver.Certified); ok {
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
		if n := CallBound(len(groups)); n > bigExplain {
			fmt.Fprintf(w, "c explain: %d groups: up to %d calls of %s, each on a fresh CNF\n", len(groups), n, opts.Solver.Name())
		}
	}
	name := opts.Solver.Name()
	r, err := Explain(ctx, p, opts)
	if err != nil {
		w.Flush()
		return Report{}, err
	}
	lines, err := answerLines(ctx, p, r, proj, opts, w)
	for _, l := range lines {
		if err == nil {
			_, err = w.WriteString("c " + l + "\n")
		}
	}
	if err == nil {
		err = w.Flush()
	}
	return Report{Solver: name, Status: r.Status, Calls: r.Calls, Models: r.Models, Wall: r.Wall}, err
}

// answerLines writes the answer of r, Explain's result, to w and returns
// the comment lines that follow it; for a model it asks Needed, whose
// calls it adds to r's.
func answerLines(ctx context.Context, p Problem, r *Result, proj []int, opts Options, w *bufio.Writer) ([]string, error) {
	f, name := p.F, opts.Solver.Name()
	switch r.Status {
	case dimacs.Unknown:
		return nil, dimacs.WriteAnswer(w, dimacs.Unknown, nil)
	case dimacs.Unsat:
		lines := dimacs.ExplainLines(explanation(p.Groups, r, false, name))
		if r.Proven {
			lines = append(lines, "proof verified")
		}
		return lines, dimacs.WriteAnswer(w, dimacs.Unsat, nil)
	}
	if err := dimacs.WriteCompleteAnswer(w, dimacs.Sat, r.Model, f.Vars); err != nil {
		return nil, err
	}
	n, err := Needed(ctx, p, r.Model, proj, opts)
	if err != nil {
		return nil, err
	}
	r.Calls, r.Models, r.Wall = r.Calls+n.Calls, r.Models+n.Models, r.Wall+n.Wall
	switch n.Status {
	case dimacs.Unsat:
		return append([]string{"solutions 1"}, dimacs.ExplainLines(explanation(p.Groups, n, true, name))...), nil
	case dimacs.Sat:
		// Another solution: as --max 2 would print it.
		return append([]string{"limit 2 reached; more models may exist"}, dimacs.ExplainLines(&dimacs.Explanation{Needed: true, NotUnique: true})...),
			dimacs.WriteCompleteAnswer(w, dimacs.Sat, n.Model, f.Vars)
	}
	return []string{"explain: the time ran out before the solution was shown unique"}, nil
}

// explanation returns r's groups as their lines say them.
func explanation(groups []dimacs.Group, r *Result, needed bool, solverName string) *dimacs.Explanation {
	e := &dimacs.Explanation{Needed: needed, Of: len(groups), NotMinimal: !r.Minimal,
		How: dimacs.ExplainStats{Solver: solverName, Calls: r.Calls, Models: r.Models, Wall: r.Wall, Proven: r.Proven}.String()}
	for _, g := range r.Core {
		e.Groups = append(e.Groups, dimacs.Group{ID: groups[g].ID, Name: groups[g].Name})
	}
	// Their lines come by increasing ID (Output.Explain checks it).
	slices.SortFunc(e.Groups, func(a, b dimacs.Group) int { return a.ID - b.ID })
	return e
}
