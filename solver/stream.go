package solver

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"time"

	"github.com/pipesat/pipesat/dimacs"
)

// ReadStarted reads a CNF from r like dimacs.Read and returns it with a
// Solver to use on it in place of s. When s is an external solver and opts
// are strict, the solver is started at once, so that parsing in this
// process and in the solver overlap; the first Solve(ctx, f, nil) call of
// the returned Solver, with the returned f and no assumptions, answers from
// that run. Every other call goes to s. The solver reads:
//
//   - the user's own file, when r is a regular file read from its start
//     whose bytes are not compressed (see readDirect): the solver gets a
//     new open file description of it as standard input, and "/dev/stdin"
//     for "{cnf}" (not when External.NamedCNF: a program that may look
//     at the file's name gets the canonical temporary file). If the file turns out to hold anything a solver may read
//     differently from dimacs.Read (Formula.Quirk: a SATLIB "%" trailer,
//     CR line ends, ...), that run is stopped before ReadStarted returns
//     and s is returned: its first Solve writes the canonical CNF as usual;
//   - else, when s reads standard input (External.Stdin, competition
//     dialect) and r is a pipe (satrun in a shell pipeline; Linux), the
//     bytes of r themselves, duplicated into the solver's input by tee(2)
//     as this process reads them (see readTee), without a copy through
//     this process; a quirk stops that run as for the user's own file,
//     and compressed input takes the next way;
//   - else, when s reads standard input, the canonical CNF, written to
//     it while r is still being parsed (dimacs.ReadTee).
//
// Otherwise ReadStarted is dimacs.Read and returns s.
//
// ctx bounds the started run as it would the first Solve call. On a parse
// error the started solver is stopped before ReadStarted returns. A caller
// that may not make that first call must call Close (the returned Solver
// is then an io.Closer) so that the started solver does not run on.
func ReadStarted(ctx context.Context, s Solver, r io.Reader, name string, opts dimacs.Options) (*dimacs.Formula, Solver, error) {
	e, ok := s.(*External)
	if !ok || opts.Relaxed || ctx.Err() != nil {
		f, err := dimacs.Read(r, name, opts)
		return f, s, err
	}
	if src := directSource(r); src != nil && !e.NamedCNF {
		return e.readDirect(ctx, src, r, name, opts)
	}
	if !e.Stdin || e.Dialect == dimacs.Minisat {
		f, err := dimacs.Read(r, name, opts)
		return f, s, err
	}
	if in := teeSource(r); in != nil {
		return e.readTee(ctx, in, name, opts)
	}
	return e.readCopied(ctx, r, name, opts)
}

// readCopied starts e, which reads standard input, and parses r while
// writing the canonical CNF to the solver (dimacs.ReadTee); ReadStarted
// describes the result.
func (e *External) readCopied(ctx context.Context, r io.Reader, name string, opts dimacs.Options) (*dimacs.Formula, Solver, error) {
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	st, err := e.startStdin(ctx, pr, pw)
	if err != nil {
		return nil, nil, err
	}
	// A write error means the solver stopped reading (it ended, crashed,
	// or was stopped): its own answer or error says which, so only a
	// parse error counts here.
	f, _, err := dimacs.ReadTee(r, name, opts, pw)
	pw.Close()
	if err != nil {
		st.stop()
		return nil, nil, err
	}
	st.parsed(f)
	return f, st, nil
}

// stdinArgs returns e's arguments without "{cnf}": the solver reads its
// standard input.
func (e *External) stdinArgs() []string {
	var args []string
	for _, a := range e.argList() {
		if a != "{cnf}" {
			args = append(args, a)
		}
	}
	return args
}

// readTee starts e on the bytes of in, a pipe (teeSource), as they come:
// tee(2) gives them to the solver's standard input while this process
// parses them, so nothing is written twice. ReadStarted describes the
// result; as with readDirect, input a solver may read differently from
// dimacs.Read (Formula.Quirk) stops that run and returns e, and
// compressed input goes to the copying path (dimacs.ReadTee).
func (e *External) readTee(ctx context.Context, in *os.File, name string, opts dimacs.Options) (*dimacs.Formula, Solver, error) {
	head, herr := readHead(opts.Context, in)
	if herr != nil && opts.Context != nil && herr == opts.Context.Err() {
		return nil, nil, fmt.Errorf("%s: %w", name, herr) // as Parse says it
	}
	rest := io.Reader(in)
	if herr != nil {
		rest = errReader{herr}
	}
	if herr != nil || !plainHead(head) {
		return e.readCopied(ctx, io.MultiReader(bytes.NewReader(head), rest), name, opts)
	}
	pr, pw, err := teePipe()
	if err != nil {
		return nil, nil, err
	}
	st, err := e.startStdin(ctx, pr, pw)
	if err != nil {
		return nil, nil, err
	}
	var tr io.Reader = newTeeReader(in, pw)
	if _, err := pw.Write(head); err != nil {
		tr = in // the solver stopped reading: its answer or error says why
	}
	f, err := dimacs.Read(io.MultiReader(bytes.NewReader(head), tr), name, opts)
	pw.Close()
	return e.readDone(st, f, err)
}

