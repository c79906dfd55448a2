package difftest

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/pipesat/pipesat/dimacs"
)

// Options are the parameters of a Run besides the engines.
type Options struct {
	Seed uint64
	N    int // number of formulas
	Jobs int // formulas checked at once; 1 if < 1
	// Regress is the directory shrunk disagreements are written to; ""
	// writes none.
	Regress string
	// Out receives one line per disagreement, in formula order.
	Out io.Writer
}

// Summary counts what a Run did.
type Summary struct {
	Formulas      int // formulas fully checked
	Runs          int // engine runs, not counting those spent shrinking
	Disagreements int // disagreements other than failed models
	FailedModels  int // printed models that falsify the formula
	// Sat, Unsat and Counted count the formulas found satisfiable,
	// unsatisfiable, and whose model counts were checked.
	Sat, Unsat, Counted int
	// Files are the regression files written.
	Files []string
}

// String returns the summary line scripts/difftest.sh prints.
func (s Summary) String() string {
	return fmt.Sprintf("difftest: %d formulas, %d runs, %d disagreements, %d failed models",
		s.Formulas, s.Runs, s.Disagreements, s.FailedModels)
}

// formulaResult is what checking formula i found.
type formulaResult struct {
	checked
	lines []string
	files []string
	err   error
}

// Run generates opts.N formulas from opts.Seed, checks each with every
// engine of cfg, shrinks each disagreement into opts.Regress and prints a
// line for it on opts.Out. It returns early with ctx's error if ctx ends.
func Run(ctx context.Context, cfg Config, opts Options) (Summary, error) {
	h := newHarness(cfg)
	jobs := max(opts.Jobs, 1)
	tmp, err := os.MkdirTemp("", "difftest-*")
	if err != nil {
		return Summary{}, err
	}
	defer os.RemoveAll(tmp)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	results := make([]chan formulaResult, opts.N)
	for i := range results {
		results[i] = make(chan formulaResult, 1)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := range jobs {
		dir := filepath.Join(tmp, strconv.Itoa(w))
		if err := os.Mkdir(dir, 0o755); err != nil {
			return Summary{}, err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] <- h.formula(ctx, dir, opts, i)
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range opts.N {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	defer wg.Wait()

	var s Summary
	for i := range opts.N {
		var r formulaResult
		select {
		case r = <-results[i]:
		case <-ctx.Done():
			return s, ctx.Err()
		}
		if r.err != nil {
			cancel()
			return s, r.err
		}
		for _, l := range r.lines {
			if opts.Out != nil {
				fmt.Fprintln(opts.Out, l)
			}
		}
		s.Formulas++
		s.Runs += r.runs
		s.Files = append(s.Files, r.files...)
		switch r.truth {
		case dimacs.Sat:
			s.Sat++
		case dimacs.Unsat:
			s.Unsat++
		}
		if r.counted {
			s.Counted++
		}
		for _, d := range r.ds {
			if d.Kind == KindModel {
				s.FailedModels++
			} else {
				s.Disagreements++
			}
		}
	}
	return s, nil
}

// formula checks formula i and shrinks what disagrees.
func (h *harness) formula(ctx context.Context, dir string, opts Options, i int) formulaResult {
	c, family := Generate(opts.Seed, i)
	proj := projection(opts.Seed, i, c)
	ck, err := h.check(ctx, dir, c, proj, nil)
	res := formulaResult{checked: ck, err: err}
	if err != nil {
		return res
	}
	done := make(map[string]bool)
	for _, d := range ck.ds {
		key := d.Kind + " " + d.Engine
		if done[key] {
			continue
		}
		done[key] = true
		small, sd, calls := h.shrinkDisagreement(ctx, dir, c, proj, d)
		if ctx.Err() != nil {
			res.err = ctx.Err()
			return res
		}
		line := fmt.Sprintf("difftest: seed %d formula %d (%s, %v): %v", opts.Seed, i, family, c, d)
		line += fmt.Sprintf("; shrunk in %d checks to %v", calls, small)
		if opts.Regress != "" {
			name := fileName(d, opts.Seed, i)
			path := filepath.Join(opts.Regress, name)
			comments := []string{
				"difftest: " + sd.String(),
				fmt.Sprintf("difftest: shrunk from seed %d formula %d (%s, %v): %s", opts.Seed, i, family, c, d.Detail),
			}
			if d.Kind == KindCount && len(proj) > 0 {
				comments = append(comments, "difftest project "+formatVars(proj))
			}
			if err := writeAtomic(path, small.Formula(comments...)); err != nil {
				res.err = err
				return res
			}
			line += ": " + path
			res.files = append(res.files, path)
		}
		res.lines = append(res.lines, line)
	}
	if h.cfg.Satrun != "" {
		// The same clauses, written in a shape satrun must read as the
		// reference reading does (or refuse), strictly and relaxed. A
		// disagreement there is the reader's: it is not shrunk, the
		// seed and the formula number reproduce it.
		runs, ds, err := h.checkShapes(ctx, dir, opts.Seed, i, c)
		res.runs += runs
		res.ds = append(res.ds, ds...)
		if err != nil {
			res.err = err
			return res
		}
		for _, d := range ds {
			res.lines = append(res.lines, fmt.Sprintf("difftest: seed %d formula %d (%s, %v): %v", opts.Seed, i, family, c, d))
		}
	}
	return res
}

// shrinkDisagreement shrinks c while d's kind of disagreement by d's engine
// persists, rerunning only that engine (and gini's, whose models witness
// satisfiability, for a status disagreement). It returns the shrunk
// formula, the disagreement as seen on it, and the checks it cost.
func (h *harness) shrinkDisagreement(ctx context.Context, dir string, c CNF, proj []int, d Disagreement) (CNF, Disagreement, int) {
	sel := func(name string) bool {
		return name == d.Engine || d.Kind == KindStatus && isReference(name)
	}
	// A run that hangs (a timeout disagreement) would make every check
	// cost the whole run timeout: the shrink as a whole is bounded too.
	ctx, cancel := context.WithTimeout(ctx, h.cfg.ShrinkTime)
	defer cancel()
	last := d
	persists := func(e CNF) bool {
		if ctx.Err() != nil {
			return false
		}
		ck, err := h.check(ctx, dir, e, proj, sel)
		if err != nil {
			return false
		}
		for _, x := range ck.ds {
			if x.Kind == d.Kind && x.Engine == d.Engine {
				last = x
				return true
			}
		}
		return false
	}
	minVars := 0
	for _, v := range proj {
		minVars = max(minVars, v)
	}
	if d.Kind != KindCount {
		minVars = 0
	}
	// last must be the disagreement on the formula shrink returns: the
	// last call that persisted was on it.
	small, calls := shrink(c, minVars, d.Kind != KindCount, persists, h.cfg.ShrinkRuns)
	return small, last, calls
}

// fileName returns the regression file name of d on formula i:
// "<kind>-<engine>-s<seed>-<i>.cnf" with the engine's blanks and slashes
// turned into dashes.
func fileName(d Disagreement, seed uint64, i int) string {
	e := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_':
			return r
		}
		return '-'
	}, d.Engine)
	for strings.Contains(e, "--") {
		e = strings.ReplaceAll(e, "--", "-")
	}
	return fmt.Sprintf("%s-%s-s%d-%d.cnf", d.Kind, strings.Trim(e, "-"), seed, i)
}

