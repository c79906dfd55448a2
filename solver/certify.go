package solver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/drat"
	"github.com/pipesat/pipesat/internal/outfile"
	"github.com/pipesat/pipesat/internal/tempfile"
)

// proofNames returns the names of ProofSolvers, "kissat, cadical, picosat".
func proofNames() string {
	var ns []string
	for _, p := range ProofSolvers() {
		ns = append(ns, p.Name)
	}
	return strings.Join(ns, ", ")
}

// NoProofError is Certify's error when it cannot make a solver prove its
// UNSAT answers.
type NoProofError struct {
	// Solver is the solver's name; "" when Certify was to pick one and
	// none of ProofSolvers is installed.
	Solver string
	// Unasked says Solver is an External that Certify does not know how
	// to ask for a proof: neither one of ProofSolvers nor a command line
	// with "{proof}". Otherwise it writes none (gini).
	Unasked bool
}

func (e *NoProofError) Error() string {
	switch {
	case e.Solver == "":
		return "no proof-writing solver is installed (" + proofNames() + ")"
	case e.Unasked:
		return e.Solver + " writes no proofs Certify can ask for; use " + proofNames() + ", or arguments with {proof}"
	}
	return e.Solver + " writes no proofs; use " + proofNames()
}

// LRATError is Certified's failure to write a checked proof to the LRAT
// file Certified.LRAT names.
type LRATError struct {
	Path string
	Err  error
}

func (e *LRATError) Error() string { return "LRAT file " + e.Path + ": " + e.Err.Error() }

// Unwrap returns the failure itself.
func (e *LRATError) Unwrap() error { return e.Err }

// ErrLRATStdout is the Err of the LRATError of an LRAT file "-": standard
// output, which carries the answer.
var ErrLRATStdout = errors.New("standard output carries the answer: name a file")

// Certified is a solver whose UNSAT answers are proven: each Solve asks
// the solver for a proof in a temporary file and checks it with package
// drat against the formula of that call (f plus the assumptions as unit
// clauses), so in an enumeration the last UNSAT answer is checked against
// the formula plus every blocking clause, exactly what the solver was
// given. An UNSAT answer whose proof fails is an error. The proof file is
// removed when Solve returns, also when ctx ends (satrun cancels ctx on
// SIGINT, SIGTERM and SIGHUP). Not safe for concurrent use.
type Certified struct {
	// X runs the solver; its Args must hold "{proof}".
	X      *External
	Format drat.Format
	// Proven counts the UNSAT answers proven, Check their check's time.
	Proven int
	Check  time.Duration
	// Stopped is the time of a check that ctx ended before it finished
	// (a timeout): not in Check, which is the time of finished checks.
	Stopped time.Duration
	// Last is what the last successful proof check saw.
	Last drat.Result
	// LRAT, if not "", names a file that receives each checked proof in
	// LRAT (the last one stays), so that another checker (lrat-check,
	// cake_lpr, lrat-trim) can check it again against the formula: the
	// CNF's clauses are its IDs 1, 2, ..., then the assumptions and
	// blocking clauses of the call as units and clauses. The proof goes
	// to a temporary file first and then to LRAT as outfile.Write writes
	// -o files (as ">" would: never half-written, links followed, a
	// device or FIFO written in place, the mode ">" gives); "-" (stdout,
	// which carries the answer) is an error.
	LRAT string
	// Input, if not nil, is the formula whose clauses the LRAT file
	// numbers when a call's formula holds only some of them (satrun
	// --explain proves a subset of its input's clauses): each clause of
	// the call takes the ID in Input of the first clause with the same
	// literals after the one the clause before took; those found nowhere
	// (assumptions, blocking clauses) follow Input's. The file first
	// deletes Input's other clauses (see drat.Checker.LRATIDs), so it
	// checks against Input, plus those clauses after it.
	Input *dimacs.Formula
	// Progress, if not nil, receives a "c progress ..." line at least
	// every ProgressEvery (0: 10 s) while Solve runs: solving or
	// checking, the proof's steps and lemmas read and checked, the time
	// since Solve started. Written from another goroutine: give a writer
	// nothing else writes to during Solve (stderr).
	Progress      io.Writer
	ProgressEvery time.Duration
	// ticker makes the progress ticker (tests replace it).
	ticker func(time.Duration) (<-chan time.Time, func())
	// checking is the checker at work, for the progress lines.
	checking atomic.Pointer[drat.Checker]
}

// Certify returns s as a Certified solver, or a *NoProofError when s
// cannot prove: gini, an External of a solver without proofs, a Command
// without "{proof}". auto says s was picked as Lookup("auto") picks: then
// the first installed of ProofSolvers is used instead.
func Certify(s Solver, auto bool) (*Certified, error) {
	if auto {
		for _, p := range ProofSolvers() {
			if x, err := Lookup(p.Name); err == nil {
				return certified(x.(*External), p.ProofArgs, p.ProofFormat), nil
			}
		}
		return nil, &NoProofError{}
	}
	x, ok := s.(*External)
	if !ok {
		return nil, &NoProofError{Solver: s.Name()}
	}
	if slices.ContainsFunc(x.Args, func(a string) bool { return strings.Contains(a, "{proof}") }) {
		return &Certified{X: x, Format: drat.Auto}, nil
	}
	for _, p := range ProofSolvers() {
		if x.Label == p.Name {
			return certified(x, p.ProofArgs, p.ProofFormat), nil
		}
	}
	return nil, &NoProofError{Solver: x.Name(), Unasked: true}
}

