package solver

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/tempfile"
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
	// RestartArgs, if not nil, replace Args from the third call of an
	// enumeration that starts the solver again for each model (see
	// Enumerate): options that suit many short calls. A call that fails
	// with them is made again with Args, which the rest of the
	// enumeration keeps (a version of the solver that lacks an option).
	RestartArgs []string
	// Phase is the value the solver first tries for a variable (its
	// initial decision phase): 1 true, -1 false, 0 another rule (picosat's
	// Jeroslow-Wang count) or unknown. With Phase set, an enumeration that
	// starts the solver again for each model renames the variables of
	// each call after the first so that the last model is where the
	// solver starts (see Enumerate).
	Phase int8
	// Dialect is dimacs.Competition (the default when 0: "s" and "v"
	// lines on stdout) or dimacs.Minisat (called "prog in.cnf
	// result.txt", the model only in the result file, "SAT\n1 -2 0").
	Dialect dimacs.Dialect
	// ExitCodes are exit statuses that mean a normal end besides 0, 10
	// and 20 (cryptominisat5 exits 15 for INDETERMINATE).
	ExitCodes []int
	// Grace is how long the solver has between SIGTERM and SIGKILL when
	// ctx ends; DefaultGrace if zero.
	Grace time.Duration
	// KeepOutput keeps the solver's stdout in Result.Output.
	KeepOutput bool
	// Comments, if not nil, receives the solver's own messages as it
	// prints them (satrun -v): the lines of its standard output that
	// start with "c" (competition dialect), or all of them (the minisat
	// dialect's messages have no marker). The arguments Quiet (a known
	// solver's "-q") are then left out of Args, so that the solver
	// prints them at all. Written from the goroutine that runs Solve.
	Comments io.Writer
	Quiet    []string
	// TempDir is where the CNF and result files go; os.TempDir() if empty.
	TempDir string
	// Stdin says the program reads the CNF from standard input when its
	// "{cnf}" argument is left out (competition dialect only), so that
	// ReadStarted can feed it while the input is still being read.
	Stdin bool
	// Native is the solver's own enumeration, nil if it has none; see
	// Enumerate.
	Native *Native
	// NamedCNF says the program must get the CNF as a file with a name of
	// its own, a temporary "pipesat-*.cnf", never the user's file as
	// "/dev/stdin" (see ReadStarted): Command sets it for a program it does
	// not know that takes "{cnf}", which may look at the file's name.
	NamedCNF bool

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
	cnf, err := writeTemp(ctx, e.TempDir, "pipesat-*.cnf", f, assume)
	if err != nil {
		if ctx.Err() != nil {
			return &Result{Status: dimacs.Unknown, ExitCode: -1, Wall: time.Since(start)}, nil
		}
		return nil, fmt.Errorf("%s: %v", e.Name(), err)
	}
	defer os.Remove(cnf)
	var out string
	if e.Dialect == dimacs.Minisat {
		o, err := tempfile.Create(e.TempDir, "pipesat-*.result")
		if err != nil {
			return nil, fmt.Errorf("%s: %v", e.Name(), err)
		}
		out = o.Name()
		o.Close()
		// RemoveAll: the solver may have put a directory in its place.
		defer os.RemoveAll(out)
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
	grace := e.grace()
	solverOut, done := p.output(ctx, grace)
	r := e.tee(solverOut)
	var kept *strings.Builder
	if e.KeepOutput {
		kept = new(strings.Builder)
		r = io.TeeReader(r, kept)
	}
	stdoutLines := &statusLines{}
	o, rerr := dimacs.ReadOutput(io.TeeReader(r, stdoutLines), e.Name()+" output")
	done()

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
	if o.Truncated {
		// A model whose final 0 never came: the solver died or was cut
		// in the middle of it, so it may be missing literals.
		return nil, fmt.Errorf("%s: output ends before the final 0 of the model of line %d%s", e.Name(), o.Answers[len(o.Answers)-1].Line, p.stderrTail())
	}
	stdout := answers{o: o, lines: stdoutLines}
	var a dimacs.Answer
	var err error
	if e.Dialect == dimacs.Minisat {
		ro, resultLines, err := e.readResult(ctx, grace, out)
		if err == context.Canceled || err == context.DeadlineExceeded {
			return res, nil // ctx ended while reading the result file
		}
		if err != nil {
			return nil, err
		}
		if len(ro.Answers) == 0 {
			return nil, fmt.Errorf("%s: printed no answer (exit status %d)%s", e.Name(), code, p.stderrTail())
		}
		if ro.Truncated {
			return nil, fmt.Errorf("%s: result file ends before the final 0 of the model of line %d", e.Name(), ro.Answers[len(ro.Answers)-1].Line)
		}
		a, err = e.minisatAnswer(code, stdout, answers{o: ro, lines: resultLines, where: "result file "})
		if err != nil {
			return nil, err
		}
		if a.Status == dimacs.Sat && a.Model == nil {
			// minisat writes "SAT\n 0" for a formula without clauses: no
			// variable is assigned. A wrong model is caught by the check.
			a.Model = dimacs.Model{}
		}
	} else {
		if len(o.Answers) == 0 {
			return nil, fmt.Errorf("%s: printed no answer (exit status %d)%s", e.Name(), code, p.stderrTail())
		}
		if a, err = e.competitionAnswer(code, stdout); err != nil {
			return nil, err
		}
	}
	switch {
	case a.Status == dimacs.Sat && a.Model == nil:
		return nil, fmt.Errorf("%s: answered SATISFIABLE without a model", e.Name())
	case a.Status == dimacs.Sat && a.Model.Vars() > vars():
		return nil, modelVarsError(e.Name(), a.Model.Vars(), vars())
	}
	res.Status = a.Status
	res.Model = a.Model
	return res, nil
}