// writeAtomic writes f to path through a temporary file in the same
// directory, so a stopped run never leaves half a file.
func writeAtomic(path string, f *dimacs.Formula) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	t, err := os.CreateTemp(filepath.Dir(path), ".difftest-*")
	if err != nil {
		return err
	}
	_, err = f.WriteTo(t)
	if cerr := t.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(t.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(t.Name(), path)
	}
	if err != nil {
		os.Remove(t.Name())
	}
	return err
}

// Replay checks the formula in the file path with every engine of cfg
// (and its counts against brute force when it has at most MaxCountVars
// variables, projected on its "c difftest project VARS" line if it has
// one) and returns the number of runs and the disagreements.
func Replay(ctx context.Context, cfg Config, path string) (int, []Disagreement, error) {
	fh, err := os.Open(path)
	if err != nil {
		return 0, nil, err
	}
	f, err := dimacs.Read(fh, path, dimacs.Options{AllComments: true}) // for "c difftest project"
	fh.Close()
	if err != nil {
		return 0, nil, err
	}
	c := FromFormula(f)
	var proj []int
	for _, cm := range f.Comments {
		if s, ok := strings.CutPrefix(cm, "difftest project "); ok {
			if proj, err = dimacs.ParseVars(s, c.Vars); err != nil {
				return 0, nil, fmt.Errorf("%s: %v", path, err)
			}
		}
	}
	tmp, err := os.MkdirTemp("", "difftest-*")
	if err != nil {
		return 0, nil, err
	}
	defer os.RemoveAll(tmp)
	ck, err := newHarness(cfg).check(ctx, tmp, c, proj, nil)
	return ck.runs, ck.ds, err
}
