package run

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pipesat/pipesat/bench/gbd"
	"github.com/pipesat/pipesat/bench/measure"
	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/suite"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/shellword"
	"github.com/pipesat/pipesat/internal/tempfile"
)

// Solver is a solver as a benchmark runs it: a command line to which the
// CNF file's path is appended.
type Solver struct {
	Name    string   // the rows' solver column
	Argv    []string // the command
	Version string   // recorded in every row
	// Spec is the "NAME=COMMAND" or "COMMAND" CommandSolver made it
	// from; empty for a solver given by name (NamedSolver) or made up by
	// a caller.
	Spec string
	// Direct is the solver's own command line, which runs without
	// satrun unless certifying; nil to run Argv (gini, a command line).
	Direct *Direct
}

// Job is one run to do.
type Job struct {
	Solver   *Solver
	Instance *suite.Instance
	Rep      int // from 1
}

// Matrix returns every solver on every instance, reps times, in that
// nesting order. With seed != 0 the order is shuffled by a generator
// seeded with seed, so interference between runs (a warm cache, a busy
// neighbour) does not always favour the same solver.
func Matrix(solvers []Solver, instances []suite.Instance, reps int, seed uint64) []Job {
	var jobs []Job
	for i := range instances {
		for s := range solvers {
			for r := 1; r <= reps; r++ {
				jobs = append(jobs, Job{&solvers[s], &instances[i], r})
			}
		}
	}
	if seed != 0 {
		rng := rand.New(rand.NewPCG(seed, 0x5a7be7c4))
		rng.Shuffle(len(jobs), func(i, j int) { jobs[i], jobs[j] = jobs[j], jobs[i] })
	}
	return jobs
}

// Limits are the per-run limits.
type Limits struct {
	// Timeout bounds each run's wall time (encoder and solver together);
	// 0 means none.
	Timeout time.Duration
	// Memory bounds the resident memory of each run's process tree, in
	// bytes; 0 means none.
	Memory int64
	// Grace is how long a timed-out tree has between SIGTERM and SIGKILL.
	Grace time.Duration
}

// Runner runs jobs and appends their rows to a results file.
type Runner struct {
	Limits
	Jobs   int  // parallel runs; < 1 means 1
	Verify bool // check SAT models against the CNF
	// Certify runs each solver through satrun --certify --stats (every
	// Solver must be a satrun command line, as NamedSolver and
	// CommandSolver make) and records whether UNSAT was proven: a
	// checked DRAT proof.
	Certify bool
	// Reps is recorded in every row (results.Row.Reps): the repetitions
	// the benchmark asked for, 0 if unknown.
	Reps int
	Host string
	// Machine is recorded in every row (see measure.ReadMachine); nil
	// records none.
	Machine *measure.Machine
	// Progress receives progress: if it is a terminal, a status line with
	// a ticking clock and the ETA and a line per worker naming its run,
	// redrawn every second; else one line per finished run and a heartbeat
	// line after 30 s (Heartbeat) without one. Both end with a summary
	// line. Nil means silence.
	Progress io.Writer
	Terminal bool

	mem measure.Limiter
}

// MemMethod returns how r limits each run's memory (Limits.Memory):
// measure.MemCgroup when the machine delegates a cgroup v2 subtree with
// the memory controller to this process, else measure.MemProc, and then
// why not cgroups. The first call decides, and makes the cgroups: call
// Close when done.
func (r *Runner) MemMethod() (method, why string) { return r.mem.Method(r.Memory) }

// Close removes the cgroups r made for its runs, if any, and moves this
// process back to its own group, and ends the runs' idle supervisors (see
// measure.StopSupervisors). r runs nothing after Close.
func (r *Runner) Close() {
	// The supervisors first: they live in satbench's own cgroup, which the
	// Limiter's Close removes.
	measure.StopSupervisors()
	r.mem.Close()
}

