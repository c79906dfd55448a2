package solver

import (
	"cmp"
	"context"
	"fmt"
	"time"

	"github.com/pipesat/pipesat/dimacs"
)

// MaxProject is the most projection variables an enumeration (Max other
// than 1) may have: every model adds a blocking clause naming each of them,
// so a header's promise of 2^28 variables would cost gigabytes per model.
// gini spends about 280 bytes on each variable a blocking clause is first
// to name, and more while its tables grow: from the 17-byte "p cnf 4194304
// 0", 2^22 of them and 2^21 ended in an out-of-memory crash under ulimit
// -v 2000000 at the first model; 2^20 take 300 MB.
const MaxProject = 1 << 20

// MaxBlocked is the most literals the blocking clauses of one enumeration
// may hold together: 16 models over MaxProject variables (500 MB in gini;
// 2^25 crashed under ulimit -v 2000000 after 30), 26,843 over a 625-cell
// puzzle's. Memory otherwise grows with every model until the process is
// killed.
const MaxBlocked = 1 << 24

// BlockingError is Enumerate's error when model number Models's blocking
// clause would take the enumeration's blocking clauses over Limit literals
// (EnumOptions.MaxBlocked): the models found so far stand, and more may
// exist.
type BlockingError struct{ Models, Vars, Limit int }

func (e *BlockingError) Error() string {
	return fmt.Sprintf("enumeration: model %d's blocking clause over %d projection variables would pass the limit of %d blocked literals", e.Models, e.Vars, e.Limit)
}

// ProjectionError is Enumerate's error for a projection of more than
// MaxProject variables, before any solver call.
type ProjectionError struct{ Vars int }

func (e *ProjectionError) Error() string {
	return fmt.Sprintf("enumeration: %d projection variables exceed the limit %d (each model's blocking clause names them all)", e.Vars, MaxProject)
}

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
	// MaxBlocked bounds the literals of all blocking clauses together; 0
	// means the MaxBlocked constant.
	MaxBlocked int
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

// UnknownReason returns why an enumeration run under ctx ended with Rest
// Unknown, in the words of satrun's "c UNKNOWN: REASON after N models"
// line: "timeout" when ctx's deadline passed, "interrupted" when it was
// cancelled (a signal), else "the solver answered UNKNOWN".
func UnknownReason(ctx context.Context) string {
	switch ctx.Err() {
	case context.DeadlineExceeded:
		return "timeout"
	case context.Canceled:
		return "interrupted"
	}
	return "the solver answered UNKNOWN"
}

// Enumerate solves f with s under opts.Assume and calls emit with each
// model. When Max is not 1 and s is an *External whose solver enumerates
// on its own under this projection (its Native mode: cryptominisat5
// --maxsol with the projection as "c ind" lines, picosat --all when the
// projection is every variable), one run lists every model. Otherwise
// Enumerate adds after each model a clause that blocks its values on
// opts.Project: with gini the same solver instance is reused; any other
// solver is run again on a fresh CNF with the blocking clauses added, an
// *External with its RestartArgs from the third call on.
// Every model is checked (with Verify) as the solver gave it: a variable
// it left unassigned satisfies no literal. Then, when enumerating (Max !=
// 1), the projection variables it left unassigned are set false, since
// the blocking clause must name them; the others stay unassigned (satrun
// prints them false: dimacs.WriteCompleteAnswer). An error from s, from
// verification or from emit ends the enumeration and is returned with
// what was found so far; so does a *BlockingError, when the blocking
// clauses would pass MaxBlocked literals.
func Enumerate(ctx context.Context, s Solver, f *dimacs.Formula, opts EnumOptions, emit func(dimacs.Model) error) (*Enumeration, error) {
	proj, top, err := enumProjection(f, opts)
	if err != nil {
		return &Enumeration{}, err
	}
	e := &Enumeration{}
	start := time.Now()
	defer func() { e.Wall = time.Since(start) }()
	st := &enumState{name: s.Name(), f: f, opts: opts, proj: proj, top: top,
		seen: map[string]int{}, key: make([]byte, len(proj)), emit: emit, e: e}

	if x, ok := s.(*External); ok && opts.Max != 1 && x.EnumeratesNatively(f.Vars, opts.Project) {
		err := x.enumerate(ctx, f, st)
		if err != nil && e.Rest == dimacs.Sat {
			e.Rest = dimacs.Unknown
		}
		return e, err
	}

	var next func() (dimacs.Status, dimacs.Model, error)
	var block func(clause []int)
	if _, ok := s.(Gini); ok || isGiniPtr(s) {
		next, block = giniCalls(ctx, f, opts)
	} else {
		next, block = restartCalls(ctx, s, f, opts, e)
	}

	blocked, limit := 0, cmp.Or(opts.MaxBlocked, MaxBlocked)
	for opts.Max == 0 || e.Models < opts.Max {
		status, m, err := next()
		e.Calls++
		if err != nil {
			e.Rest = dimacs.Unknown
			return e, err
		}
		if status != dimacs.Sat {
			e.Rest = status
			return e, nil
		}
		clause, err := st.accept(m, true)
		if err != nil {
			e.Rest = dimacs.Unknown
			return e, err
		}
		if opts.Max == 0 || e.Models < opts.Max {
			if blocked += len(clause); blocked > limit {
				e.Rest = dimacs.Unknown
				return e, &BlockingError{Models: e.Models, Vars: len(proj), Limit: limit}
			}
			block(clause)
		}
	}
	e.Rest = dimacs.Sat
	return e, nil
}

