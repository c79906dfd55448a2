package satrun

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/solver"
)

// solveFile is solve's way for a plain solve (one answer: no --assume,
// --all, --max, --explain or gcnf) by an external solver of a file, which
// the solver reads itself, or of a pipe, which is spilled to a temporary
// file for the solver to read (solver.StartFile): satrun waits for the
// answer, and then reads the file once, checking the model against each
// clause as it comes (dimacs.ReadCheck). The formula is never
// held in memory and is parsed once: satrun's CPU besides the solver's is
// that one pass (issue 35). The output is solve's to the byte, and so are
// the errors: a parse error comes first (now after the solver ends,
// which a malformed file usually makes quick), then a --project that
// does not fit, the solver's error, and the model check's.
//
// The file is read under sigCtx, ctx without --timeout: once the solver
// answered (or the timeout stopped it), the one pass over a regular file
// finishes, so that the answer keeps its forwarded header lines as when
// satrun parsed while the solver ran. A signal stops it.
//
// rest is nil when solveFile answered (or failed). Else it is what solve
// reads on its usual way: in itself when this way does not apply (nothing
// of in was read); or, when the file holds what a solver may read
// differently from dimacs.Read (Formula.Quirk), in rewound and hidden
// behind an io.Reader that is no *os.File, so that the answer is dropped
// and the solver runs again on the canonical CNF (see
// solver.ReadStarted).
func (cfg config) solveFile(ctx, sigCtx context.Context, in io.Reader, name string, stdout, stderr io.Writer, start time.Time) (code int, rest io.Reader, err error) {
	if len(cfg.Assume) > 0 || cfg.Enumerate || cfg.Explain || cfg.GCNF {
		return 0, in, nil
	}
	s := cfg.Solver
	if cfg.Verbose != nil {
		solver.Verbose(s, cfg.Verbose)
	}
	run, rest, err := solver.StartFile(ctx, s, in, name, dimacs.Options{Relaxed: cfg.Relaxed})
	if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		// Timeout or interrupt while the pipe had not ended: no answer,
		// as when it comes while solving.
		return 0, nil, writeUnknown(cfg, stdout)
	}
	if run == nil {
		return 0, rest, err
	}
	defer run.Close()
	res, serr := run.Answer()
	solved := time.Now()
	input := run.Input()

	var m dimacs.Model
	if serr == nil && res.Status == dimacs.Sat && !cfg.NoVerify {
		m = res.Model
	}
	frame, bad, err := dimacs.ReadCheck(input, name, dimacs.Options{Context: sigCtx}, m)
	if err != nil {
		if sigCtx.Err() != nil && errors.Is(err, sigCtx.Err()) {
			return 0, nil, writeUnknown(cfg, stdout)
		}
		return 0, nil, err
	}
	if frame.Quirk() != "" {
		rest, err := again(in, input, name)
		return 0, rest, err
	}
	parsed := time.Since(solved)
	warnDropped(stderr, name, frame.DroppedComments())
	if cfg.Project != "" {
		if _, err := cfg.projectVars(frame.Vars()); err != nil {
			return 0, nil, err
		}
	}
	w := bufio.NewWriterSize(stdout, 64<<10)
	if cfg.Format != dimacs.Minisat {
		frame.WriteForwarded(w)
	}
	if serr == nil {
		serr = run.CheckVars(res, frame.Vars())
	}
	if serr == nil && bad != nil {
		serr = fmt.Errorf("%s: %v", s.Name(), bad)
	}
	if serr != nil {
		w.Flush()
		return 0, nil, serr
	}
	if err := cfg.writeResult(w, res, frame.Vars()); err != nil {
		return 0, nil, err
	}
	if cfg.Stats {
		// What solver.Enumerate says of one call with Max 1.
		e := &solver.Enumeration{Calls: 1, Wall: res.Wall, Rest: res.Status}
		if res.Status == dimacs.Sat {
			e.Models = 1
		}
		writeStats(stderr, cfg, s, frame.Vars(), frame.NumClauses(), e, parsed, time.Since(start))
	}
	return int(res.Status), nil, nil
}

// again returns what solve reads to solve a file with a quirk again on
// the canonical CNF: in, the user's file, rewound and hidden behind an
// io.Reader that is no *os.File (see solver.ReadStarted); or the bytes of
// input, a pipe's spill, which the run's Close removes (quirks are rare,
// and the bytes cost what the Formula would).
func again(in io.Reader, input *os.File, name string) (io.Reader, error) {
	if _, err := input.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if input == in {
		return struct{ io.Reader }{in}, nil
	}
	b, err := io.ReadAll(input)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return bytes.NewReader(b), nil
}

// writeResult writes res, the answer for a formula of vars variables, to
// w in cfg's format, and flushes w.
func (cfg config) writeResult(w *bufio.Writer, res *solver.Result, vars int) error {
	var err error
	if cfg.Format == dimacs.Minisat {
		err = dimacs.WriteCompleteMinisatAnswer(w, res.Status, res.Model, vars)
	} else {
		err = dimacs.WriteCompleteAnswer(w, res.Status, res.Model, vars)
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		return fmt.Errorf("writing the answer: %v", err)
	}
	return nil
}

// writeUnknown writes the answer of a run that a timeout or a signal
// stopped while satrun read its input.
func writeUnknown(cfg config, stdout io.Writer) error {
	if cfg.Format == dimacs.Minisat {
		return dimacs.WriteMinisatAnswer(stdout, dimacs.Unknown, nil)
	}
	return dimacs.WriteAnswer(stdout, dimacs.Unknown, nil)
}