// Run runs jobs, skipping those whose key is in done, and appends a row to
// out as each run ends. It returns the new rows, in the order they ended.
// When ctx ends, running runs are killed and not recorded, and Run returns
// ctx's error.
func (r *Runner) Run(ctx context.Context, jobs []Job, done map[results.Key]bool, out *results.Appender) ([]results.Row, error) {
	var todo []Job
	for _, j := range jobs {
		if !done[j.Key()] {
			todo = append(todo, j)
		}
	}
	n := max(r.Jobs, 1)
	cpus := measure.PinPlan(n, measure.AllowedCPUs())
	prog := newProgress(r.Progress, r.Terminal, todo, len(jobs)-len(todo), n, r.Timeout, time.Now)
	prog.run()
	var (
		mu      sync.Mutex
		rows    []results.Row
		firstEr error
	)
	ch := make(chan Job)
	var wg sync.WaitGroup
	for w := range n {
		var cpu *int
		if cpus != nil {
			cpu = &cpus[w]
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				prog.begin(w, &j)
				row, err := r.runOne(ctx, j, n, cpu)
				if err == nil {
					err = out.Append(&row)
				}
				if err != nil {
					prog.end(w, nil)
					mu.Lock()
					if firstEr == nil {
						firstEr = err
					}
					mu.Unlock()
					continue
				}
				mu.Lock()
				rows = append(rows, row)
				mu.Unlock()
				prog.end(w, &row)
			}
		}()
	}
feed:
	for _, j := range todo {
		select {
		case ch <- j:
		case <-ctx.Done():
			break feed
		}
	}
	close(ch)
	wg.Wait()
	prog.finish()
	if err := ctx.Err(); err != nil {
		return rows, err
	}
	return rows, firstEr
}

// RunOne runs one job and returns its row. An error means the run could
// not be recorded: ctx ended, or no temporary directory could be made.
// Everything that goes wrong with the solver itself is an ERROR row. The
// row's Jobs is 0 (unknown): RunOne does not know what else runs.
func (r *Runner) RunOne(ctx context.Context, j Job) (results.Row, error) {
	return r.runOne(ctx, j, 0, nil)
}

// runOne is RunOne for one of jobs parallel workers (0 if unknown), its
// runs pinned to cpu (none if nil).
func (r *Runner) runOne(ctx context.Context, j Job, jobs int, cpu *int) (results.Row, error) {
	row := results.Row{
		Solver:   j.Solver.Name,
		Instance: j.Instance.Name,
		Rep:      j.Rep,
		Version:  j.Solver.Version,
		Timeout:  r.Timeout.Seconds(),
		Memory:   r.Memory >> 20,
		Host:     r.Host,
		GBD:      j.Instance.GBD,
		Jobs:     jobs,
		Machine:  r.Machine,
		Load:     measure.LoadAvg(),
		Reps:     r.Reps,
		Certify:  r.Certify,
	}
	row.MemMethod, _ = r.MemMethod()
	if cpu != nil {
		c := *cpu
		row.CPU = &c
	}
	tmp, err := tempfile.Mkdir("", "satbench-*")
	if err != nil {
		return row, err
	}
	defer os.RemoveAll(tmp)

	start := time.Now()
	row.Start = start.UTC().Format(time.RFC3339Nano)
	st := &steps{ctx: ctx, row: &row, cmd: measure.Command{Grace: r.Grace, MaxMemory: r.Memory, Limiter: &r.mem, CPU: cpu}}
	if r.Timeout > 0 {
		st.cmd.Deadline = start.Add(r.Timeout)
	}
	if st.cmd.Grace <= 0 {
		st.cmd.Grace = time.Second
	}
	if st.devnull, err = os.Open(os.DevNull); err != nil {
		return row, err
	}
	defer st.devnull.Close()

	cnf := j.Instance.Path
	if j.Instance.Encode != "" {
		cnf = filepath.Join(tmp, "instance.cnf")
		if ended, err := st.encode(j.Instance, cnf, filepath.Join(tmp, "encode.err")); ended || err != nil {
			return row, err
		}
	}
	f := runFiles{out: filepath.Join(tmp, "solver.out"), err: filepath.Join(tmp, "solver.err")}
	var argv []string
	argv, f.answer, f.direct = r.argv(j.Solver, cnf, tmp)
	if f.direct == nil {
		row.Via = "satrun"
	}
	u, err := st.run(argv, nil, f.out, f.err)
	row.Contended = results.Contended(row.Wall, row.User+row.Sys)
	if j.Instance.Encode != "" {
		// The encoder's CNF, hashed after the solver ran so that the
		// hashing takes nothing from its time limit.
		row.GBD, _ = gbd.HashFile(cnf)
	}
	switch {
	case u.Interrupted:
		return row, ctx.Err()
	case err != nil:
		return fail(row, "%v", err), nil
	case st.limited(u):
		return row, nil
	}
	r.classify(&row, f, cnf)
	return row, nil
}