// enumProjection checks opts against f and returns the projection
// variables (every variable of f when opts.Project is nil, but for a
// plain solve, which blocks nothing) and the largest of them.
func enumProjection(f *dimacs.Formula, opts EnumOptions) (proj []int, top int, err error) {
	if opts.Max != 1 {
		n := len(opts.Project)
		if opts.Project == nil {
			n = f.Vars
		}
		if n > MaxProject {
			return nil, 0, &ProjectionError{Vars: n}
		}
	}
	proj = opts.Project
	if proj == nil && opts.Max != 1 {
		// A plain solve blocks nothing: no list as long as the header's
		// variable count.
		proj = make([]int, f.Vars)
		for i := range proj {
			proj[i] = i + 1
		}
	}
	for _, v := range proj {
		if v < 1 || v > f.Vars {
			return nil, 0, fmt.Errorf("projection variable %d is not in 1..%d", v, f.Vars)
		}
		top = max(top, v)
	}
	for _, l := range opts.Assume {
		if l == 0 || l > f.Vars || -l > f.Vars {
			return nil, 0, fmt.Errorf("assumption %d is not a literal over 1..%d", l, f.Vars)
		}
	}
	return proj, top, nil
}

// giniCalls returns Enumerate's next call and how to block a model with
// gini: one solver instance, the blocking clauses added to it.
func giniCalls(ctx context.Context, f *dimacs.Formula, opts EnumOptions) (func() (dimacs.Status, dimacs.Model, error), func([]int)) {
	sess := newGiniSession(ctx, f, nil)
	next := func() (dimacs.Status, dimacs.Model, error) {
		st, m := sess.solve(ctx, opts.Assume)
		return st, m, nil
	}
	return next, sess.addClause
}

// restartCalls returns Enumerate's next call and how to block a model
// with any solver but gini: from the second call on, s runs on a fresh
// CNF, f with the assumptions as units and the blocking clauses, its
// phases steered towards the last model; from the third call on, its
// restarted form (see restarted), and s again should that fail.
func restartCalls(ctx context.Context, s Solver, f *dimacs.Formula, opts EnumOptions, e *Enumeration) (func() (dimacs.Status, dimacs.Model, error), func([]int)) {
	var g *dimacs.Formula // f plus assumptions and blocking clauses, from the second call on
	later := restarted(s) // the solver for the third call on
	ph := newPhases(s)
	next := func() (dimacs.Status, dimacs.Model, error) {
		var r *Result
		var err error
		switch {
		case g == nil:
			r, err = s.Solve(ctx, f, opts.Assume)
		case e.Calls >= 2 && later != s:
			ph.steer(g)
			if r, err = later.Solve(ctx, g, nil); err != nil && ctx.Err() == nil {
				later = s
				r, err = s.Solve(ctx, g, nil)
			}
		default:
			ph.steer(g)
			r, err = s.Solve(ctx, g, nil)
		}
		if err != nil {
			return dimacs.Unknown, nil, err
		}
		ph.back(r.Model)
		return r.Status, r.Model, nil
	}
	block := func(clause []int) {
		if g == nil {
			g = withUnits(f, opts.Assume)
		}
		ph.rename(clause)
		g.AddClause(clause...)
	}
	return next, block
}

// enumState is what Enumerate knows between two models.
type enumState struct {
	name string // the solver's, for messages
	f    *dimacs.Formula
	opts EnumOptions
	proj []int // every variable when opts.Project is nil and Max != 1
	top  int   // the largest projection variable
	seen map[string]int
	key  []byte
	emit func(dimacs.Model) error
	e    *Enumeration
}

