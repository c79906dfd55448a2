package difftest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/solver"
)

// Solver is an external solver program the harness runs raw and through
// satrun.
type Solver struct {
	// Name labels the solver in messages and file names.
	Name string
	// Path, Args, Dialect and ExitCodes say how to call it raw, as in
	// solver.External: "{cnf}" in Args is the CNF file and "{out}" the
	// result file of the minisat dialect.
	Path      string
	Args      []string
	Dialect   dimacs.Dialect
	ExitCodes []int
	// Satrun are the satrun arguments that select it: "--solver NAME", or
	// "--solver-cmd CMD" for a program satrun does not know.
	Satrun []string
}

// Installed returns the solvers of solver.KnownSolvers found on PATH, called
// raw the way satrun calls them.
func Installed() []Solver {
	var out []Solver
	for _, k := range solver.KnownSolvers {
		p, err := exec.LookPath(k.Name)
		if err != nil {
			continue
		}
		out = append(out, FromKnown(k, p))
	}
	return out
}

// FromKnown returns the Solver for k installed at path.
func FromKnown(k solver.Known, path string) Solver {
	d := k.Dialect
	if d == 0 {
		d = dimacs.Competition
	}
	return Solver{Name: k.Name, Path: path, Args: k.Args, Dialect: d, ExitCodes: k.ExitCodes,
		Satrun: []string{"--solver", k.Name}}
}

// outcome is one engine's answer on one formula.
type outcome struct {
	status dimacs.Status
	model  dimacs.Model
	err    error // the run failed: crash, bad exit status, garbage
}

// engine solves a CNF file once.
type engine interface {
	name() string
	solve(ctx context.Context, dir, cnf string) outcome
}

// giniRaw is the embedded gini called in-process on the file as
// dimacs.Read reads it, without satrun.
type giniRaw struct{}

func (giniRaw) name() string { return "gini/raw" }

func (giniRaw) solve(ctx context.Context, dir, cnf string) outcome {
	fh, err := os.Open(cnf)
	if err != nil {
		return outcome{err: err}
	}
	defer fh.Close()
	f, err := dimacs.Read(fh, cnf, dimacs.Options{})
	if err != nil {
		return outcome{err: err}
	}
	r, err := solver.Gini{}.Solve(ctx, f, nil)
	if err != nil {
		return outcome{err: err}
	}
	return outcome{status: r.Status, model: r.Model}
}

// raw is an external solver called directly on the file.
type raw struct{ s Solver }

func (e raw) name() string { return e.s.Name + "/raw" }

func (e raw) solve(ctx context.Context, dir, cnf string) outcome {
	out := filepath.Join(dir, "result")
	os.Remove(out)
	var args []string
	for _, a := range e.s.Args {
		a = strings.ReplaceAll(a, "{cnf}", cnf)
		a = strings.ReplaceAll(a, "{out}", out)
		args = append(args, a)
	}
	res := runProg(ctx, e.s.Path, args)
	if res.err != nil {
		return outcome{err: res.err}
	}
	if res.code != 10 && res.code != 20 {
		return outcome{err: fmt.Errorf("exit status %d%s", res.code, res.tail())}
	}
	var o *dimacs.Output
	var err error
	if e.s.Dialect == dimacs.Minisat {
		b, rerr := os.ReadFile(out)
		if rerr != nil {
			return outcome{err: rerr}
		}
		o, err = dimacs.ReadOutput(bytes.NewReader(b), "result file")
	} else {
		o, err = dimacs.ReadOutput(bytes.NewReader(res.stdout), "output")
	}
	if err != nil {
		return outcome{err: err}
	}
	a, err := single(o, res.code)
	if err != nil {
		return outcome{err: err}
	}
	if a.Status == dimacs.Sat && a.Model == nil && e.s.Dialect == dimacs.Minisat {
		// minisat's result file for a formula without clauses is "SAT\n 0".
		a.Model = dimacs.Model{}
	}
	return outcome{status: a.Status, model: a.Model}
}

