package satbench

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/bench/measure"
	"github.com/pipesat/pipesat/bench/plan"
	"github.com/pipesat/pipesat/bench/plot"
	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/run"
	"github.com/pipesat/pipesat/bench/score"
	"github.com/pipesat/pipesat/bench/suite"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/outfile"
	"github.com/pipesat/pipesat/internal/shellword"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// errDisagreement is returned (wrapped) by run, exec and merge when two
// solvers disagree or a model was wrong.
var errDisagreement = errors.New("solvers disagree")

// limits returns the runs' limits the flags ask for.
func (o *common) limits() (run.Limits, error) {
	l := run.Limits{Timeout: o.timeout, Grace: o.grace}
	if o.memory != "" {
		m, err := measure.ParseSize(o.memory)
		if err != nil {
			return l, usage.Wrap(err)
		}
		l.Memory = m
	}
	return l, nil
}

// matrix returns the jobs of the solvers names and o's --solver-cmd on o's
// suites and the instances (c's operands), o.reps times: in run order
// (shuffled by --seed) and in the suite's order (instances as listed,
// solvers as named, then reps).
func (o *common) matrix(c *cmdio.Cmd, names []string) (shuffled, ordered []run.Job, err error) {
	if o.reps < 1 {
		return nil, nil, usage.Errorf("--reps %d: need at least 1", o.reps)
	}
	instances, err := suite.Instances(o.suites.Value(), o.encoders.Value(), c.Operands())
	if err != nil {
		return nil, nil, word(err)
	}
	satrun := o.satrun
	if satrun == "" {
		if satrun, err = run.FindSatrun(); err != nil {
			return nil, nil, word(err)
		}
	}
	solvers, err := run.Solvers(satrun, names, o.solverCmds.Value(), o.certify)
	if err != nil {
		return nil, nil, word(err)
	}
	return run.Matrix(solvers, instances, o.reps, o.seed), run.Matrix(solvers, instances, o.reps, 0), nil
}

// names returns the solvers --solvers names.
func (o *common) names() []string {
	if o.solvers == "" {
		return nil
	}
	return []string{o.solvers}
}

// runner returns a Runner for o's limits and checks; call Close when done.
func (o *common) runner(l run.Limits) *run.Runner {
	host, _ := os.Hostname()
	m := measure.ReadMachine()
	return &run.Runner{Limits: l, Verify: !o.noVerify, Certify: o.certify, Host: host, Machine: &m}
}

// runOptions are run's flags.
type runOptions struct {
	common
	jobs          int
	out           string
	resume, quiet bool
}

// run is "satbench run": it runs the matrix, appending rows to --output
// (stdout if "-"), with progress on stderr (a bar if terminal). It fails
// with errDisagreement if solvers disagree or a model was wrong, in this
// run or in the rows already in the file.
func (o *runOptions) run(c *cmdio.Cmd, terminal bool) error {
	l, err := o.limits()
	if err != nil {
		return err
	}
	if o.jobs < 1 {
		return usage.Errorf("--jobs %d: need at least 1", o.jobs)
	}
	// The lock comes first: a second run refuses before it looks up a
	// solver.
	unlock, err := lockResults(o.out)
	if err != nil {
		return err
	}
	defer unlock()
	jobs, _, err := o.matrix(c, o.names())
	if err != nil {
		return err
	}
	old, done, err := o.oldRows(c.Stderr, jobs, l)
	if err != nil {
		return err
	}
	run.HashInstances(jobs)
	warnCrowded(c.Stderr, o.jobs)
	app, err := openResults(o.out, c.Stdout)
	if err != nil {
		return err
	}
	app.StopOn(c.Context().Done())
	r := o.runner(l)
	r.Jobs, r.Terminal, r.Reps = o.jobs, terminal, o.reps
	defer r.Close()
	warnMixedVia(c.Stderr, o.out, old, jobs, done, r.Via)
	if !o.quiet {
		r.Progress = c.Stderr
		sayMemory(c.Stderr, r)
	}
	rows, err := r.Run(c.Context(), jobs, done, app)
	if cerr := app.Close(); err == nil {
		err = cerr
	}
	if err != nil && c.Context().Err() != nil {
		if !resumable(o.out) {
			return fmt.Errorf("interrupted after %d runs", len(rows))
		}
		return fmt.Errorf("interrupted after %d runs; continue with --resume", len(rows))
	}
	if err != nil {
		return err
	}
	warnContended(c.Stderr, rows)
	return checkRows(append(old, rows...), c.Stderr, true)
}

