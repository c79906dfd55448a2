package satrun

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/pipesat/pipesat/solver"
)

// config is what satrun's flags ask solve for, checked.
type config struct {
	Solver solver.Solver
	// Auto says Solver was picked by --solver auto: an enumeration then
	// goes to solver.AutoEnumerator instead.
	Auto    bool
	Timeout time.Duration // 0: none
	Assume  []int
	// Enumerate prints every model up to Max (0: no limit); without it
	// satrun prints one answer.
	Enumerate bool
	Max       int
	// Project is the --project list; "" means the input's
	// "c pipesat primary" header, else every variable.
	Project string
	// Format is the answer's dialect, satrun --format: dimacs.Competition
	// (the default when 0) or dimacs.Minisat; GCNF writes no answer but
	// the formula as group CNF, for MUS tools (--format gcnf).
	Format   dimacs.Dialect
	GCNF     bool
	Relaxed  bool
	NoVerify bool
	Stats    bool // "c" lines about the run on stderr
	// Verbose, if not nil, receives the solver's own messages (-v).
	Verbose io.Writer
	// Explain explains the answer by the formula's groups (see explain).
	Explain bool
	// With Solver a *solver.Certified (solverflag.Solver.Choose makes one
	// for --certify) every UNSAT answer's proof is checked and the output
	// says "c proof verified".
}

// solve reads a CNF from in (named name in messages; compressed is fine),
// solves it as cfg says and writes the answer to stdout. It returns the
// exit status: 10 SAT (with enumeration: at least one model), 20 UNSAT, 0
// UNKNOWN (timeout or ctx ended). An error (bad input, failed solver,
// wrong model, write error) means exit status 1; a *usage.Error, a flag
// value that does not fit the input (a --project variable above the
// formula's count), 2.
//
// When ctx ends or the timeout passes during an enumeration, the models
// found so far are printed, followed by "c UNKNOWN ..." saying whether
// more exist is unknown, and no "c solutions" line (which would claim the
// count is complete). When the solver fails during an enumeration, the
// verified models are printed, then "c ERROR: <reason> after N models;
// more may exist", and solve returns the error.
func solve(ctx context.Context, cfg config, in io.Reader, name string, stdout, stderr io.Writer) (int, error) {
	start := time.Now()
	sigCtx := ctx // without the timeout: see solveFile
	if cfg.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cfg.Timeout)
		defer cancel()
	}
	if cfg.Format == 0 {
		cfg.Format = dimacs.Competition
	}
	if err := cfg.checkFormat(); err != nil {
		return 0, err
	}
	code, in, err := cfg.solveFile(ctx, sigCtx, in, name, stdout, stderr, start)
	if in == nil {
		return code, err
	}
	f, s, started, err := cfg.read(ctx, in, name, stderr)
	if started != nil {
		defer started.Close()
	}
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			// Timeout or interrupt while reading (or decompressing): no
			// answer, as when it comes while solving.
			if cfg.Format == dimacs.Minisat {
				return 0, dimacs.WriteMinisatAnswer(stdout, dimacs.Unknown, nil)
			}
			return 0, dimacs.WriteAnswer(stdout, dimacs.Unknown, nil)
		}
		return 0, err
	}
	parsed := time.Since(start)
	warnDropped(stderr, name, f.DroppedComments())
	if err := cfg.checkInput(f, name); err != nil {
		return 0, err
	}
	if cfg.GCNF {
		return 0, writeGCNF(stdout, f)
	}
	proj, err := cfg.projection(f, name)
	if err != nil {
		return 0, err
	}
	if cfg.enumerating() {
		s = cfg.enumerator(s, f, proj, stderr)
	}
	w := bufio.NewWriterSize(stdout, 64<<10)
	cfg.forward(w, f)
	if cfg.Explain && len(f.Groups()) > 0 {
		return explain(ctx, cfg, f, proj, w, stderr)
	}
	if cfg.Explain {
		// No clues to explain by (a presolved nonogram, a CNF of
		// another tool's): the answer alone, as without --explain.
		fmt.Fprintf(w, "c nothing to explain: %s %s\n", name, noGroups)
	}
	e, code, err := cfg.answer(ctx, s, f, proj, w)
	if err != nil {
		return 0, err
	}
	if cfg.Stats {
		writeStats(stderr, cfg, s, f.Vars, f.NumClauses(), e, parsed, time.Since(start))
	}
	return code, nil
}