// grace returns e.Grace, or DefaultGrace if it is not set.
func (e *External) grace() time.Duration {
	if e.Grace <= 0 {
		return DefaultGrace
	}
	return e.Grace
}

// output starts watching p (p.watch: the process group ends when ctx does)
// and returns its standard output to read, and done, which drains what is
// left of it (so the solver never dies of SIGPIPE), waits for the watch to
// end and for stderr to be read. The pipes get a read deadline once the
// process is gone: an escaped grandchild could keep them open for ever.
func (p *process) output(ctx context.Context, grace time.Duration) (r io.Reader, done func()) {
	watched := make(chan struct{})
	go func() {
		p.watch(ctx, grace)
		p.stdout.SetReadDeadline(time.Now().Add(grace))
		p.stderrR.SetReadDeadline(time.Now().Add(grace))
		close(watched)
	}()
	sp := &silentPipe{f: p.stdout, grace: grace}
	return sp, func() {
		io.Copy(io.Discard, sp)
		<-watched
		p.stdout.Close()
		<-p.errDone
	}
}

// answers are the answers of one stream of a solver run, with the text of
// their status lines for messages.
type answers struct {
	o     *dimacs.Output
	lines *statusLines
	where string // "" for standard output, "result file "
}

// quote returns the status line of answer i, quoted, and where it is.
func (s answers) quote(i int) string {
	a := s.o.Answers[i]
	return fmt.Sprintf("%q (%sline %d)", s.lines.text(a.Line, a.Status), s.where, a.Line)
}

// competitionAnswer returns the answer of a run that printed at least one.
// A second answer that disagrees with the first, wherever it comes (a
// solver's own enumeration, picosat --all or cryptominisat5 --maxsol, ends
// with one: a plain run has no use for it), any second answer other than
// another model, and an exit status that contradicts the answer are errors
// quoting both. (dimacs.ReadOutput already refuses an answer after one
// that is not SATISFIABLE.)
func (e *External) competitionAnswer(code int, s answers) (dimacs.Answer, error) {
	as := s.o.Answers
	if j := other(as, 0); j < len(as) && (as[j].Status != as[0].Status || as[0].Model == nil || as[j].Model == nil) {
		return dimacs.Answer{}, e.twoAnswers(s, 0, s, j)
	}
	return as[0], e.checkExit(code, s, 0)
}

// minisatAnswer returns the answer of the result file r, which holds at
// least one; stdout may repeat it (minisat prints "SATISFIABLE"), but must
// not contradict it.
func (e *External) minisatAnswer(code int, stdout, r answers) (dimacs.Answer, error) {
	if len(r.o.Answers) > 1 {
		return dimacs.Answer{}, e.twoAnswers(r, 0, r, other(r.o.Answers, 0))
	}
	if n := len(stdout.o.Answers); n > 1 {
		return dimacs.Answer{}, e.twoAnswers(stdout, 0, stdout, other(stdout.o.Answers, 0))
	} else if n == 1 && stdout.o.Answers[0].Status != r.o.Answers[0].Status {
		return dimacs.Answer{}, e.twoAnswers(stdout, 0, r, 0)
	}
	return r.o.Answers[0], e.checkExit(code, r, 0)
}

// other returns the first answer after i whose status differs from i's, or
// else the one after i.
func other(as []dimacs.Answer, i int) int {
	for j := i + 1; j < len(as); j++ {
		if as[j].Status != as[i].Status {
			return j
		}
	}
	return i + 1
}

