package solver

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/tempfile"
)

// Native describes how a solver lists models on its own, in one run: it
// bans each model it finds and goes on, instead of being started again
// with one more blocking clause per model (whose cost grows with the
// square of the count).
type Native struct {
	// Args are put before the solver's own Args. "{max}" is replaced by
	// the number of models wanted, MaxModels when all are.
	Args []string
	// MaxModels is the largest number "{max}" may be (cryptominisat5's
	// --maxsol takes a 32-bit number); 0 if the solver has no limit and
	// lists every model.
	MaxModels int
	// Project says the solver reads "c ind V ... 0" lines in its CNF file
	// and bans only each model's values on those variables, so it can
	// enumerate under any projection. Without it, it enumerates only when
	// the projection is every variable.
	Project bool
}

// EnumeratesNatively reports whether e lists, in one run, the models of a
// formula over vars variables projected onto project (nil: every
// variable).
func (e *External) EnumeratesNatively(vars int, project []int) bool {
	if e.Native == nil || e.Dialect == dimacs.Minisat {
		return false
	}
	return e.Native.Project || project == nil || len(project) == vars
}

// errEnough stops the reading of a native enumeration at the Max-th model.
var errEnough = errors.New("enough models")

// enumerate lists the models of st.f in one run of e's own enumeration,
// checking and emitting each as the solver prints it (see Enumerate). The
// CNF it writes has no comments but the projection, as "c ind" lines, so
// that the input's own comments can never change what is enumerated.
func (e *External) enumerate(ctx context.Context, f *dimacs.Formula, st *enumState) error {
	en := st.e
	en.Calls = 1
	if err := ctx.Err(); err != nil {
		en.Rest = dimacs.Unknown
		return nil
	}
	want, limit := e.nativeMax(st.opts.Max)
	var ind []int
	if e.Native.Project && len(st.proj) < f.Vars {
		ind = st.proj
	}
	cnf, err := writeEnumCNF(ctx, e.TempDir, f, st.opts.Assume, ind)
	if err != nil {
		if ctx.Err() != nil {
			en.Rest = dimacs.Unknown
			return nil
		}
		return fmt.Errorf("%s: %v", e.Name(), err)
	}
	defer os.Remove(cnf)
	var args []string
	for _, a := range e.Native.Args {
		args = append(args, strings.ReplaceAll(a, "{max}", want))
	}
	own, useStdin := e.args(cnf, "")
	args = append(args, own...)
	var stdin *os.File
	if useStdin {
		if stdin, err = os.Open(cnf); err != nil {
			return fmt.Errorf("%s: %v", e.Name(), err)
		}
		defer stdin.Close()
	}
	p, err := startChild(e.Path, args, stdin)
	if err != nil {
		return fmt.Errorf("%s: %v", e.Name(), err)
	}
	if e.started != nil {
		e.started(p.cmd.Process.Pid)
	}
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	r, done := p.output(runCtx, e.grace())
	nr := &nativeReader{e: e, f: f, st: st, lines: &statusLines{}}
	rerr := nr.read(e.tee(r))
	if rerr != nil {
		stop() // the rest of the output is not wanted
	}
	done()
	return nr.verdict(ctx, p, rerr, limit)
}

// nativeMax returns the "{max}" of e's native arguments for max models
// wanted (0: all), and the solver's own limit (0: none). Past that
// limit, the solver lists all it can and its limit decides.
func (e *External) nativeMax(max int) (want string, limit int) {
	limit = e.Native.MaxModels
	if limit > 0 && (max == 0 || max > limit) {
		max = 0 // all the solver can: its limit decides below
	}
	if max == 0 {
		return strconv.Itoa(limit), limit
	}
	return strconv.Itoa(max), limit
}

// nativeReader reads the answers of a native enumeration as the solver
// prints them, and then says what they amount to.
type nativeReader struct {
	e       *External
	f       *dimacs.Formula
	st      *enumState
	lines   *statusLines
	o       *dimacs.Output
	last    dimacs.Answer
	answers int
}

// read reads the solver's output from r, checking and emitting each
// model; it stops with errEnough at the Max-th, with a checkError at a
// wrong one.
func (nr *nativeReader) read(r io.Reader) error {
	e, f, st := nr.e, nr.f, nr.st
	var err error
	nr.o, err = dimacs.ReadOutputFunc(io.TeeReader(r, nr.lines), e.Name()+" output", func(a dimacs.Answer) error {
		// (dimacs.ReadOutputFunc refuses an answer after one that is not
		// SATISFIABLE, or after one without its model.)
		nr.answers++
		nr.last = a
		switch {
		case a.Status != dimacs.Sat:
			return nil
		case a.Model == nil:
			return checkError{fmt.Errorf("%s: answered SATISFIABLE without a model (line %d)", e.Name(), a.Line)}
		case a.Model.Vars() > f.Vars:
			return checkError{fmt.Errorf("%s: model of line %d has variable %d, the formula only %d", e.Name(), a.Line, a.Model.Vars(), f.Vars)}
		}
		if _, err := st.accept(a.Model, false); err != nil {
			return checkError{err}
		}
		if st.opts.Max > 0 && st.e.Models >= st.opts.Max {
			return errEnough
		}
		return nil
	})
	return err
}

