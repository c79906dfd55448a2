package solver

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pipesat/pipesat/dimacs"
)

// Dialects of External.Dialect.
const (
	// Competition solvers print "s" and "v" lines on stdout.
	Competition = "competition"
	// Minisat solvers are called "prog in.cnf result.txt" and write the
	// model only to the result file ("SAT\n1 -2 0").
	Minisat = "minisat"
)

// External is a solver program run once per Solve call on a freshly
// written canonical CNF file, in its own process group.
// Its fields must not change while Solve runs.
type External struct {
	// Label is the name Name returns; the program's base name if empty.
	Label string
	// Path is the program to run.
	Path string
	// Args are its arguments. "{cnf}" is replaced by the path of the CNF
	// file and "{out}" by the path of the result file (minisat dialect).
	// Without "{cnf}", the CNF is the solver's standard input (competition
	// dialect) or the next-to-last argument (minisat dialect); without
	// "{out}", the minisat dialect appends the result file's path.
	Args []string
	// Dialect is Competition (the default when empty) or Minisat.
	Dialect string
	// ExitCodes are exit statuses that mean a normal end besides 0, 10
	// and 20 (cryptominisat5 exits 15 for INDETERMINATE).
	ExitCodes []int
	// Grace is how long the solver has between SIGTERM and SIGKILL when
	// ctx ends; DefaultGrace if zero.
	Grace time.Duration
	// KeepOutput keeps the solver's stdout in Result.Output.
	KeepOutput bool
	// TempDir is where the CNF and result files go; os.TempDir() if empty.
	TempDir string
	// Stdin says the program reads the CNF from standard input when its
	// "{cnf}" argument is left out (competition dialect only), so that
	// ReadStarted can feed it while the input is still being read.
	Stdin bool

	started func(pid int) // for tests: called with the solver's pid
}

// Name returns e.Label, or the base name of e.Path.
func (e *External) Name() string {
	if e.Label != "" {
		return e.Label
	}
	p := e.Path
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		p = p[i+1:]
	}
	return p
}

// Solve writes f (plus one unit clause per assumption) to a temporary file,
// runs the solver on it and reads its answer. It returns Unknown with no
// error when ctx ends first: the solver's process group gets SIGTERM, then
// SIGKILL after e.Grace. A solver killed by a signal it was not sent, an
// unexpected exit status, no answer, or a malformed answer is an error.
func (e *External) Solve(ctx context.Context, f *dimacs.Formula, assume []int) (*Result, error) {
	start := time.Now()
	if err := ctx.Err(); err != nil {
		return &Result{Status: dimacs.Unknown, ExitCode: -1}, nil
	}
	g := f
	if len(assume) > 0 {
		g = withUnits(f, assume)
	}
	cnf, err := writeTemp(e.TempDir, "pipesat-*.cnf", g)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", e.Name(), err)
	}
	defer os.Remove(cnf)
	var out string
	if e.Dialect == Minisat {
		o, err := os.CreateTemp(e.TempDir, "pipesat-*.result")
		if err != nil {
			return nil, fmt.Errorf("%s: %v", e.Name(), err)
		}
		out = o.Name()
		o.Close()
		defer os.Remove(out)
	}
	args, useStdin := e.args(cnf, out)
	var stdin *os.File
	if useStdin {
		stdin, err = os.Open(cnf)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", e.Name(), err)
		}
		defer stdin.Close()
	}
	p, err := startChild(e.Path, args, stdin)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", e.Name(), err)
	}
	return e.collect(ctx, start, p, out, func() int { return f.Vars })
}