// oldRows reads the rows already in run's results file: none without
// --resume, and with it only those of a run with the same flags (see
// resumeDiffs). It returns them and their keys.
func (o *runOptions) oldRows(stderr io.Writer, jobs []run.Job, l run.Limits) ([]results.Row, map[results.Key]bool, error) {
	old, torn, err := results.ReadFile(o.out)
	if err != nil {
		return nil, nil, err
	}
	if len(old) > 0 && !o.resume {
		return nil, nil, usage.Errorf("%s already has %d rows: use --resume to add to it, or another -o FILE", o.out, len(old))
	}
	if d := resumeDiffs(old, jobs, l, o.reps, o.certify); len(d) > 0 {
		return nil, nil, usage.Errorf("--resume: %s was made with other flags: %s", o.out, strings.Join(d, "; "))
	}
	warnTorn(stderr, o.out, torn, "cut it off; its run is done again")
	done := map[results.Key]bool{}
	for i := range old {
		done[old[i].Key()] = true
	}
	return old, done, nil
}

// sayMemory tells stderr how r enforces --memory, if given.
func sayMemory(stderr io.Writer, r *run.Runner) {
	if r.Memory <= 0 {
		return
	}
	if method, why := r.MemMethod(); method == measure.MemCgroup {
		fmt.Fprintf(stderr, "satbench: --memory enforced by the kernel: a cgroup v2 group per run\n")
	} else {
		fmt.Fprintf(stderr, "satbench: --memory enforced by sampling /proc, not cgroups: %s\n", why)
	}
}

// openResults returns the Appender for run's and exec's -o out: stdout
// if out is "-", else the file (see results.OpenAppender).
func openResults(out string, stdout io.Writer) (*results.Appender, error) {
	if out == "-" {
		return results.NewAppender(stdout), nil
	}
	return results.OpenAppender(out)
}

// resumable reports whether a run interrupted while writing to out can
// be continued with --resume: out is a regular file (or none yet), whose
// rows the next run reads back.
func resumable(out string) bool {
	if out == "-" {
		return false
	}
	fi, err := os.Stat(out)
	return err != nil || fi.Mode().IsRegular()
}

// checkRows prints disagreements, wrong models and unproven UNSAT
// answers loudly to stderr and returns errDisagreement if there are any;
// with allErrors, also an error if no row ended without ERROR.
func checkRows(rows []results.Row, stderr io.Writer, allErrors bool) error {
	bad := 0
	for _, d := range results.Disagreements(rows) {
		fmt.Fprintf(stderr, "satbench: !!! %v\n", d)
		bad++
	}
	for _, r := range rows {
		if strings.HasPrefix(r.Error, "wrong model") {
			fmt.Fprintf(stderr, "satbench: !!! WRONG MODEL from %s on %s rep %d: %s\n", r.Solver, r.Instance, r.Rep, r.Error)
			bad++
		}
		if r.Status == results.StatusUnproven {
			fmt.Fprintf(stderr, "satbench: !!! UNPROVEN UNSAT from %s on %s rep %d: %s\n", r.Solver, r.Instance, r.Rep, r.Error)
			bad++
		}
	}
	if bad > 0 {
		return fmt.Errorf("%w: %d problems listed above", errDisagreement, bad)
	}
	if allErrors && len(rows) > 0 && !slices.ContainsFunc(rows, func(r results.Row) bool { return r.Status != results.StatusError }) {
		r := rows[0]
		if len(rows) == 1 {
			return fmt.Errorf("the run ended in ERROR: %s on %s rep %d: %s", r.Solver, r.Instance, r.Rep, r.Error)
		}
		return fmt.Errorf("all %d runs ended in ERROR; the first: %s on %s rep %d: %s", len(rows), r.Solver, r.Instance, r.Rep, r.Error)
	}
	return nil
}