// verdict sets the enumeration's Rest from how reading ended (rerr) and
// how the solver p ended, and returns the error of a solver that failed.
func (nr *nativeReader) verdict(ctx context.Context, p *process, rerr error, limit int) error {
	e, en := nr.e, nr.st.e
	var ce checkError
	switch {
	case rerr == errEnough:
		en.Rest = dimacs.Sat
		return nil
	case errors.As(rerr, &ce):
		// A wrong model, or an answer out of place: it stands even if the
		// timeout came meanwhile.
		en.Rest = dimacs.Unknown
		return ce.error
	case ctx.Err() != nil && p.killed:
		// The timeout or an interrupt stopped the solver, maybe in the
		// middle of a line: the models checked so far stand.
		en.Rest = dimacs.Unknown
		return nil
	case rerr != nil:
		en.Rest = dimacs.Unknown
		return fmt.Errorf("%s: %v", e.Name(), rerr)
	}
	en.Rest = dimacs.Unknown
	if sig, ok := signalOf(p.cmd.ProcessState); ok {
		return fmt.Errorf("%s: killed by signal %d (%v) after %d models%s", e.Name(), int(sig), sig, en.Models, p.stderrTail())
	}
	code := p.exitCode
	if code != 0 && code != 10 && code != 20 && !slices.Contains(e.ExitCodes, code) {
		return fmt.Errorf("%s: exit status %d after %d models%s", e.Name(), code, en.Models, p.stderrTail())
	}
	return nr.end(p, code, limit)
}

// end says what a complete output of a solver that exited with code
// means: no more models after an UNSAT line, maybe more after
// INDETERMINATE or at the solver's own limit; any other end is an error.
func (nr *nativeReader) end(p *process, code, limit int) error {
	e, en, o, last := nr.e, nr.st.e, nr.o, nr.last
	switch {
	case o.Truncated:
		return fmt.Errorf("%s: output ends inside a model after %d models%s", e.Name(), en.Models, p.stderrTail())
	case nr.answers == 0:
		return fmt.Errorf("%s: printed no answer (exit status %d)%s", e.Name(), code, p.stderrTail())
	case o.Count >= 0 && o.Count != en.Models:
		return fmt.Errorf("%s: says %d solutions (line %d) but printed %d models", e.Name(), o.Count, o.CountLine, en.Models)
	case last.Status == dimacs.Unsat:
		if code == 10 {
			return fmt.Errorf("%s: answered %q after the last model but exited 10", e.Name(), nr.lines.text(last.Line, last.Status))
		}
		en.Rest = dimacs.Unsat // no more models
		return nil
	case last.Status == dimacs.Unknown:
		return nil // INDETERMINATE: more may exist
	case limit > 0 && en.Models == limit:
		en.Rest = dimacs.Sat // the solver's own limit: more may exist
		return nil
	}
	return fmt.Errorf("%s: output ended after %d models without saying there are no more (exit status %d)%s", e.Name(), en.Models, code, p.stderrTail())
}

// checkError is an error of a native enumeration's answers themselves (a
// wrong model, an answer out of place), as opposed to one of reading them.
type checkError struct{ error }

// writeEnumCNF writes f with one unit clause per assumption as canonical
// DIMACS, without f's comments, to a new file in dir; when ind is not nil,
// "c ind" lines naming its variables come first. It returns the file's
// name; it stops with ctx's error when ctx ends.
func writeEnumCNF(ctx context.Context, dir string, f *dimacs.Formula, assume, ind []int) (string, error) {
	t, err := tempfile.Create(dir, "pipesat-*.cnf")
	if err != nil {
		return "", err
	}
	w := bufio.NewWriterSize(ctxWriter{ctx: ctx, w: t}, 64<<10)
	var b []byte
	for i := 0; i < len(ind); i += 16 {
		b = append(b[:0], "c ind"...)
		for _, v := range ind[i:min(i+16, len(ind))] {
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(v), 10)
		}
		b = append(b, " 0\n"...)
		w.Write(b)
	}
	_, err = f.WriteCNF(w, assume...)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := t.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(t.Name())
		return "", err
	}
	return t.Name(), nil
}
