package bench

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/outfile"
	"github.com/pipesat/pipesat/internal/shellword"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/pipesat/pipesat/solver"
)

// Options are the settings shared by run, plan and exec.
type Options struct {
	Solvers    []string // names, "auto" for every installed solver and gini
	SolverCmds []string // "NAME=COMMAND" or "COMMAND", run by satrun --solver-cmd
	Suites     []string // suite files
	Encoders   []string // encoder commands for the instance arguments and the suite lines without one
	Instances  []string // instance arguments
	Reps       int
	Seed       uint64
	Limits
	NoVerify bool
	Satrun   string // "" finds it with FindSatrun
	// Certify (satbench run --certify) checks every UNSAT answer's proof:
	// only proof-writing solvers (solver.ProofSolvers, a --solver-cmd with
	// {proof}) may run; "auto" means the installed ones.
	Certify bool
}

// ParseSize parses a memory size: a number with an optional suffix K, M,
// G or T (powers of 1024, an optional trailing "B" or "iB" after it);
// without a suffix the number is in MiB. It returns bytes. A "B" with no
// K, M, G or T before it is an error, not 512 MiB for "512B".
func ParseSize(s string) (int64, error) {
	bad := fmt.Errorf("bad memory size %q (want e.g. 512M or 2G)", s)
	t := strings.TrimSpace(strings.ToUpper(s))
	byteSuffix := false
	if u, ok := strings.CutSuffix(t, "IB"); ok {
		t, byteSuffix = u, true
	} else if u, ok := strings.CutSuffix(t, "B"); ok {
		t, byteSuffix = u, true
	}
	mult, unit := int64(1<<20), true
	switch t[max(len(t)-1, 0):] {
	case "K":
		mult = 1 << 10
	case "M":
		mult = 1 << 20
	case "G":
		mult = 1 << 30
	case "T":
		mult = 1 << 40
	default:
		unit = false
	}
	if unit {
		t = t[:len(t)-1]
	} else if byteSuffix {
		return 0, bad
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || !(f >= 0) || f*float64(mult) > 1<<62 { // !(f >= 0) is true for NaN too
		return 0, bad
	}
	return int64(f * float64(mult)), nil
}

// solvers resolves the solver names and commands.
func (o *Options) solvers() ([]Solver, error) {
	satrun := o.Satrun
	if satrun == "" {
		var err error
		if satrun, err = FindSatrun(); err != nil {
			return nil, err
		}
	}
	var names []string
	for _, n := range o.Solvers {
		for _, s := range strings.Split(n, ",") {
			if s = strings.TrimSpace(s); s == "auto" && o.Certify {
				names = append(names, installedProofSolvers()...)
			} else if s == "auto" {
				names = append(names, Installed()...)
			} else if s != "" {
				names = append(names, s)
			}
		}
	}
	// A solver that writes no proofs is a usage error whatever is
	// installed, so it is found before any solver is looked up.
	for _, n := range names {
		if o.Certify && !isProofSolver(n) {
			return nil, usage.Errorf("--certify: %s writes no proofs; use %s", n, solver.ProofSolverNames())
		}
	}
	var out []Solver
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			continue // "auto,gini" names gini twice
		}
		seen[n] = true
		s, err := NamedSolver(satrun, n)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	for _, c := range o.SolverCmds {
		if o.Certify && !strings.Contains(c, "{proof}") {
			return nil, usage.Errorf("--certify: --solver-cmd %q has no {proof}; use %s", c, solver.ProofSolverNames())
		}
		s, err := CommandSolver(satrun, c)
		if err != nil {
			return nil, usage.Errorf("%v", err)
		}
		if seen[s.Name] {
			return nil, usage.Errorf("two solvers named %q: name a --solver-cmd with NAME=COMMAND", s.Name)
		}
		seen[s.Name] = true
		out = append(out, s)
	}
	if len(out) == 0 && o.Certify {
		return nil, usage.Errorf("--certify: no proof-writing solver is installed (%s)", solver.ProofSolverNames())
	}
	if len(out) == 0 {
		return nil, usage.Errorf("no solvers: use --solvers or --solver-cmd")
	}
	return out, nil
}

// installedProofSolvers returns the installed solver.ProofSolvers.
func installedProofSolvers() []string {
	var out []string
	for _, p := range solver.ProofSolvers() {
		if _, err := exec.LookPath(p.Name); err == nil {
			out = append(out, p.Name)
		}
	}
	return out
}