// single returns the one answer of o, which must agree with the exit
// status code.
func single(o *dimacs.Output, code int) (dimacs.Answer, error) {
	if len(o.Answers) != 1 {
		return dimacs.Answer{}, fmt.Errorf("%d answers, want 1 (exit status %d)", len(o.Answers), code)
	}
	a := o.Answers[0]
	if int(a.Status) != code {
		return a, fmt.Errorf("answered %v with exit status %d", a.Status, code)
	}
	return a, nil
}

// satrunEngine is satrun run on the file with the given arguments.
type satrunEngine struct {
	label  string
	satrun string
	args   []string
}

func (e satrunEngine) name() string { return e.label + "/satrun" }

func (e satrunEngine) solve(ctx context.Context, dir, cnf string) outcome {
	res := runProg(ctx, e.satrun, append(slices.Clone(e.args), cnf))
	if res.err != nil {
		return outcome{err: res.err}
	}
	if res.code != 10 && res.code != 20 {
		return outcome{err: fmt.Errorf("satrun exit status %d%s", res.code, res.tail())}
	}
	o, err := dimacs.ReadOutput(bytes.NewReader(res.stdout), "satrun output")
	if err != nil {
		return outcome{err: err}
	}
	a, err := single(o, res.code)
	if err != nil {
		return outcome{err: err}
	}
	return outcome{status: a.Status, model: a.Model}
}

// counter counts models with satrun --all.
type counter struct {
	label   string
	satrun  string
	args    []string
	project bool // pass --project; otherwise count over all variables
	// maxModels is the largest count worth running it on: an external
	// solver runs once per model.
	maxModels int
}

func (c counter) name() string {
	if c.project {
		return c.label + "/satrun --all --project"
	}
	return c.label + "/satrun --all"
}

// count runs satrun --all on cnf (projected on proj if c.project) and
// returns the models it printed and its "c solutions" count; an error if it
// failed or its output is inconsistent.
func (c counter) count(ctx context.Context, cnf string, proj []int) ([]dimacs.Model, int, error) {
	args := append(slices.Clone(c.args), "--all")
	if c.project {
		args = append(args, "--project", formatVars(proj))
	}
	res := runProg(ctx, c.satrun, append(args, cnf))
	if res.err != nil {
		return nil, 0, res.err
	}
	if res.code != 10 && res.code != 20 {
		return nil, 0, fmt.Errorf("exit status %d%s", res.code, res.tail())
	}
	o, err := dimacs.ReadOutput(bytes.NewReader(res.stdout), "satrun output")
	if err != nil {
		return nil, 0, err
	}
	ms := o.Models()
	switch {
	case !o.Complete():
		return ms, 0, fmt.Errorf("enumeration not marked complete (exit status %d, %d models)", res.code, len(ms))
	case o.Count != len(ms):
		return ms, 0, fmt.Errorf("\"c solutions %d\" after %d models", o.Count, len(ms))
	case res.code == 10 && len(ms) == 0, res.code == 20 && len(ms) > 0:
		return ms, 0, fmt.Errorf("exit status %d with %d models", res.code, len(ms))
	}
	return ms, o.Count, nil
}

// progResult is what runProg saw of one run.
type progResult struct {
	stdout []byte
	stderr []byte
	code   int
	err    error // could not start, killed by a signal, or timed out
}

// tail returns the last line of stderr, quoted, for messages.
func (r progResult) tail() string {
	s := strings.TrimSpace(string(r.stderr))
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if s == "" {
		return ""
	}
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return ": " + strconv.Quote(s)
}

// runProg runs path with args in its own process group and waits for it;
// when ctx ends the group is killed.
func runProg(ctx context.Context, path string, args []string) progResult {
	cmd := exec.CommandContext(ctx, path, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	ownGroup(cmd)
	cmd.WaitDelay = 2 * time.Second
	err := cmd.Run()
	res := progResult{stdout: stdout.Bytes(), stderr: stderr.Bytes()}
	if ctx.Err() != nil {
		res.err = fmt.Errorf("%s: %w", filepath.Base(path), context.Cause(ctx))
		return res
	}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee) && ee.Exited():
		res.code = ee.ExitCode()
	case err != nil:
		res.err = fmt.Errorf("%s: %v%s", filepath.Base(path), err, res.tail())
	}
	return res
}