// startStdin starts e with pr, a pipe's read end, as its standard input
// (its arguments without "{cnf}"), and closes pr; if e does not start it
// closes pw, the write end, too.
func (e *External) startStdin(ctx context.Context, pr, pw *os.File) (*startedRun, error) {
	start := time.Now()
	p, err := startChild(e.Path, e.stdinArgs(), pr)
	pr.Close()
	if err != nil {
		pw.Close()
		return nil, fmt.Errorf("%s: %v", e.Name(), err)
	}
	return e.startRun(ctx, start, p, ""), nil
}

// readDone ends the parse of the input of st, the run of e started on it
// as it came: f and err are the parse's result. A parse error stops the
// run. So does input a solver may read differently from dimacs.Read
// (Formula.Quirk): its answer would be about another formula, so e is
// returned, to run on the canonical CNF, which leaves no doubt.
func (e *External) readDone(st *startedRun, f *dimacs.Formula, err error) (*dimacs.Formula, Solver, error) {
	if err != nil {
		st.stop()
		return nil, nil, err
	}
	if f.Quirk() != "" {
		st.stop()
		return f, e, nil
	}
	st.parsed(f)
	return f, st, nil
}

// readHead reads the first bytes of r, enough to tell compressed input
// by its magic (or all of r, if shorter). When ctx (which may be nil)
// ends first, it returns ctx's error, and the read under way finishes in
// the background, as dimacs.Parse's do.
func readHead(ctx context.Context, r io.Reader) ([]byte, error) {
	type result struct {
		head []byte
		err  error
	}
	read := func() result {
		head := make([]byte, directHead)
		n, err := io.ReadAtLeast(r, head, 8)
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			err = nil
		}
		return result{head[:n], err}
	}
	if ctx == nil || ctx.Done() == nil {
		res := read()
		return res.head, res.err
	}
	ch := make(chan result, 1)
	go func() { ch <- read() }()
	select {
	case res := <-ch:
		return res.head, res.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// errReader returns err on every Read.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// startRun collects the answer of the started solver p in the background
// (out is the minisat dialect's result file, removed at the end). The
// answer's model is checked against the formula's variable count only
// once the caller has called parsed or stop.
func (e *External) startRun(ctx context.Context, start time.Time, p *process, out string) *startedRun {
	runCtx, cancel := context.WithCancel(ctx)
	st := &startedRun{Solver: e, done: make(chan struct{}), read: make(chan struct{}), cancel: cancel}
	go func() {
		defer cancel()
		st.res, st.err = e.collect(runCtx, start, p, out, func() int {
			<-st.read
			if st.anyVars {
				return math.MaxInt // FileRun.Answer checks
			}
			if st.f == nil {
				return 0
			}
			return st.f.Vars
		})
		if out != "" {
			// RemoveAll: the solver may have put a directory in its place.
			os.RemoveAll(out)
		}
		close(st.done)
	}()
	return st
}

// startedRun is the Solver ReadStarted returns for a run it started.
type startedRun struct {
	Solver // for every call but the first
	f      *dimacs.Formula
	read   chan struct{} // closed once f is set (nil after a parse error)
	// anyVars: no formula is parsed here; the model's variables are
	// checked by FileRun.Answer. Set before read is closed.
	anyVars bool
	done    chan struct{}
	cancel  context.CancelFunc
	res     *Result
	err     error
	used    bool
}

// parsed gives the run the formula it answers for.
func (s *startedRun) parsed(f *dimacs.Formula) {
	s.f = f
	close(s.read)
}

// stop ends the run before its formula was parsed (a parse error, or a
// file a solver may read differently) and waits until its process group
// is gone.
func (s *startedRun) stop() {
	s.used = true
	s.cancel()
	close(s.read)
	<-s.done
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