// warnTorn tells stderr that line torn of the results file name has no
// newline (a run killed while writing it) and what became of it, if torn
// is not 0.
func warnTorn(stderr io.Writer, name string, torn int, what string) {
	if torn > 0 {
		fmt.Fprintf(stderr, "satbench: %s:%d: the last line has no newline (a run killed while writing it): %s\n", name, torn, what)
	}
}

// planOptions are plan's flags.
type planOptions struct {
	common
	outDir   string // where each run's result file goes
	satbench string // the program the lines run, "satbench" if empty
	// slurm writes an sbatch array script instead of shell lines, chunk
	// runs per array task (0 means 1).
	slurm bool
	chunk int
}

// slurmWords are the words a Slurm plan's comments name satbench by.
var slurmWords = plan.Words{
	Plan:     "satbench plan --slurm",
	Merge:    "satbench merge --plan SCRIPT -o results.jsonl",
	Manifest: "satbench merge --plan",
	Chunk:    "use --chunk",
}

// plan is "satbench plan": it writes one shell command line per run to
// stdout, each a "satbench exec" appending one row to its own file in
// --out-dir, in the order run would use; with --slurm, an sbatch array
// script doing the same runs, --chunk of them per task.
func (o *planOptions) plan(c *cmdio.Cmd) error {
	l, err := o.limits()
	if err != nil {
		return err
	}
	if o.chunk != 0 && !o.slurm {
		return usage.Errorf("--chunk needs --slurm")
	}
	if o.chunk < 0 {
		return usage.Errorf("--chunk %d: need at least 1", o.chunk)
	}
	jobs, ordered, err := o.matrix(c, o.names())
	if err != nil {
		return err
	}
	cmd := o.execLine(l)
	if !o.slurm {
		return word(plan.WriteParallel(c.Stdout, jobs, o.outDir, cmd))
	}
	s := plan.Slurm{Dir: o.outDir, Chunk: o.chunk, Limits: l, Words: slurmWords}
	return word(s.Write(c.Stdout, jobs, ordered, cmd))
}

// execLine returns the plan's Command: the "satbench exec" line that does
// a job with o's flags and limits l.
func (o *planOptions) execLine(l run.Limits) plan.Command {
	prog := o.satbench
	if prog == "" {
		prog = "satbench"
	}
	var flags []string
	if l.Timeout > 0 {
		flags = append(flags, "--timeout", l.Timeout.String())
	}
	if l.Memory > 0 {
		flags = append(flags, "--memory", strconv.FormatInt(l.Memory>>10, 10)+"K")
	}
	if l.Grace > 0 {
		flags = append(flags, "--grace", l.Grace.String())
	}
	if o.noVerify {
		flags = append(flags, "--no-verify")
	}
	if o.satrun != "" {
		flags = append(flags, "--satrun", o.satrun)
	}
	if o.certify {
		flags = append(flags, "--certify")
	}
	return func(j *run.Job, out string) string {
		args := append([]string{prog, "exec"}, flags...)
		if j.Solver.Spec != "" {
			args = append(args, "--solver-cmd", j.Solver.Spec)
		} else {
			args = append(args, "--solver", j.Solver.Name)
		}
		args = append(args, "--rep", strconv.Itoa(j.Rep))
		if j.Instance.Encode != "" {
			args = append(args, "--encode", j.Instance.Encode)
		}
		// POSIX sh quoting: a plan runs under dash and sh -c, not only bash.
		return shellword.JoinPOSIX(args) + " -o " + out + " -- " + shellword.QuotePOSIX(j.Instance.Path)
	}
}