func certified(x *External, args []string, f drat.Format) *Certified {
	y := *x
	y.Args = args
	y.Stdin = false // the proof goes after a named CNF file
	y.Native = nil  // a native enumeration's last UNSAT has no proof
	return &Certified{X: &y, Format: f}
}

// Name returns the solver's name.
func (c *Certified) Name() string { return c.X.Name() }

// Solve runs the solver as External.Solve does, with a proof file, and
// checks the proof of an UNSAT answer; see Certified. When ctx ends during
// the check the answer is Unknown.
func (c *Certified) Solve(ctx context.Context, f *dimacs.Formula, assume []int) (*Result, error) {
	pf, err := tempfile.Create(c.X.TempDir, "pipesat-*.drat")
	if err != nil {
		return nil, fmt.Errorf("%s: %v", c.Name(), err)
	}
	proof := pf.Name()
	pf.Close()
	defer os.Remove(proof)
	if c.Progress != nil {
		stop := c.report(time.Now())
		defer stop()
	}
	x := *c.X
	x.Args = nil
	for _, a := range c.X.Args {
		x.Args = append(x.Args, strings.ReplaceAll(a, "{proof}", proof))
	}
	r, err := x.Solve(ctx, f, assume)
	if err != nil || r.Status != dimacs.Unsat {
		return r, err
	}
	g := f
	if len(assume) > 0 {
		g = withUnits(f, assume)
	}
	pf, err = os.Open(proof)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", c.Name(), err)
	}
	defer pf.Close()
	start := time.Now()
	chk := drat.FromFormula(g)
	var lrat *os.File
	if c.LRAT != "" {
		if c.LRAT == "-" {
			return nil, &LRATError{Path: c.LRAT, Err: ErrLRATStdout}
		}
		if lrat, err = tempfile.Create("", "pipesat-*.lrat"); err != nil {
			return nil, &LRATError{Path: c.LRAT, Err: err}
		}
		defer os.Remove(lrat.Name())
		defer lrat.Close()
		chk.LRAT = lrat
		if c.Input != nil {
			chk.LRATIDs = inputIDs(c.Input, g)
		}
	}
	c.checking.Store(chk)
	res, err := chk.Check(ctx, pf, c.Name()+" proof", c.Format)
	c.checking.Store(nil)
	d := time.Since(start)
	if err == nil && lrat != nil {
		// Rewound, the file is its own io.WriterTo (copy_file_range or
		// sendfile on Linux).
		if _, err = lrat.Seek(0, io.SeekStart); err == nil {
			err = outfile.Write(c.LRAT, lrat, nil)
		}
		if err != nil {
			return nil, &LRATError{Path: c.LRAT, Err: err}
		}
	}
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			c.Stopped += d
			return &Result{Status: dimacs.Unknown, Wall: r.Wall, ExitCode: r.ExitCode}, nil
		}
		c.Check += d
		return nil, fmt.Errorf("%s: UNSAT answer not proven: %w", c.Name(), err)
	}
	c.Check += d
	c.Proven++
	c.Last = res
	return r, nil
}

// inputIDs returns the IDs in in of the clauses of g, as Certified.Input
// says: matched in order, the rest after in's.
func inputIDs(in, g *dimacs.Formula) []int64 {
	ids := make([]int64, g.NumClauses())
	n, next, extra := in.NumClauses(), 0, int64(in.NumClauses())
	for i := range ids {
		cl := g.Clause(i)
		k := next
		for k < n && !slices.Equal(in.Clause(k), cl) {
			k++
		}
		if k < n {
			ids[i], next = int64(k+1), k+1
		} else {
			extra++
			ids[i] = extra
		}
	}
	return ids
}

// report writes a progress line to c.Progress at every tick until the
// returned stop is called.
func (c *Certified) report(start time.Time) (stop func()) {
	every := c.ProgressEvery
	if every <= 0 {
		every = 10 * time.Second
	}
	newTicker := c.ticker
	if newTicker == nil {
		newTicker = func(d time.Duration) (<-chan time.Time, func()) {
			t := time.NewTicker(d)
			return t.C, t.Stop
		}
	}
	tick, stopTick := newTicker(every)
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		for {
			select {
			case <-done:
				return
			case now := <-tick:
				fmt.Fprintln(c.Progress, progressLine(c.Name(), c.checking.Load(), now.Sub(start)))
			}
		}
	}()
	return func() {
		stopTick()
		close(done)
		<-finished
	}
}

// progressLine says what Solve is doing: the solver at work, or the
// proof check with its counts (chk is nil while the solver runs).
func progressLine(name string, chk *drat.Checker, elapsed time.Duration) string {
	el := elapsed.Round(time.Second)
	if chk == nil {
		return fmt.Sprintf("c progress: %s solving, %v", name, el)
	}
	p := chk.Progress()
	if p.Phase == "reading" {
		return fmt.Sprintf("c progress: checking the proof: reading, %d steps, %d lemmas, %v", p.Steps, p.Lemmas, el)
	}
	return fmt.Sprintf("c progress: checking the proof: %d of %d lemmas checked, %d steps to go back, %v", p.Checked, p.Lemmas, p.Left, el)
}