func isProofSolver(name string) bool {
	for _, p := range solver.ProofSolvers() {
		if p.Name == name {
			return true
		}
	}
	return false
}

// instances reads the suites and adds the instance arguments. A suite line
// without an encoder command of its own, and each instance argument, is
// there once per encoder when there are encoders.
func (o *Options) instances() ([]Instance, error) {
	var out []Instance
	for _, s := range o.Suites {
		es, err := readSuiteFile(s)
		if err != nil {
			return nil, err
		}
		for _, e := range es {
			if err := e.stat(); err != nil {
				return nil, err
			}
			if e.Encode != "" || len(o.Encoders) == 0 {
				out = append(out, e.Instance)
				continue
			}
			for _, enc := range o.Encoders {
				out = append(out, NewInstance(e.Path, enc))
			}
		}
	}
	for _, p := range o.Instances {
		if len(o.Encoders) == 0 {
			out = append(out, NewInstance(p, ""))
		}
		for _, e := range o.Encoders {
			out = append(out, NewInstance(p, e))
		}
	}
	if len(out) == 0 {
		return nil, usage.Errorf("no instances: give files or --suite")
	}
	seen := map[string]bool{}
	for _, in := range out {
		if seen[in.Name] {
			return nil, usage.Errorf("instance %q listed twice", in.Name)
		}
		seen[in.Name] = true
		if in.Path == "-" {
			if in.Encode == "" {
				return nil, usage.Errorf("instance \"-\" needs --encode: satbench reads no CNF from stdin")
			}
			continue
		}
		if _, err := os.Stat(in.Path); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (o *Options) jobs() ([]Job, error) {
	jobs, _, err := o.matrix()
	return jobs, err
}

// matrix returns the jobs in run order (shuffled by o.Seed) and in the
// suite's order: instances as listed, solvers as named, then reps.
func (o *Options) matrix() (shuffled, ordered []Job, err error) {
	if o.Reps < 1 {
		return nil, nil, usage.Errorf("--reps %d: need at least 1", o.Reps)
	}
	instances, err := o.instances()
	if err != nil {
		return nil, nil, err
	}
	solvers, err := o.solvers()
	if err != nil {
		return nil, nil, err
	}
	return Matrix(solvers, instances, o.Reps, o.Seed), Matrix(solvers, instances, o.Reps, 0), nil
}

// RunOptions are run's settings.
type RunOptions struct {
	Options
	Jobs   int
	Out    string
	Resume bool
	Quiet  bool
}

// RunCommand is "satbench run": it runs the matrix, appending rows to
// opt.Out (stdout if "-"), with progress on stderr (a bar if terminal). It
// fails with ErrDisagreement if solvers disagree or a model was wrong, in
// this run or in the rows already in the file.
func RunCommand(ctx context.Context, opt RunOptions, stdout, stderr io.Writer, terminal bool) error {
	jobs, err := opt.jobs()
	if err != nil {
		return err
	}
	hashInstances(jobs)
	old, torn, err := ReadRowsFile(opt.Out)
	if err != nil {
		return err
	}
	if len(old) > 0 && !opt.Resume {
		return usage.Errorf("%s already has %d rows: use --resume to add to it, or another -o FILE", opt.Out, len(old))
	}
	WarnTorn(stderr, opt.Out, torn, "cut it off; its run is done again")
	done := map[Key]bool{}
	for i := range old {
		done[old[i].Key()] = true
	}
	if free, cpus, load := FreeCores(); opt.Jobs > max(free, 1) {
		fmt.Fprintf(stderr, "satbench: warning: --jobs %d but only %d of %d cores are free (load %.2f): parallel runs will slow each other down\n", opt.Jobs, free, cpus, load)
	}
	app, err := openResults(opt.Out, stdout)
	if err != nil {
		return err
	}
	app.StopOn(ctx.Done())
	host, _ := os.Hostname()
	r := &Runner{Limits: opt.Limits, Jobs: opt.Jobs, Verify: !opt.NoVerify, Certify: opt.Certify, Host: host, Terminal: terminal}
	defer r.Close()
	if !opt.Quiet {
		r.Progress = stderr
		if opt.Memory > 0 {
			if method, why := r.MemMethod(); method == MemCgroup {
				fmt.Fprintf(stderr, "satbench: --memory enforced by the kernel: a cgroup v2 group per run\n")
			} else {
				fmt.Fprintf(stderr, "satbench: --memory enforced by sampling /proc, not cgroups: %s\n", why)
			}
		}
	}
	rows, err := r.Run(ctx, jobs, done, app)
	if cerr := app.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		if ctx.Err() != nil {
			if !resumable(opt.Out) {
				return fmt.Errorf("interrupted after %d runs", len(rows))
			}
			return fmt.Errorf("interrupted after %d runs; continue with --resume", len(rows))
		}
		return err
	}
	return checkRows(append(old, rows...), stderr)
}

// openResults returns the Appender for run's and exec's -o out: stdout
// if out is "-", else the file (see OpenAppender).
func openResults(out string, stdout io.Writer) (*Appender, error) {
	if out == "-" {
		return NewAppender(stdout), nil
	}
	return OpenAppender(out)
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

// checkRows prints disagreements and wrong models loudly to stderr and
// returns ErrDisagreement if there are any.
func checkRows(rows []Row, stderr io.Writer) error {
	bad := 0
	for _, d := range Disagreements(rows) {
		fmt.Fprintf(stderr, "satbench: !!! %v\n", d)
		bad++
	}
	for _, r := range rows {
		if strings.HasPrefix(r.Error, "wrong model") {
			fmt.Fprintf(stderr, "satbench: !!! WRONG MODEL from %s on %s rep %d: %s\n", r.Solver, r.Instance, r.Rep, r.Error)
			bad++
		}
	}
	if bad > 0 {
		return fmt.Errorf("%w: %d problems listed above", ErrDisagreement, bad)
	}
	return nil
}

// PlanOptions are plan's settings.
type PlanOptions struct {
	Options
	OutDir   string // where each run's result file goes
	Satbench string // the program the lines run, "satbench" if empty
	// Slurm writes an sbatch array script instead of shell lines (see
	// writeSlurmPlan), Chunk runs per array task (0 means 1).
	Slurm bool
	Chunk int
}

// PlanCommand is "satbench plan": it writes one shell command line per
// run to w, each a "satbench exec" appending one row to its own file in
// opt.OutDir, in the order run would use; with opt.Slurm, an sbatch
// array script doing the same runs, opt.Chunk of them per task.
func PlanCommand(w io.Writer, opt PlanOptions) error {
	if opt.Chunk != 0 && !opt.Slurm {
		return usage.Errorf("--chunk needs --slurm")
	}
	if opt.Chunk < 0 {
		return usage.Errorf("--chunk %d: need at least 1", opt.Chunk)
	}
	jobs, ordered, err := opt.matrix()
	if err != nil {
		return err
	}
	prog := opt.Satbench
	if prog == "" {
		prog = "satbench"
	}
	var common []string
	if opt.Timeout > 0 {
		common = append(common, "--timeout", opt.Timeout.String())
	}
	if opt.Memory > 0 {
		common = append(common, "--memory", strconv.FormatInt(opt.Memory>>10, 10)+"K")
	}
	if opt.Grace > 0 {
		common = append(common, "--grace", opt.Grace.String())
	}
	if opt.NoVerify {
		common = append(common, "--no-verify")
	}
	if opt.Satrun != "" {
		common = append(common, "--satrun", opt.Satrun)
	}
	if opt.Certify {
		common = append(common, "--certify")
	}
	if opt.Slurm {
		return writeSlurmPlan(w, opt, prog, common, jobs, ordered)
	}
	width := max(len(strconv.Itoa(len(jobs))), 4)
	bw := bufio.NewWriter(w)
	for i, j := range jobs {
		args := execArgs(prog, common, j)
		args = append(args, "-o", filepath.Join(opt.OutDir, fmt.Sprintf("%0*d.jsonl", width, i+1)), "--", j.Instance.Path)
		bw.WriteString(shellword.Join(args))
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// execArgs returns the "satbench exec" command of job j without its
// -o and instance.
func execArgs(prog string, common []string, j Job) []string {
	args := []string{prog, "exec"}
	args = append(args, common...)
	args = append(args, j.Solver.Spec...)
	args = append(args, "--rep", strconv.Itoa(j.Rep))
	if j.Instance.Encode != "" {
		args = append(args, "--encode", j.Instance.Encode)
	}
	return args
}

// ExecOptions are exec's settings: one solver, one instance, one rep.
type ExecOptions struct {
	Options
	Rep int
	Out string
}

// ExecCommand is "satbench exec": it does exactly one run and appends its
// row to opt.Out (stdout if "-"), unless opt.Out already has it. The out
// file's folder is created if needed. A torn last line in opt.Out (a run
// killed while writing it) is cut off, and stderr is told so.
func ExecCommand(ctx context.Context, opt ExecOptions, stdout, stderr io.Writer) error {
	if len(opt.Solvers)+len(opt.SolverCmds) != 1 {
		return usage.Errorf("exec runs one solver: give exactly one --solver or --solver-cmd")
	}
	if len(opt.Instances) != 1 || len(opt.Encoders) > 1 || len(opt.Suites) > 0 {
		return usage.Errorf("exec runs one instance: give exactly one file (and at most one --encode)")
	}
	if opt.Rep < 1 {
		return usage.Errorf("--rep %d: need at least 1", opt.Rep)
	}
	opt.Reps = 1
	jobs, err := opt.jobs()
	if err != nil {
		return err
	}
	if len(jobs) != 1 {
		return usage.Errorf("exec runs one solver, not %d", len(jobs))
	}
	hashInstances(jobs)
	j := jobs[0]
	j.Rep = opt.Rep
	old, torn, err := ReadRowsFile(opt.Out)
	if err != nil {
		return err
	}
	if torn > 0 {
		// A run killed while writing its row (this one, run again now,
		// or, in a shared file, another): OpenAppender cuts the line off.
		WarnTorn(stderr, opt.Out, torn, "cut it off")
		app, err := OpenAppender(opt.Out)
		if err != nil {
			return err
		}
		if err := app.Close(); err != nil {
			return err
		}
	}
	for i := range old {
		if old[i].Key() == (Key{j.Solver.Name, j.Instance.Name, j.Rep}) {
			return nil // done before: a rerun of the same plan line
		}
	}
	if dir := filepath.Dir(opt.Out); dir != "" && opt.Out != "-" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	host, _ := os.Hostname()
	r := &Runner{Limits: opt.Limits, Verify: !opt.NoVerify, Certify: opt.Certify, Host: host}
	defer r.Close()
	row, err := r.RunOne(ctx, j)
	if err != nil {
		return err
	}
	app, err := openResults(opt.Out, stdout)
	if err != nil {
		return err
	}
	app.StopOn(ctx.Done())
	if err := app.Append(&row); err != nil {
		app.Close()
		return err
	}
	return app.Close()
}

// MergeCommand is "satbench merge": it reads the result files, writes
// their rows sorted (a run found twice kept once, the later file winning)
// to out (stdout if "" or "-", else a file written through a temporary
// name), and checks them like run does.
func MergeCommand(files []string, out string, stdout, stderr io.Writer) error {
	var sets [][]Row
	for _, f := range files {
		rows, err := readRowsStrict(f, stderr)
		if err != nil {
			return err
		}
		sets = append(sets, rows)
	}
	rows, dups := Merge(sets...)
	if dups > 0 {
		fmt.Fprintf(stderr, "satbench: merge: %d runs appeared more than once; kept the last\n", dups)
	}
	if out == "" {
		out = "-"
	}
	if err := outfile.Write(out, writeFunc(func(w io.Writer) error { return WriteRows(w, rows) }), stdout); err != nil {
		return err
	}
	return checkRows(rows, stderr)
}

// readRowsStrict reads a results file that must exist, saying on stderr
// when it skips a torn last line.
func readRowsStrict(path string, stderr io.Writer) ([]Row, error) {
	var rows []Row
	var torn int
	var err error
	name := path
	if path == "-" {
		name = "<stdin>"
		rows, torn, err = ReadRows(os.Stdin, name)
	} else {
		var f *os.File
		if f, err = os.Open(path); err != nil {
			return nil, err
		}
		defer f.Close()
		rows, torn, err = ReadRows(f, path)
	}
	if err == nil {
		resume := "satbench run --resume repairs the file"
		if path == "-" {
			resume = "satbench run --resume repairs a results file"
		}
		WarnTorn(stderr, name, torn, "skipped it; "+resume)
	}
	return rows, err
}

// ReportOptions are report's settings.
type ReportOptions struct {
	Files     []string
	Format    string // "md" (default), "csv" or "json"
	Instances bool   // csv: the instances table instead of the solvers table
	Cactus    string // plot file
	Scatter   string // "A,B": two configurations (see ScatterPair)
	ScatterTo string // plot file
	Title     string // the plots' title; "suite NAME" of Suites when empty
	// Suites are suite files whose "#tags:" lines tag the rows'
	// instances that have no tags yet: the report's families.
	Suites []string
	// By lists row columns (ByColumns, "version,host") that are part of
	// a configuration besides the solver and the encoding (SplitBy).
	By string
}

// ReportCommand is "satbench report".
func ReportCommand(opt ReportOptions, stdout, stderr io.Writer) error {
	if len(opt.Files) == 0 {
		return usage.Errorf("report: no results files")
	}
	var sets [][]Row
	for _, f := range opt.Files {
		rows, err := readRowsStrict(f, stderr)
		if err != nil {
			return err
		}
		sets = append(sets, rows)
	}
	rows, _ := Merge(sets...)
	if len(rows) == 0 {
		return fmt.Errorf("no rows in %s", strings.Join(opt.Files, ", "))
	}
	for _, s := range opt.Suites {
		tags, err := SuiteTags(s)
		if err != nil {
			return err
		}
		for i := range rows {
			t, ok := tags[rows[i].Instance]
			if !ok {
				// A suite line without an encoder of its own, run with
				// --encode: the row names the path and the encoder.
				path, _, _ := strings.Cut(rows[i].Instance, " | ")
				t, ok = tags[path]
			}
			if ok && len(rows[i].Tags) == 0 {
				rows[i].Tags = t
			}
		}
	}
	if opt.By != "" {
		cols, err := ParseBy(opt.By)
		if err != nil {
			return usage.Wrap(err)
		}
		SplitBy(rows, cols)
	}
	var a, b Pick
	if opt.Scatter != "" {
		if !strings.Contains(opt.Scatter, ",") {
			return usage.Errorf("--scatter %q: want two configurations, A,B", opt.Scatter)
		}
		if opt.ScatterTo == "" {
			return usage.Errorf("--scatter needs an output file: --scatter A,B out.svg results.jsonl")
		}
		var err error
		if a, b, err = ScatterPair(rows, opt.Scatter); err != nil {
			return usage.Wrap(err)
		}
	}
	popt := PlotOptions{Title: opt.Title}
	if popt.Title == "" && len(opt.Suites) > 0 {
		var names []string
		for _, s := range opt.Suites {
			names = append(names, filepath.Base(s))
		}
		popt.Title = "suite " + strings.Join(names, ", ")
	}
	rep := Summarize(rows)
	bw := bufio.NewWriterSize(stdout, 64<<10)
	var err error
	switch opt.Format {
	case "", "md", "markdown":
		err = rep.WriteMarkdown(bw)
	case "csv":
		err = rep.WriteCSV(bw, opt.Instances)
	case "json":
		err = rep.WriteJSON(bw)
	default:
		return usage.Errorf("--format %q: want md, csv or json", opt.Format)
	}
	if err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if opt.Cactus != "" {
		p, err := Cactus(rows, popt)
		if err != nil {
			return err
		}
		if err := SavePlot(p, opt.Cactus); err != nil {
			return err
		}
	}
	if opt.Scatter != "" {
		p, err := Scatter(rows, a, b, popt)
		if err != nil {
			return err
		}
		if err := SavePlot(p, opt.ScatterTo); err != nil {
			return err
		}
	}
	for _, d := range Disagreements(rows) {
		fmt.Fprintf(stderr, "satbench: !!! %v\n", d)
	}
	return nil
}

// GenOptions are gen's settings.
type GenOptions struct {
	K     int
	Vars  int
	Ratio float64
	Seed  uint64
	PHP   int // > 0: the pigeonhole formula with this many holes instead
	Out   string
}

// GenCommand is "satbench gen": it writes a random k-SAT or pigeonhole
// formula in DIMACS to out (stdout if "" or "-").
func GenCommand(opt GenOptions, stdout io.Writer) error {
	var f dimacs.Formula
	var err error
	if opt.PHP > 0 {
		err = Pigeonhole(&f, opt.PHP)
	} else {
		err = RandomKSAT(&f, opt.K, opt.Vars, opt.Ratio, opt.Seed)
	}
	if err != nil {
		return usage.Errorf("%v", err)
	}
	write := func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 64<<10)
		if _, err := f.WriteTo(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	if opt.Out == "" {
		return write(stdout)
	}
	return outfile.Write(opt.Out, writeFunc(write), stdout)
}

// writeFunc is a WriterTo for outfile.Write.
type writeFunc func(io.Writer) error

func (f writeFunc) WriteTo(w io.Writer) (int64, error) { return 0, f(w) }