// mergePlan returns the rows of the Slurm plan script at path (see
// plan.MergePlan).
func mergePlan(path string) ([]results.Row, error) {
	rows, err := plan.MergePlan(path)
	return rows, word(err)
}

// execOptions are exec's flags: one solver, one instance, one rep.
type execOptions struct {
	common
	solver string
	rep    int
	out    string
}

// exec is "satbench exec": it does exactly one run and appends its row to
// --output (stdout if "-"), unless the file already has it. The file's
// folder is made if needed. A torn last line in it (a run killed while
// writing it) is cut off, and stderr is told so.
func (o *execOptions) exec(c *cmdio.Cmd) error {
	l, err := o.limits()
	if err != nil {
		return err
	}
	var names []string
	if o.solver != "" {
		names = []string{o.solver}
	}
	if err := o.check(c, names); err != nil {
		return err
	}
	o.reps = 1
	jobs, _, err := o.matrix(c, names)
	if err != nil {
		return err
	}
	if len(jobs) != 1 {
		return usage.Errorf("exec runs one solver, not %d", len(jobs))
	}
	run.HashInstances(jobs)
	j := jobs[0]
	j.Rep = o.rep
	if done, err := o.done(c.Stderr, j.Key()); done || err != nil {
		return err
	}
	if dir := filepath.Dir(o.out); dir != "" && o.out != "-" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	r := o.runner(l)
	defer r.Close()
	row, err := r.RunOne(c.Context(), j)
	if err != nil {
		return err
	}
	app, err := openResults(o.out, c.Stdout)
	if err != nil {
		return err
	}
	app.StopOn(c.Context().Done())
	if err := app.Append(&row); err != nil {
		app.Close()
		return err
	}
	if err := app.Close(); err != nil {
		return err
	}
	return checkRows([]results.Row{row}, c.Stderr, true)
}

// check checks exec's flags and operands: one solver, one instance, one
// rep, and a results file.
func (o *execOptions) check(c *cmdio.Cmd, names []string) error {
	if o.out == "" {
		return usage.Errorf("exec appends its row to a results file: give -o FILE (- for standard output)")
	}
	if len(names)+len(o.solverCmds.Value()) != 1 {
		return usage.Errorf("exec runs one solver: give exactly one --solver or --solver-cmd")
	}
	if c.NArg() != 1 || len(o.encoders.Value()) > 1 || len(o.suites.Value()) > 0 {
		return usage.Errorf("exec runs one instance: give exactly one file (and at most one --encode)")
	}
	if o.rep < 1 {
		return usage.Errorf("--rep %d: need at least 1", o.rep)
	}
	return nil
}

// done reports whether exec's results file already has the run k: a
// rerun of the same plan line. A torn last line there (this run killed
// while writing it, or in a shared file another) is cut off first.
func (o *execOptions) done(stderr io.Writer, k results.Key) (bool, error) {
	old, torn, err := results.ReadFile(o.out)
	if err != nil {
		return false, err
	}
	if torn > 0 {
		warnTorn(stderr, o.out, torn, "cut it off")
		app, err := results.OpenAppender(o.out)
		if err != nil {
			return false, err
		}
		if err := app.Close(); err != nil {
			return false, err
		}
	}
	for i := range old {
		if old[i].Key() == k {
			return true, nil
		}
	}
	return false, nil
}

// merge is "satbench merge": it reads the results files (c's operands),
// or with plan the task files of that Slurm plan, writes their rows
// sorted (a run found twice kept once, the later file winning; a plan's
// in its order) to out (stdout if "" or "-", else a file written through
// a temporary name), and checks them like run does.
func merge(c *cmdio.Cmd, plan, out string) error {
	var rows []results.Row
	switch {
	case plan != "" && c.NArg() > 0:
		return usage.Errorf("merge --plan reads the task files its plan names: give no files, got %q", c.Operand(0))
	case plan != "":
		var err error
		if rows, err = mergePlan(plan); err != nil {
			return err
		}
	default:
		var err error
		if rows, err = readMerged("merge", c.Operands(), c.Stderr, false); err != nil {
			return err
		}
	}
	if out == "" {
		out = "-"
	}
	if err := outfile.Write(out, writeFunc(func(w io.Writer) error { return results.Write(w, rows) }), c.Stdout); err != nil {
		return err
	}
	return checkRows(rows, c.Stderr, false)
}