// collect reads the answer of the started solver p, ending its process
// group if ctx ends first, and checks it as Solve describes. out is the
// minisat dialect's result file. vars returns the formula's variable count;
// it is called only after the solver's output has ended.
func (e *External) collect(ctx context.Context, start time.Time, p *process, out string, vars func() int) (*Result, error) {
	if e.started != nil {
		e.started(p.cmd.Process.Pid)
	}
	grace := e.Grace
	if grace <= 0 {
		grace = DefaultGrace
	}
	watched := make(chan struct{})
	go func() {
		p.watch(ctx, grace)
		// An escaped grandchild could keep the pipes open for ever.
		p.stdout.SetReadDeadline(time.Now().Add(grace))
		p.stderrR.SetReadDeadline(time.Now().Add(grace))
		close(watched)
	}()
	var r io.Reader = p.stdout
	var kept *strings.Builder
	if e.KeepOutput {
		kept = new(strings.Builder)
		r = io.TeeReader(r, kept)
	}
	o, rerr := dimacs.ReadOutput(r, e.Name()+" output")
	io.Copy(io.Discard, r) // drain to EOF, so the solver never dies of SIGPIPE
	<-watched
	p.stdout.Close()
	<-p.errDone

	res := &Result{Status: dimacs.Unknown, Wall: time.Since(start), ExitCode: p.exitCode}
	if kept != nil {
		res.Output = []byte(kept.String())
	}
	if p.killed {
		return res, nil
	}
	if sig, ok := signalOf(p.cmd.ProcessState); ok {
		return nil, fmt.Errorf("%s: killed by signal %d (%v)%s", e.Name(), int(sig), sig, p.stderrTail())
	}
	code := p.exitCode
	if code != 0 && code != 10 && code != 20 && !slices.Contains(e.ExitCodes, code) {
		return nil, fmt.Errorf("%s: exit status %d%s", e.Name(), code, p.stderrTail())
	}
	if rerr != nil {
		return nil, fmt.Errorf("%s: %v", e.Name(), rerr)
	}
	if e.Dialect == Minisat {
		rf, err := os.Open(out)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", e.Name(), err)
		}
		o, rerr = dimacs.ReadOutput(rf, e.Name()+" result file")
		rf.Close()
		if rerr != nil {
			return nil, fmt.Errorf("%s: %v", e.Name(), rerr)
		}
	}
	if len(o.Answers) == 0 {
		return nil, fmt.Errorf("%s: printed no answer (exit status %d)%s", e.Name(), code, p.stderrTail())
	}
	a := o.Answers[0]
	if e.Dialect == Minisat && a.Status == dimacs.Sat && a.Model == nil {
		// minisat writes "SAT\n 0" for a formula without clauses: no
		// variable is assigned. A wrong model is caught by the check.
		a.Model = dimacs.Model{}
	}
	switch {
	case code == 10 && a.Status != dimacs.Sat, code == 20 && a.Status != dimacs.Unsat:
		return nil, fmt.Errorf("%s: exit status %d but the answer is %v", e.Name(), code, a.Status)
	case a.Status == dimacs.Sat && a.Model == nil:
		return nil, fmt.Errorf("%s: answered SATISFIABLE without a model", e.Name())
	case a.Status == dimacs.Sat && a.Model.Vars() > vars():
		return nil, fmt.Errorf("%s: model has variable %d, the formula only %d", e.Name(), a.Model.Vars(), vars())
	}
	res.Status = a.Status
	res.Model = a.Model
	return res, nil
}

// args returns the arguments with {cnf} and {out} replaced, and whether the
// CNF goes to standard input.
func (e *External) args(cnf, out string) ([]string, bool) {
	var args []string
	hasCNF, hasOut := false, false
	for _, a := range e.Args {
		if strings.Contains(a, "{cnf}") {
			hasCNF = true
			a = strings.ReplaceAll(a, "{cnf}", cnf)
		}
		if strings.Contains(a, "{out}") {
			hasOut = true
			a = strings.ReplaceAll(a, "{out}", out)
		}
		args = append(args, a)
	}
	if e.Dialect == Minisat {
		if !hasCNF {
			args = append(args, cnf)
			hasCNF = true
		}
		if !hasOut {
			args = append(args, out)
		}
	}
	return args, !hasCNF
}

func (p *process) stderrTail() string {
	if l := p.stderr.lastLine(); l != "" {
		return ": " + strconv.Quote(l)
	}
	return ""
}

// withUnits returns a copy of f with one unit clause per literal of units.
func withUnits(f *dimacs.Formula, units []int) *dimacs.Formula {
	g := clone(f)
	for _, l := range units {
		g.AddClause(l)
	}
	return g
}

// clone returns a copy of f's variables and clauses (comments and names are
// not needed by a solver).
func clone(f *dimacs.Formula) *dimacs.Formula {
	g := &dimacs.Formula{Vars: f.Vars}
	n := f.NumClauses()
	for i := 0; i < n; i++ {
		for _, l := range f.Clause(i) {
			g.Add(int(l))
		}
		g.Add(0)
	}
	return g
}

// writeTemp writes f as canonical DIMACS to a new file in dir and returns
// its name.
func writeTemp(dir, pattern string, f *dimacs.Formula) (string, error) {
	t, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return "", err
	}
	_, err = f.WriteTo(t)
	if cerr := t.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(t.Name())
		return "", err
	}
	return t.Name(), nil
}