// warnDropped says that the output lacks n header lines of input name,
// if n > 0: Read keeps the header lines within a bound, so that memory
// follows the clauses.
func warnDropped(stderr io.Writer, name string, n int) {
	if n > 0 {
		fmt.Fprintf(stderr, "satrun: warning: %s: %d header comment lines (c pipesat, c varname) past the first %d MiB of them were dropped: the output does not forward them\n", name, n, dimacs.DefaultMaxComments>>20)
	}
}

// checkFormat refuses minisat's one-model result file for an
// enumeration.
func (cfg config) checkFormat() error {
	if cfg.Format == dimacs.Minisat && cfg.Enumerate {
		return usage.Errorf("--format minisat has room for one model: not with --all or --max")
	}
	return nil
}

// enumerating says whether satrun lists models rather than printing one
// answer: --all, or --max above 1.
func (cfg config) enumerating() bool {
	return cfg.Enumerate && cfg.Max != 1
}

// read reads the formula from in and returns it with the solver to
// solve it. An enumeration reads first and then picks how to enumerate;
// a plain solve may start the solver at once: an external solver that
// reads standard input then parses while satrun does (see
// solver.ReadStarted), and read returns it as started too, for solve to
// close.
func (cfg config) read(ctx context.Context, in io.Reader, name string, stderr io.Writer) (*dimacs.Formula, solver.Solver, io.Closer, error) {
	s := cfg.Solver
	if cfg.Verbose != nil {
		solver.Verbose(s, cfg.Verbose)
	}
	if c, ok := s.(*solver.Certified); ok && cfg.Stats && c.Progress == nil {
		c.Progress = stderr // a line at least every 10 s: solving, checking
	}
	opts := dimacs.Options{Relaxed: cfg.Relaxed, Context: ctx}
	if len(cfg.Assume) == 0 && !cfg.enumerating() && !cfg.Explain && !cfg.GCNF {
		f, s, err := solver.ReadStarted(ctx, cfg.Solver, in, name, opts)
		c, _ := s.(io.Closer)
		return f, s, c, err
	}
	f, err := dimacs.Read(in, name, opts)
	return f, s, nil, err
}

// checkInput checks the flags that depend on the formula: --assume's
// variables exist, and --format gcnf has group lines to work with.
func (cfg config) checkInput(f *dimacs.Formula, name string) error {
	for _, l := range cfg.Assume {
		if l > f.Vars || -l > f.Vars {
			return usage.Errorf("--assume %d: the formula has %d variables", l, f.Vars)
		}
	}
	if cfg.GCNF && len(f.Groups()) == 0 {
		return usage.Errorf("--format gcnf: %s %s", name, noGroups)
	}
	return nil
}

// noGroups says why a formula without group lines has no clues to
// explain by or to write as group CNF.
const noGroups = "has no group lines (\"c pipesat group ID NAME\", which the pipesat encoders write, nono2cnf with --presolve=false): nothing tells which clauses make a clue"