// defaultResults is the results file merge and report read when given
// none: run's default -o.
const defaultResults = "results.jsonl"

// readMerged reads the results files, or defaultResults if there are
// none, into one slice and keeps one row of each run, the last read (see
// results.Dedup), warning on stderr, in cmd's name, when a run appears
// more than once. With compact, rows keep no model hash (report reads
// none), which saves a fifth of a million rows' memory.
func readMerged(cmd string, files []string, stderr io.Writer, compact bool) ([]results.Row, error) {
	if len(files) == 0 {
		if _, err := os.Stat(defaultResults); errors.Is(err, os.ErrNotExist) {
			return nil, usage.Errorf("%s: no results files given, and no %s here (run's default -o)", cmd, defaultResults)
		}
		files = []string{defaultResults}
	}
	var rows []results.Row
	for _, f := range files {
		var err error
		if rows, err = readInto(rows, f, stderr, compact); err != nil {
			return nil, err
		}
	}
	rows, dups := results.Dedup(rows)
	if dups > 0 {
		fmt.Fprintf(stderr, "satbench: %s: warning: %d runs (solver, instance, rep) appeared more than once; kept the last\n", cmd, dups)
	}
	return rows, nil
}

// readInto appends the rows of a results file that must exist ("-" is
// standard input) to rows, saying on stderr when it skips a torn last
// line; with compact, without their model hashes.
func readInto(rows []results.Row, path string, stderr io.Writer, compact bool) ([]results.Row, error) {
	in, name := io.Reader(os.Stdin), "<stdin>"
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		in, name = f, path
		if n, err := results.CountLines(f); err == nil {
			// One allocation for the rows: appending would copy them
			// as the slice grows, twice the memory at the end.
			rows = slices.Grow(rows, n)
		}
	}
	torn, err := results.Each(in, name, func(_ int, r *results.Row) error {
		if compact {
			r.Model = ""
		}
		rows = append(rows, *r)
		return nil
	})
	if err != nil {
		return nil, err
	}
	resume := "satbench run --resume repairs the file"
	if path == "-" {
		resume = "satbench run --resume repairs a results file"
	}
	warnTorn(stderr, name, torn, "skipped it; "+resume)
	return rows, nil
}

// reportOptions are report's flags and operands.
type reportOptions struct {
	files     []string
	format    string // "md" (default), "csv", "json" or "html"
	out       string // the report's file, standard output when "" or "-"
	paper     string // a PDF plot's page: plot.Papers
	instances bool   // csv: the instances table instead of the solvers table
	cactus    string // plot file
	scatter   string // "A,B": two configurations (see plot.ScatterPair)
	scatterTo string // plot file
	title     string // the plots' title; "suite NAME" of suites when empty
	// suites are suite files whose "#tags:" lines tag the rows'
	// instances that have no tags yet: the report's families.
	suites cli.StringSlice
	// by lists row columns (score.ByColumns, "version,host") that are
	// part of a configuration besides the solver and the encoding.
	by string
	// clock is --score: "wall" or "cpu".
	clock string
	// compare is "A,B": compare two configurations instead of the tables.
	compare string
}

// sources are the words of satbench's Markdown report for how its rows'
// proofs, tags and runs at a time were asked for.
var sources = score.Sources{Proofs: "satbench run --certify", Tags: "report --suite", Jobs: "run --jobs N", Contended: "as satbench run marks them"}