func (e *External) twoAnswers(s answers, i int, t answers, j int) error {
	what := "two answers"
	if s.o.Answers[i].Status != t.o.Answers[j].Status {
		what = "contradictory answers"
	}
	return fmt.Errorf("%s: %s: %s and %s", e.Name(), what, s.quote(i), t.quote(j))
}

// checkExit checks that exit status code agrees with answer i of s: 10 is
// SATISFIABLE, 20 UNSATISFIABLE, and the solver's own codes (cryptominisat5's
// 15) mean UNKNOWN; 0 goes with any answer.
func (e *External) checkExit(code int, s answers, i int) error {
	st := s.o.Answers[i].Status
	switch {
	case code == 10 && st != dimacs.Sat,
		code == 20 && st != dimacs.Unsat,
		code != 0 && code != 10 && code != 20 && st != dimacs.Unknown:
		return fmt.Errorf("%s: answered %q but exited %d", e.Name(), s.lines.text(s.o.Answers[i].Line, st), code)
	}
	return nil
}

// readResult reads the minisat dialect's result file out, which the solver
// has filled and exited. It must be a regular file: a FIFO, a device, a
// directory or a symbolic link put in its place is an error, never a
// blocking open. Reading stops when ctx ends (plus grace), returning
// ctx.Err().
func (e *External) readResult(ctx context.Context, grace time.Duration, out string) (*dimacs.Output, *statusLines, error) {
	fi, err := os.Lstat(out)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: result file: %v", e.Name(), err)
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("%s: result file %s is not a regular file (%s)", e.Name(), out, fileKind(fi.Mode()))
	}
	// O_NONBLOCK: if something swapped a FIFO in after the Lstat, the open
	// must not wait for a writer; O_NOFOLLOW: nor follow a new symlink.
	fd, err := syscall.Open(out, syscall.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: result file: %v", e.Name(), &os.PathError{Op: "open", Path: out, Err: err})
	}
	rf := os.NewFile(uintptr(fd), out)
	defer rf.Close()
	if fi, err := rf.Stat(); err != nil || !fi.Mode().IsRegular() {
		if err == nil {
			err = fmt.Errorf("%s is not a regular file (%s)", out, fileKind(fi.Mode()))
		}
		return nil, nil, fmt.Errorf("%s: result file: %v", e.Name(), err)
	}
	lines := &statusLines{}
	r := &ctxReader{ctx: ctx, grace: grace, r: io.TeeReader(rf, lines)}
	o, err := dimacs.ReadOutput(r, e.Name()+" result file")
	if r.err != nil {
		return nil, nil, r.err
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", e.Name(), err)
	}
	return o, lines, nil
}

// fileKind names the type of a file that is not a regular file.
func fileKind(m os.FileMode) string {
	switch {
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m.IsDir():
		return "a directory"
	case m&os.ModeSymlink != 0:
		return "a symbolic link"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "mode " + m.String()
}

// ctxReader reads r until ctx has ended for longer than grace; then it
// returns ctx.Err(), also kept in err. A regular file's reads do not block,
// so checking between reads bounds the time a huge result file may take.
type ctxReader struct {
	ctx   context.Context
	grace time.Duration
	r     io.Reader
	end   time.Time
	err   error
}

func (c *ctxReader) Read(b []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	if err := c.ctx.Err(); err != nil {
		if c.end.IsZero() {
			c.end = time.Now().Add(c.grace)
		} else if time.Now().After(c.end) {
			c.err = err
			return 0, err
		}
	}
	return c.r.Read(b)
}

// statusLines keeps the text of the first status lines of a stream ("s
// ...", minisat's "SAT", cadical's "c UNKNOWN"), so that a message can
// quote them as the solver wrote them.
type statusLines struct {
	line    int    // lines completed so far
	cur     []byte // the start of the current line
	curLong bool
	kept    []statusLine
}

type statusLine struct {
	line int
	text string
}

// maxStatusLines bounds what statusLines keeps: a solver's own
// enumeration may print millions of "s SATISFIABLE" lines.
const maxStatusLines = 64

func (s *statusLines) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		frag := b
		if i >= 0 {
			frag = b[:i]
		}
		if len(s.kept) < maxStatusLines && !s.curLong {
			if len(s.cur)+len(frag) > 40 {
				s.curLong = true
				s.cur = s.cur[:0]
			} else {
				s.cur = append(s.cur, frag...)
			}
		}
		if i < 0 {
			break
		}
		s.line++
		t := strings.TrimSpace(string(s.cur))
		if !s.curLong && isStatusLine(t) && len(s.kept) < maxStatusLines {
			s.kept = append(s.kept, statusLine{s.line, t})
		}
		s.cur, s.curLong = s.cur[:0], false
		b = b[i+1:]
	}
	return n, nil
}