// accept checks model m as the solver gave it (with opts.Verify), sets the
// projection variables it left unassigned false (when enumerating), checks
// that it differs from every model before it on the projection, counts it
// and passes it to emit. With wantClause it returns the clause that blocks
// m's values on the projection (nil when Max is 1).
func (st *enumState) accept(m dimacs.Model, wantClause bool) ([]int, error) {
	opts := st.opts
	// The model is checked as the solver gave it: a variable it left
	// unassigned satisfies no literal.
	if opts.Verify {
		if err := st.f.Check(m); err != nil {
			return nil, fmt.Errorf("%s: %v", st.name, err)
		}
		for _, l := range opts.Assume {
			if m.Lit(l) != 1 {
				return nil, fmt.Errorf("%s: model check: assumption %d not satisfied", st.name, l)
			}
		}
	}
	var clause []int
	if opts.Max != 1 {
		// The blocking clause names every projection variable: one the
		// solver left unassigned is taken as false, as satrun prints it
		// (dimacs.WriteCompleteAnswer).
		if len(m) <= st.top {
			m = append(m, make(dimacs.Model, st.top+1-len(m))...)
		}
		if wantClause {
			clause = make([]int, 0, len(st.proj))
		}
		for i, v := range st.proj {
			if m[v] == 0 {
				m[v] = -1
			}
			st.key[i] = byte(m[v])
			if !wantClause {
				continue
			}
			if m[v] > 0 {
				clause = append(clause, -v)
			} else {
				clause = append(clause, v)
			}
		}
		if n, ok := st.seen[string(st.key)]; ok && opts.Verify {
			return nil, fmt.Errorf("%s: model check: model %d repeats model %d on the projection", st.name, st.e.Models+1, n)
		}
		st.seen[string(st.key)] = st.e.Models + 1
	}
	st.e.Models++
	if err := st.emit(m); err != nil {
		return nil, err
	}
	return clause, nil
}

// restarted returns the solver for the third and later calls of an
// enumeration that starts s again for each model: s with its RestartArgs
// if it is an *External that has them, else s. The first two calls, a
// plain solve and the question whether there is a second model (--max 2),
// are where solving is the work: they keep s's own Args.
func restarted(s Solver) Solver {
	x, ok := s.(*External)
	if !ok || x.RestartArgs == nil {
		return s
	}
	y := *x
	y.Args = x.RestartArgs
	return &y
}

// phases steers a solver started again for each model of an enumeration
// to start from the last model found. A CDCL solver's first guess for a
// variable is a fixed value (kissat's and cadical's true, minisat's
// false: External.Phase) until phase saving replaces it, so each
// call from the second on gets the formula with the variables renamed
// (dimacs.Formula.Flip: x becomes -x) where the last model's value is not
// that first guess. A puzzle's next picture, if there is one, differs from
// the last in a few cells; started from scratch, kissat found gettys'
// second picture (a 99x59 nonogram of the nonogram survey) in 3.1 s, and
// started from the first one in 0.02 s. The renaming is a bijection: the
// model is mapped back before it is checked and emitted, blocking clauses
// are mapped on the way in, and a proof (Certified) is checked against
// the renamed formula the solver was given. No renaming when the solver's
// first guess is unknown, nor when a proof is kept as LRAT for another
// checker (its clauses would be in the renamed variables).
type phases struct {
	want int8   // the solver's first guess, 1 or -1
	sign []int8 // sign[v] is -1 when the formula the solver gets has v negated; as long as the longest model
	flip []bool
	last dimacs.Model // the last model found, in f's variables
}

// newPhases returns the phases for solver s, or nil (whose methods do
// nothing) when s's first guess is not known. Its memory follows the
// models, not the header's variable count.
func newPhases(s Solver) *phases {
	var want int8
	switch x := s.(type) {
	case *External:
		want = x.Phase
	case *Certified:
		if x.LRAT == "" {
			want = x.X.Phase
		}
	}
	if want == 0 {
		return nil
	}
	return &phases{want: want}
}

// steer renames g's variables so that the solver's first guess for each is
// its value in the last model (a variable the model leaves unassigned
// keeps its naming).
func (p *phases) steer(g *dimacs.Formula) {
	if p == nil || p.last == nil {
		return
	}
	for len(p.sign) < len(p.last) {
		p.sign = append(p.sign, 1)
	}
	if cap(p.flip) < len(p.sign) {
		p.flip = make([]bool, len(p.sign))
	}
	p.flip = p.flip[:len(p.sign)]
	clear(p.flip)
	any := false
	for v := 1; v < len(p.last); v++ {
		if x := p.last[v]; x != 0 && x*p.want != p.sign[v] {
			p.flip[v], p.sign[v], any = true, x*p.want, true
		}
	}
	if any {
		g.Flip(p.flip)
	}
}

// back maps model m, of the formula the solver got, to f's variables, in
// place, and keeps it as the last model.
func (p *phases) back(m dimacs.Model) {
	if p == nil || m == nil {
		return
	}
	for v := 1; v < len(m) && v < len(p.sign); v++ {
		m[v] *= p.sign[v]
	}
	p.last = m
}

// rename maps clause, in f's variables, to those of the formula the solver
// gets, in place.
func (p *phases) rename(clause []int) {
	if p == nil {
		return
	}
	for i, l := range clause {
		if v := max(l, -l); v < len(p.sign) && p.sign[v] < 0 {
			clause[i] = -l
		}
	}
}

func isGiniPtr(s Solver) bool {
	_, ok := s.(*Gini)
	return ok
}