// runFiles are the files of one solver run.
type runFiles struct {
	out, err string // its standard output and error
	answer   string // where its answer is: out, or a minisat result file
	direct   *Direct
}

// Via returns the Via that r records in j's row: "satrun" if it runs j's
// solver through satrun, "" if by the solver's own command line (see
// argv). It takes an --encode instance for one whose encoder writes a
// plain CNF file.
func (r *Runner) Via(j Job) string {
	if j.Solver.Direct == nil || r.Certify || j.Instance.Encode == "" && !plainFile(j.Instance.Path) {
		return "satrun"
	}
	return ""
}

// argv returns the command line that runs s on cnf, with dir for its
// files, where its answer will be, and s.Direct if that is the command:
// s's own (Direct) on a plain CNF file without Certify, else satrun's.
func (r *Runner) argv(s *Solver, cnf, dir string) (argv []string, answer string, d *Direct) {
	if s.Direct != nil && !r.Certify && plainFile(cnf) {
		argv, answer = s.Direct.argv(cnf, dir)
		if answer == "" {
			answer = filepath.Join(dir, "solver.out")
		}
		return argv, answer, s.Direct
	}
	argv = solverArgv(s, cnf)
	if r.Certify {
		argv = append([]string{argv[0], "--certify", "--stats"}, argv[1:]...)
	}
	return argv, filepath.Join(dir, "solver.out"), nil
}

// steps are the commands of one run, the encoder's and the solver's,
// under the run's limits: each adds what it cost to the run's row.
type steps struct {
	ctx     context.Context
	row     *results.Row
	cmd     measure.Command // the limits; run sets the command and files
	devnull *os.File
}

// encode runs inst's encoder, its CNF to cnf and its standard error to
// errPath. It reports whether the run ended there, its row final (an
// ERROR, TIMEOUT or MEMOUT row); an error means the run is not recorded.
func (st *steps) encode(inst *suite.Instance, cnf, errPath string) (ended bool, err error) {
	u, err := st.run(encoderArgv(inst), inst, cnf, errPath)
	st.row.Encode = u.Wall.Seconds()
	switch {
	case u.Interrupted:
		return true, st.ctx.Err()
	case err != nil:
		*st.row = fail(*st.row, "encoder: %v", err)
	case st.limited(u):
	case u.Exit != 0:
		*st.row = fail(*st.row, "encoder exited %d: %s", u.Exit, firstError(errPath))
	default:
		return false, nil
	}
	return true, nil
}

// run runs argv with stdin /dev/null (or inst's file for an encoder
// without "{}") and its stdout and stderr in files, and adds its cost to
// the row.
func (st *steps) run(argv []string, inst *suite.Instance, outPath, errPath string) (measure.Cost, error) {
	u, err := st.start(argv, inst, outPath, errPath)
	st.row.Wall += u.Wall.Seconds()
	st.row.User += u.User.Seconds()
	st.row.Sys += u.Sys.Seconds()
	st.row.MaxRSS = max(st.row.MaxRSS, u.MaxRSS)
	st.row.Exit = u.Exit
	if u.CPUMethod != "" {
		st.row.CPUMethod = u.CPUMethod
	}
	return u, err
}

