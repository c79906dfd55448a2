package solver

import (
	"context"
	"fmt"
	"time"

	"github.com/pipesat/pipesat/dimacs"
)

// MaxProject is the most projection variables an enumeration (Max other
// than 1) may have: every model adds a blocking clause naming each of them,
// so a header's promise of 2^28 variables would cost gigabytes per model.
const MaxProject = 1 << 22

// EnumOptions control Enumerate.
type EnumOptions struct {
	// Assume are literals forced true.
	Assume []int
	// Project are the variables a blocking clause mentions; nil means all
	// of 1..f.Vars. Two models found differ on at least one of them.
	Project []int
	// Max stops after Max models; 0 means no limit. Max 1 is a plain solve.
	Max int
	// Verify checks every model against the formula, the assumptions and
	// the models before it; a wrong model is an error.
	Verify bool
}

// Enumeration is the outcome of Enumerate.
type Enumeration struct {
	// Models is the number of models found (and passed to emit).
	Models int
	// Rest tells whether more models exist: Unsat means no (the
	// enumeration is complete; with Models 0 the formula is
	// unsatisfiable), Sat means Max stopped it (more may exist), Unknown
	// means the context ended or the solver answered UNKNOWN first.
	Rest dimacs.Status
	// Calls is the number of solver calls; Wall their total time.
	Calls int
	Wall  time.Duration
}

// Status returns the overall answer: Sat if a model was found, else Rest.
func (e *Enumeration) Status() dimacs.Status {
	if e.Models > 0 {
		return dimacs.Sat
	}
	return e.Rest
}

// Complete reports whether every model was found.
func (e *Enumeration) Complete() bool { return e.Rest == dimacs.Unsat }

// Enumerate solves f with s under opts.Assume and calls emit with each
// model, adding after each a clause that blocks its values on
// opts.Project. With gini the same solver instance is reused; an external
// solver is run again on a fresh CNF with the blocking clauses added.
// Every model is checked (with Verify) as the solver gave it: a variable
// it left unassigned satisfies no literal. Then, when enumerating (Max !=
// 1), the projection variables it left unassigned are set false, since
// the blocking clause must name them; the others stay unassigned (satrun
// prints them false: dimacs.WriteCompleteAnswer). An error from s, from
// verification or from emit ends the enumeration and is returned with
// what was found so far.
func Enumerate(ctx context.Context, s Solver, f *dimacs.Formula, opts EnumOptions, emit func(dimacs.Model) error) (*Enumeration, error) {
	if opts.Max != 1 {
		n := len(opts.Project)
		if opts.Project == nil {
			n = f.Vars
		}
		if n > MaxProject {
			return &Enumeration{}, fmt.Errorf("enumeration: %d projection variables exceed the limit %d (each model's blocking clause names them all): name fewer with --project", n, MaxProject)
		}
	}
	proj := opts.Project
	if proj == nil && opts.Max != 1 {
		// A plain solve blocks nothing: no list as long as the header's
		// variable count.
		proj = make([]int, f.Vars)
		for i := range proj {
			proj[i] = i + 1
		}
	}
	top := 0 // the largest projection variable
	for _, v := range proj {
		if v < 1 || v > f.Vars {
			return &Enumeration{}, fmt.Errorf("projection variable %d is not in 1..%d", v, f.Vars)
		}
		top = max(top, v)
	}
	for _, l := range opts.Assume {
		if l == 0 || l > f.Vars || -l > f.Vars {
			return &Enumeration{}, fmt.Errorf("assumption %d is not a literal over 1..%d", l, f.Vars)
		}
	}
	e := &Enumeration{}
	start := time.Now()
	defer func() { e.Wall = time.Since(start) }()

	var next func() (dimacs.Status, dimacs.Model, error)
	var block func(clause []int)
	if _, ok := s.(Gini); ok || isGiniPtr(s) {
		sess := newGiniSession(ctx, f)
		next = func() (dimacs.Status, dimacs.Model, error) {
			st, m := sess.solve(ctx, opts.Assume)
			return st, m, nil
		}
		block = sess.addClause
	} else {
		var g *dimacs.Formula // f plus assumptions and blocking clauses, from the second call on
		next = func() (dimacs.Status, dimacs.Model, error) {
			var r *Result
			var err error
			if g == nil {
				r, err = s.Solve(ctx, f, opts.Assume)
			} else {
				r, err = s.Solve(ctx, g, nil)
			}
			if err != nil {
				return dimacs.Unknown, nil, err
			}
			return r.Status, r.Model, nil
		}
		block = func(clause []int) {
			if g == nil {
				g = withUnits(f, opts.Assume)
			}
			g.AddClause(clause...)
		}
	}

	seen := map[string]int{} // projection of each model -> its number
	key := make([]byte, len(proj))
	for opts.Max == 0 || e.Models < opts.Max {
		st, m, err := next()
		e.Calls++
		if err != nil {
			e.Rest = dimacs.Unknown
			return e, err
		}
		if st != dimacs.Sat {
			e.Rest = st
			return e, nil
		}
		// The model is checked as the solver gave it: a variable it left
		// unassigned satisfies no literal.
		if opts.Verify {
			if err := f.Check(m); err != nil {
				e.Rest = dimacs.Unknown
				return e, fmt.Errorf("%s: %v", s.Name(), err)
			}
			for _, l := range opts.Assume {
				if m.Lit(l) != 1 {
					e.Rest = dimacs.Unknown
					return e, fmt.Errorf("%s: model check: assumption %d not satisfied", s.Name(), l)
				}
			}
		}
		if opts.Max != 1 {
			// The blocking clause names every projection variable: one
			// the solver left unassigned is taken as false, as satrun
			// prints it (dimacs.WriteCompleteAnswer).
			if len(m) <= top {
				m = append(m, make(dimacs.Model, top+1-len(m))...)
			}
			for _, v := range proj {
				if m[v] == 0 {
					m[v] = -1
				}
			}
		}
		var clause []int
		if opts.Max != 1 {
			clause = make([]int, 0, len(proj))
			for i, v := range proj {
				key[i] = byte(m[v])
				if m[v] > 0 {
					clause = append(clause, -v)
				} else {
					clause = append(clause, v)
				}
			}
			if n, ok := seen[string(key)]; ok && opts.Verify {
				e.Rest = dimacs.Unknown
				return e, fmt.Errorf("%s: model check: model %d repeats model %d on the projection", s.Name(), e.Models+1, n)
			}
			seen[string(key)] = e.Models + 1
		}
		e.Models++
		if err := emit(m); err != nil {
			e.Rest = dimacs.Unknown
			return e, err
		}
		if opts.Max == 0 || e.Models < opts.Max {
			block(clause)
		}
	}
	e.Rest = dimacs.Sat
	return e, nil
}

func isGiniPtr(s Solver) bool {
	_, ok := s.(*Gini)
	return ok
}