// report is "satbench report".
func (o *reportOptions) report(c *cmdio.Cmd) error {
	defer softLimit(o.files)()
	rows, err := o.rows(c.Stderr)
	if err != nil {
		return err
	}
	var a, b plot.Pick
	if o.scatter != "" {
		if !strings.Contains(o.scatter, ",") {
			return usage.Errorf("--scatter %q: want two configurations, A,B", o.scatter)
		}
		if o.scatterTo == "" && o.format != "html" {
			return usage.Errorf("--scatter needs an output file: --scatter A,B out.svg results.jsonl")
		}
		if a, b, err = plot.ScatterPair(rows, o.scatter); err != nil {
			return word(err)
		}
	}
	if o.compare != "" {
		return o.comparison(c.Stdout, rows)
	}
	rep := score.SummarizeBy(rows, o.scoreClock())
	rep.Sources = sources
	if err := o.plots(rows, a, b); err != nil {
		return err
	}
	flagged := flagRows(rows)
	if o.format != "html" {
		// The tables need only rep: the rows' memory (a third of a
		// million rows' peak) may go before they are made.
		rows = nil
	}
	if err := o.writeReport(c, rows, rep, a, b); err != nil {
		return err
	}
	for _, d := range rep.Disagreements {
		fmt.Fprintf(c.Stderr, "satbench: !!! %v\n", d)
	}
	io.WriteString(c.Stderr, flagged)
	o.warn(c.Stderr, rep)
	return nil
}

// rows reads the results files, merged, tags their instances from the
// suites and splits their configurations by the columns --by names.
func (o *reportOptions) rows(stderr io.Writer) ([]results.Row, error) {
	rows, err := readMerged("report", o.files, stderr, true)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		files := o.files
		if len(files) == 0 {
			files = []string{defaultResults}
		}
		return nil, fmt.Errorf("no rows in %s", strings.Join(files, ", "))
	}
	for _, s := range o.suites.Value() {
		if err := tag(rows, s); err != nil {
			return nil, err
		}
	}
	var cols []string
	if o.by != "" {
		if cols, err = score.ParseBy(o.by); err != nil {
			return nil, word(err)
		}
		score.SplitBy(rows, cols)
	}
	if !slices.Contains(cols, "encoder") {
		score.JoinEncodings(rows)
	}
	return rows, nil
}

// tag gives the rows' instances that have no tags the tags the suite file
// at path gives them.
func tag(rows []results.Row, path string) error {
	tags, err := suite.Tags(path)
	if err != nil {
		return err
	}
	for i := range rows {
		t, ok := tags[rows[i].Instance]
		if !ok {
			// A suite line without an encoder of its own, run with
			// --encode: the row names the path and the encoder.
			p, _ := suite.SplitName(rows[i].Instance)
			t, ok = tags[p]
		}
		if ok && len(rows[i].Tags) == 0 {
			rows[i].Tags = t
		}
	}
	return nil
}

// write writes rep to w in --format.
func (o *reportOptions) write(w io.Writer, rep *score.Report) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var err error
	switch o.format {
	case "", "md", "markdown":
		err = rep.WriteMarkdown(bw)
	case "csv":
		err = rep.WriteCSV(bw, o.instances)
	case "json":
		err = rep.WriteJSON(bw)
	default:
		return usage.Errorf("--format %q: want md, csv, json or html", o.format)
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

// plots draws the plots asked for: the cactus plot, and the scatter plot
// of a against b.
func (o *reportOptions) plots(rows []results.Row, a, b plot.Pick) error {
	popt := o.plotOptions()
	if o.cactus != "" {
		p, err := plot.Cactus(rows, popt)
		if err != nil {
			return err
		}
		if err := plot.SavePlot(p, o.cactus); err != nil {
			return err
		}
	}
	if o.scatterTo != "" {
		p, err := plot.Scatter(rows, a, b, popt)
		if err != nil {
			return err
		}
		return plot.SavePlot(p, o.scatterTo)
	}
	return nil
}

// writeFunc is a WriterTo for outfile.Write.
type writeFunc func(io.Writer) error

func (f writeFunc) WriteTo(w io.Writer) (int64, error) { return 0, f(w) }