func (st *steps) start(argv []string, inst *suite.Instance, outPath, errPath string) (measure.Cost, error) {
	c := st.cmd
	c.Argv, c.Stdin = argv, st.devnull
	if inst != nil && inst.Path != "-" && !strings.Contains(inst.Encode, "{}") {
		f, err := os.Open(inst.Path)
		if err != nil {
			return measure.Cost{}, err
		}
		defer f.Close()
		c.Stdin = f
	}
	out, err := os.Create(outPath)
	if err != nil {
		return measure.Cost{}, err
	}
	defer out.Close()
	errf, err := os.Create(errPath)
	if err != nil {
		return measure.Cost{}, err
	}
	defer errf.Close()
	if !c.Deadline.IsZero() && time.Until(c.Deadline) <= 0 {
		return measure.Cost{TimedOut: true, Exit: -1}, nil
	}
	c.Stdout, c.Stderr = out, errf
	return c.Run(st.ctx)
}

// limited sets the row's status TIMEOUT or MEMOUT if u hit that limit,
// and reports whether it did.
func (st *steps) limited(u measure.Cost) bool {
	switch {
	case u.TimedOut:
		st.row.Status = results.StatusTimeout
	case u.MemOut:
		st.row.Status = results.StatusMemout
	default:
		return false
	}
	return true
}

// classify sets row's status from the solver's exit code and output, and
// checks a SAT model against the CNF.
func (r *Runner) classify(row *results.Row, f runFiles, cnf string) {
	if !answerExit(row.Exit, f.direct) {
		msg := firstError(f.err)
		if row.Exit < 0 {
			*row = fail(*row, "solver killed by a signal: %s", msg)
			return
		}
		*row = fail(*row, "solver exited %d: %s", row.Exit, msg)
		if r.Certify && strings.Contains(msg, unprovenText) {
			row.Status = results.StatusUnproven
		}
		return
	}
	o, err := readAnswer(f)
	if err != nil {
		*row = fail(*row, "%v", err)
		return
	}
	st := o.Status()
	if want := exitStatus(row.Exit); row.Exit != 0 && want != st {
		*row = fail(*row, "exit code %d but the output says %v", row.Exit, st)
		return
	}
	if err := o.Cut(); err != nil {
		// A model whose final 0 never came may be missing literals,
		// checked or not: an error, as in satrun and the decoders.
		*row = fail(*row, "%v", err)
		return
	}
	switch st {
	case dimacs.Unsat:
		row.Status = results.StatusUnsat
		row.Proven = o.Proven
		if o.Proven {
			row.Check = checkTime(f.err)
		}
		return
	case dimacs.Unknown:
		row.Status = results.StatusUnknown
		return
	}
	row.Status = results.StatusSat
	if !r.Verify {
		return
	}
	models := o.Models()
	if len(models) == 0 || models[0] == nil {
		*row = fail(*row, "SAT without a model")
		return
	}
	vars, err := checkModel(cnf, models[0])
	if err != nil {
		*row = fail(*row, "wrong model: %v", err)
		return
	}
	row.Verified = true
	row.Model = ModelHash(models[0], vars)
}

// answerExit reports whether a solver that exited with code may have
// answered: 0, 10 (SAT), 20 (UNSAT), or one of d's codes for UNKNOWN.
func answerExit(code int, d *Direct) bool {
	return code == 0 || code == 10 || code == 20 || d.unknownExit(code)
}

// exitStatus returns the answer exit code says the solver gave: Sat for
// 10, Unsat for 20, else Unknown.
func exitStatus(code int) dimacs.Status {
	switch code {
	case 10:
		return dimacs.Sat
	case 20:
		return dimacs.Unsat
	}
	return dimacs.Unknown
}

// readAnswer reads the answer of a run with files f: its standard output,
// or the result file a minisat-dialect solver wrote.
func readAnswer(f runFiles) (*dimacs.Output, error) {
	name := "solver output"
	if f.answer != f.out {
		name = "result file"
	}
	fh, err := os.Open(f.answer)
	if os.IsNotExist(err) {
		return nil, fmt.Errorf("the solver wrote no %s", name)
	}
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return dimacs.ReadOutput(fh, name)
}