// projection returns the variables models are told apart by: --project's,
// else for an enumeration (and --explain's uniqueness) the input's
// "c pipesat primary" header; nil means every variable. A plain solve
// ignores the header.
func (cfg config) projection(f *dimacs.Formula, name string) ([]int, error) {
	if cfg.Project != "" {
		return cfg.projectVars(f.Vars)
	}
	if cfg.Enumerate || cfg.Explain {
		proj, err := solver.Primary(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return proj, nil
	}
	return nil, nil
}

// projectVars returns --project's variables of a formula of vars
// variables (see projection).
func (cfg config) projectVars(vars int) ([]int, error) {
	rs, err := dimacs.ParseRanges(cfg.Project, vars)
	if err != nil {
		return nil, usage.Errorf("--project: %v", err)
	}
	if (!cfg.enumerating() && !cfg.Explain) || (len(rs) == 1 && rs[0] == [2]int{1, vars}) {
		// A plain solve blocks nothing, and every variable is no
		// projection: no list as long as the header's count.
		return nil, nil
	}
	return solver.Vars(rs)
}

// enumerator returns the solver that lists f's models: with --solver
// auto one that lists them in one run; a solver that must be started
// again for each model is kept, with a note on stderr of what that costs
// when more than two models are asked for.
func (cfg config) enumerator(s solver.Solver, f *dimacs.Formula, proj []int, stderr io.Writer) solver.Solver {
	many := cfg.Max == 0 || cfg.Max > 2
	if cfg.Auto {
		s = solver.AutoEnumerator(f.Vars, proj)
		if cfg.Verbose != nil {
			solver.Verbose(s, cfg.Verbose)
		}
	} else if x, ok := s.(*solver.External); ok && !x.EnumeratesNatively(f.Vars, proj) && many {
		fmt.Fprintf(stderr, "satrun: note: %s\n", restartNote(x, f.Vars, proj))
	} else if c, ok := s.(*solver.Certified); ok && many {
		fmt.Fprintf(stderr, "satrun: note: --certify: %s is started again for each model, with one more clause each time (the cost grows with the square of the count), so that its last answer, no more models, comes with a proof\n", c.Name())
	}
	return s
}

// forward writes the encoder's "c pipesat" and "c varname" lines, and the
// group lines, to w, for the decoders after satrun: they show the
// groups' names (cnf2grid draws a conflict's clues from them). Minisat's
// result file has no comment lines.
func (cfg config) forward(w *bufio.Writer, f *dimacs.Formula) {
	if cfg.Format == dimacs.Minisat {
		return
	}
	f.WriteForwarded(w)
}

// answer solves f with s (or lists its models over proj), writes the
// answer to w and flushes it, and returns the enumeration and the exit
// status. When the solver fails, the verified models are written before
// the error, so that nothing found is lost.
func (cfg config) answer(ctx context.Context, s solver.Solver, f *dimacs.Formula, proj []int, w *bufio.Writer) (*solver.Enumeration, int, error) {
	opts := solver.EnumOptions{Assume: cfg.Assume, Project: proj, Max: 1, Verify: !cfg.NoVerify}
	if cfg.Enumerate {
		opts.Max = cfg.Max
	}
	var werr error
	emit := func(m dimacs.Model) error {
		if !cfg.Enumerate {
			return nil // printed below with the status
		}
		werr = dimacs.WriteCompleteAnswer(w, dimacs.Sat, m, f.Vars)
		return werr
	}
	var last dimacs.Model
	if !cfg.Enumerate {
		emit = func(m dimacs.Model) error { last = m; return nil }
	}
	e, serr := solver.Enumerate(ctx, s, f, opts, emit)
	if serr != nil && serr != werr {
		// Say in the output itself that the enumeration is incomplete:
		// a decoder must not take the models for all there are. The
		// exit status is 1 all the same.
		if cfg.Enumerate && e.Calls > 0 {
			fmt.Fprintf(w, "c ERROR: %s after %d models; more may exist\n", oneLine(words(serr).Error()), e.Models)
		}
		w.Flush()
		return nil, 0, serr
	}
	switch {
	case werr != nil:
	case cfg.Enumerate:
		werr = writeEnumerationEnd(ctx, w, s, e)
	case cfg.Format == dimacs.Minisat:
		werr = dimacs.WriteCompleteMinisatAnswer(w, e.Status(), last, f.Vars)
	default:
		werr = dimacs.WriteCompleteAnswer(w, e.Status(), last, f.Vars)
		if werr == nil && e.Status() == dimacs.Unsat && proven(s) {
			werr = proofVerified(w)
		}
	}
	if werr == nil {
		werr = w.Flush()
	}
	if werr != nil {
		return nil, 0, fmt.Errorf("writing the answer: %v", werr)
	}
	return e, int(e.Status()), nil
}

// writeEnumerationEnd writes what follows the models of an enumeration:
// the answer when there were none, whether more may exist (unknown, or
// the limit reached), "c proof verified", and "c solutions N" only when
// the count is complete or at the limit.
func writeEnumerationEnd(ctx context.Context, w io.Writer, s solver.Solver, e *solver.Enumeration) error {
	var err error
	switch {
	case e.Models == 0:
		err = dimacs.WriteAnswer(w, e.Rest, nil)
	case e.Rest == dimacs.Unknown:
		_, err = fmt.Fprintf(w, "c UNKNOWN: %s after %d models; more may exist\n", solver.UnknownReason(ctx), e.Models)
	}
	if err == nil && e.Rest == dimacs.Sat {
		// Stopped at --max: say so, or "c solutions 1" after --max 1
		// would read as "unique".
		_, err = fmt.Fprintf(w, "c limit %d reached; more models may exist\n", e.Models)
	}
	if err == nil && e.Rest == dimacs.Unsat && proven(s) {
		err = proofVerified(w)
	}
	if err == nil && e.Rest != dimacs.Unknown {
		_, err = fmt.Fprintf(w, "c solutions %d\n", e.Models)
	}
	return err
}

// writeStats writes --stats' lines to stderr: the solver, the formula's
// size, the times (read, solve, total), the answer, the models and the
// proof checks.
func writeStats(stderr io.Writer, cfg config, s solver.Solver, vars, clauses int, e *solver.Enumeration, parsed, total time.Duration) {
	fmt.Fprintf(stderr, "c solver %s\n", s.Name())
	fmt.Fprintf(stderr, "c variables %d clauses %d\n", vars, clauses)
	fmt.Fprintf(stderr, "c time read %.3fs solve %.3fs (%d calls) total %.3fs\n",
		parsed.Seconds(), e.Wall.Seconds(), e.Calls, total.Seconds())
	fmt.Fprintf(stderr, "c answer %v\n", e.Status())
	if cfg.Enumerate {
		fmt.Fprintf(stderr, "c models %d (complete: %v)\n", e.Models, e.Rest == dimacs.Unsat)
	}
	if c, ok := s.(*solver.Certified); ok {
		fmt.Fprintln(stderr, proofStats(c))
	}
}

// proofStats returns the --stats line of c's proof checks: how many
// finished, their time and what the last one saw; and the time of a check
// the timeout or a signal stopped, which proved nothing ("proofs checked 0
// in 8.5s (last: 0 steps ...)" read as if a check had run and found an
// empty proof). satbench reads the time after "in".
func proofStats(c *solver.Certified) string {
	s := "c proofs checked 0"
	if c.Proven > 0 {
		s = fmt.Sprintf("c proofs checked %d in %.3fs (last: %d steps, %d lemmas, %d RAT, %d deletions, %d unit deletions ignored)",
			c.Proven, c.Check.Seconds(), c.Last.Steps, c.Last.Lemmas, c.Last.RAT, c.Last.Deletions, c.Last.IgnoredUnits)
	}
	if c.Stopped > 0 {
		s += fmt.Sprintf("; a check stopped unfinished after %.3fs", c.Stopped.Seconds())
	}
	return s
}

// proven reports whether s checked the proof of its last UNSAT answer: it
// is a *solver.Certified, which returns an error for an UNSAT answer whose
// proof fails, and it has checked one.
func proven(s solver.Solver) bool {
	c, ok := s.(*solver.Certified)
	return ok && c.Proven > 0
}

// proofVerified writes the line that says the final UNSAT answer was
// proven; decoders read it (dimacs.Output.Proven).
func proofVerified(w io.Writer) error {
	_, err := io.WriteString(w, "c proof verified\n")
	return err
}

// restartNote says that x, which cannot enumerate on its own here, is
// restarted for each model, and names the solvers that can.
func restartNote(x *solver.External, vars int, proj []int) string {
	why := ""
	if x.Native != nil {
		why = fmt.Sprintf("%s lists models itself only over every variable, not over %d of %d: ", x.Name(), len(proj), vars)
	}
	projected := proj != nil && len(proj) < vars
	alt := andList(solver.Enumerators(projected)) + " list them"
	if projected {
		alt += " under a projection"
	}
	return fmt.Sprintf("%s%s is started again for each model, with one more clause each time (the cost grows with the square of the count); %s in one run", why, x.Name(), alt)
}

// andList joins names as "a, b and c".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// oneLine returns s with line breaks turned into blanks, for a comment line.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}
