package solver

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/pipesat/pipesat/dimacs"
)

// ReadStarted reads a CNF from r like dimacs.Read and returns it with a
// Solver to use on it in place of s. When s is an external solver that
// reads standard input (External.Stdin) and opts are strict, the solver is
// started at once and fed the canonical CNF while r is still being parsed
// (dimacs.ReadTee), so that parsing in this process and in the solver
// overlap; the first Solve(ctx, f, nil) call of the returned Solver, with
// the returned f and no assumptions, answers from that run. Every other
// call goes to s. Otherwise ReadStarted is dimacs.Read and returns s.
//
// ctx bounds the started run as it would the first Solve call. On a parse
// error the started solver is stopped before ReadStarted returns. A caller
// that may not make that first call must call Close (the returned Solver
// is then an io.Closer) so that the started solver does not run on.
func ReadStarted(ctx context.Context, s Solver, r io.Reader, name string, opts dimacs.Options) (*dimacs.Formula, Solver, error) {
	e, ok := s.(*External)
	if !ok || !e.Stdin || e.Dialect == Minisat || opts.Relaxed {
		f, err := dimacs.Read(r, name, opts)
		return f, s, err
	}
	if err := ctx.Err(); err != nil {
		f, err := dimacs.Read(r, name, opts)
		return f, s, err
	}
	var args []string
	for _, a := range e.Args {
		if a != "{cnf}" {
			args = append(args, a)
		}
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	start := time.Now()
	p, err := startChild(e.Path, args, pr)
	pr.Close()
	if err != nil {
		pw.Close()
		return nil, nil, fmt.Errorf("%s: %v", e.Name(), err)
	}
	runCtx, cancel := context.WithCancel(ctx)
	st := &startedRun{Solver: s, done: make(chan struct{}), cancel: cancel}
	fed := make(chan struct{})
	var f *dimacs.Formula
	go func() {
		defer cancel()
		st.res, st.err = e.collect(runCtx, start, p, "", func() int {
			<-fed
			if f == nil {
				return 0
			}
			return f.Vars
		})
		close(st.done)
	}()
	// A write error means the solver stopped reading (it ended, crashed,
	// or was stopped): its own answer or error says which, so only a
	// parse error counts here.
	f, _, err = dimacs.ReadTee(r, name, opts, pw)
	pw.Close()
	close(fed)
	if err != nil {
		cancel()
		<-st.done
		return nil, nil, err
	}
	st.f = f
	return f, st, nil
}

// startedRun is the Solver ReadStarted returns for a run it started.
type startedRun struct {
	Solver // for every call but the first
	f      *dimacs.Formula
	done   chan struct{}
	cancel context.CancelFunc
	res    *Result
	err    error
	used   bool
}

// Solve answers the first call on the started run's formula with the
// started run's answer, and passes every other call to the solver.
func (s *startedRun) Solve(ctx context.Context, f *dimacs.Formula, assume []int) (*Result, error) {
	if !s.used && f == s.f && len(assume) == 0 {
		s.used = true
		<-s.done
		return s.res, s.err
	}
	return s.Solver.Solve(ctx, f, assume)
}

// Close stops the started run if its answer was not asked for, and waits
// until its process group is gone.
func (s *startedRun) Close() error {
	if !s.used {
		s.used = true
		s.cancel()
		<-s.done
	}
	return nil
}