// unprovenText is in satrun --certify's error when a solver's UNSAT
// answer came with a proof that fails its check (see solver.Certify).
const unprovenText = ": UNSAT answer not proven: "

// checkTime returns the proof check time satrun --certify --stats writes
// to standard error ("c proofs checked N in 1.234s ..."), or 0.
func checkTime(errPath string) float64 {
	b, _ := os.ReadFile(errPath)
	for l := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(l, "c proofs checked "); ok {
			f := strings.Fields(rest)
			if len(f) >= 3 && f[1] == "in" {
				t, _ := strconv.ParseFloat(strings.TrimSuffix(f[2], "s"), 64)
				return t
			}
		}
	}
	return 0
}

// checkModel checks m against the CNF file at path and returns the
// formula's number of variables.
func checkModel(path string, m dimacs.Model) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	formula, err := dimacs.Read(f, path, dimacs.Options{Relaxed: true})
	if err != nil {
		return 0, err
	}
	return formula.Vars, formula.Check(m)
}

// ModelHash returns the hex SHA-256 of m's assigned literals of variables
// 1 to vars, written in variable order as decimal numbers each followed
// by a space ("1 -2 3 "): the same assignment of the formula's variables
// gives the same hash, whatever else the solver printed (values of
// variables above vars, a different line layout).
func ModelHash(m dimacs.Model, vars int) string {
	h := sha256.New()
	var b []byte
	for v := 1; v <= vars && v < len(m); v++ {
		switch m[v] {
		case 1:
			b = strconv.AppendInt(b[:0], int64(v), 10)
		case -1:
			b = strconv.AppendInt(append(b[:0], '-'), int64(v), 10)
		default:
			continue
		}
		h.Write(append(b, ' '))
	}
	return hex.EncodeToString(h.Sum(nil))
}

func fail(row results.Row, format string, args ...any) results.Row {
	row.Status = results.StatusError
	row.Verified = false
	row.Error = fmt.Sprintf(format, args...)
	return row
}

// firstError returns the first line of the standard error file at path
// that is neither blank nor a "c " comment, shortened: the error itself.
// The lines after it may be the offending input line and a caret under
// its column, which say nothing alone (a row said "solver exited 1: ^").
func firstError(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return "no message"
	}
	defer f.Close()
	// The line is cut at 200 bytes: a megabyte of junk reads no further.
	br := bufio.NewReaderSize(f, 4096)
	for {
		b, err := br.ReadSlice('\n')
		line := strings.TrimSpace(string(b))
		if line != "" && line != "c" && !strings.HasPrefix(line, "c ") {
			if len(line) > 200 {
				line = line[:200] + "..."
			}
			return line
		}
		for err == bufio.ErrBufferFull {
			_, err = br.ReadSlice('\n')
		}
		if err != nil {
			return "no message"
		}
	}
}

func solverArgv(s *Solver, cnf string) []string {
	return append(append([]string(nil), s.Argv...), cnf)
}

func encoderArgv(inst *suite.Instance) []string {
	return []string{"/bin/sh", "-c", strings.ReplaceAll(inst.Encode, "{}", shellword.Quote(inst.Path))}
}

// Key returns the key of j's row.
func (j *Job) Key() results.Key {
	return results.Key{Solver: j.Solver.Name, Instance: j.Instance.Name, Rep: j.Rep}
}

// HashInstances sets the GBD hash of every CNF file instance of jobs,
// once per instance. A file gbdc cannot hash either (a SATLIB "%" line)
// has none, and its runs go ahead.
func HashInstances(jobs []Job) {
	done := map[*suite.Instance]bool{}
	for _, j := range jobs {
		in := j.Instance
		if done[in] || in.Encode != "" {
			continue
		}
		done[in] = true
		in.GBD, _ = gbd.HashFile(in.Path)
	}
}