func isStatusLine(t string) bool {
	switch t {
	case "SAT", "UNSAT", "INDET", "SATISFIABLE", "UNSATISFIABLE", "INDETERMINATE", "c UNKNOWN":
		return true
	}
	return strings.HasPrefix(t, "s ")
}

// text returns the status line numbered line, or a stand-in for status st
// if it was not kept.
func (s *statusLines) text(line int, st dimacs.Status) string {
	for _, k := range s.kept {
		if k.line == line {
			return k.text
		}
	}
	if k := len(s.kept); s.line < line && len(s.cur) > 0 && !s.curLong && k < maxStatusLines {
		// The last line, without a newline.
		if t := strings.TrimSpace(string(s.cur)); isStatusLine(t) {
			return t
		}
	}
	return "s " + st.String()
}

// args returns the arguments with {cnf} and {out} replaced, and whether the
// CNF goes to standard input.
func (e *External) args(cnf, out string) ([]string, bool) {
	var args []string
	hasCNF, hasOut := false, false
	for _, a := range e.argList() {
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
	if e.Dialect == dimacs.Minisat {
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

// argList returns e.Args, less the arguments Quiet when Comments is set.
func (e *External) argList() []string {
	if e.Comments == nil || len(e.Quiet) == 0 {
		return e.Args
	}
	for i := 0; i+len(e.Quiet) <= len(e.Args); i++ {
		if slices.Equal(e.Args[i:i+len(e.Quiet)], e.Quiet) {
			return slices.Concat(e.Args[:i], e.Args[i+len(e.Quiet):])
		}
	}
	return e.Args
}

// tee returns r, the solver's standard output, copying its messages to
// e.Comments as they are read if it is set.
func (e *External) tee(r io.Reader) io.Reader {
	if e.Comments == nil {
		return r
	}
	return io.TeeReader(r, &commentLines{w: e.Comments, all: e.Dialect == dimacs.Minisat})
}

// commentLines writes each line written to it that starts with "c" (every
// line, if all) to w, as it comes: a line in pieces goes on in pieces, and
// nothing is held. Errors writing to w are ignored: the messages are
// for the user, and the answer must still be read.
type commentLines struct {
	w         io.Writer
	all       bool
	mid, keep bool // within a line; whether it goes to w
}

func (c *commentLines) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		if !c.mid {
			c.mid, c.keep = true, c.all || p[0] == 'c'
		}
		piece := p
		i := bytes.IndexByte(p, '\n')
		if i >= 0 {
			piece, p, c.mid = p[:i+1], p[i+1:], false
		} else {
			p = nil
		}
		if c.keep {
			c.w.Write(piece)
		}
	}
	return n, nil
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

// writeTemp writes f plus one unit clause per assumption as a solver's
// canonical DIMACS (Formula.WriteCNF: no comments) to a new file in dir and
// returns its name. It stops with ctx's error when ctx ends (checked at
// each of WriteCNF's 64 KiB writes), so writing a large formula obeys
// --timeout.
func writeTemp(ctx context.Context, dir, pattern string, f *dimacs.Formula, assume []int) (string, error) {
	t, err := tempfile.Create(dir, pattern)
	if err != nil {
		return "", err
	}
	_, err = f.WriteCNF(ctxWriter{ctx: ctx, w: t}, assume...)
	if cerr := t.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(t.Name())
		return "", err
	}
	return t.Name(), nil
}

// ctxWriter writes to w until ctx ends, then fails with ctx's error.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// silentPipe reads a solver's stdout after the run's tree was stopped, when
// a read deadline guards against a descendant that escaped and holds the
// pipe open. The deadline fails a read only after the pipe stayed silent
// for a whole grace period: on a loaded machine satrun may still be parsing
// buffered output when the first deadline passes, and that output is the
// answer.
type silentPipe struct {
	f     *os.File
	grace time.Duration
	idle  bool // the last read hit the deadline with no data since
}

func (s *silentPipe) Read(p []byte) (int, error) {
	for {
		n, err := s.f.Read(p)
		if n > 0 || !errors.Is(err, os.ErrDeadlineExceeded) {
			s.idle = false
			return n, err
		}
		if s.idle {
			return n, err
		}
		s.idle = true
		s.f.SetReadDeadline(time.Now().Add(s.grace))
	}
}

// modelVarsError is the error for a model of solver name that names
// variable v, above the formula's vars.
func modelVarsError(name string, v, vars int) error {
	return fmt.Errorf("%s: model has variable %d, the formula only %d", name, v, vars)
}
