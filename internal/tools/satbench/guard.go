package satbench

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/pipesat/pipesat/bench/measure"
	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/run"
	"github.com/pipesat/pipesat/bench/suite"
	"github.com/pipesat/pipesat/internal/usage"
)

// lockResults locks run's results file out for the whole run (see
// results.LockFile); a file that is not regular ("-", a pipe, a terminal)
// needs no lock, and unlock is then a no-op. A lock another process
// holds is a usage error naming it.
func lockResults(out string) (unlock func(), err error) {
	if fi, err := os.Stat(out); out == "-" || err == nil && !fi.Mode().IsRegular() {
		return func() {}, nil
	}
	l, err := results.LockFile(out)
	var le *results.LockedError
	switch {
	case errors.As(err, &le) && le.PID != 0:
		return nil, usage.Errorf("%s is in use by another satbench run (PID %d): wait for it to end, or use another -o FILE", out, le.PID)
	case errors.As(err, &le):
		return nil, usage.Errorf("%s is in use by another satbench run: wait for it to end, or use another -o FILE", out)
	case err != nil:
		return nil, err
	}
	return func() { l.Unlock() }, nil
}

// resumeDiffs returns how this run's flags differ from those the rows
// were made with, one phrase per flag, for --resume to refuse: the
// solvers and --encode commands of the rows that this run lacks (an
// interrupted run may not have reached every solver, so this run may have
// more), and any other --timeout, --memory, --reps or --certify. A row
// without reps (older rows, exec's) is held to no --reps.
func resumeDiffs(old []results.Row, jobs []run.Job, l run.Limits, reps int, certify bool) []string {
	solvers, encoders := map[string]bool{}, map[string]bool{}
	for _, j := range jobs {
		solvers[j.Solver.Name] = true
		encoders[j.Instance.Encode] = true
	}
	var (
		lackS, lackE          = map[string]bool{}, map[string]bool{}
		timeouts, mems, repss = map[string]bool{}, map[string]bool{}, map[string]bool{}
		cert                  = map[string]bool{}
	)
	for i := range old {
		r := &old[i]
		if !solvers[r.Solver] {
			lackS[r.Solver] = true
		}
		if _, enc := suite.SplitName(r.Instance); !encoders[enc] {
			lackE[encName(enc)] = true
		}
		timeouts[timeoutText(time.Duration(r.Timeout*float64(time.Second)))] = true
		mems[memText(r.Memory)] = true
		if r.Reps > 0 {
			repss[fmt.Sprint(r.Reps)] = true
		}
		cert[certText(r.Certify || r.Proven)] = true
	}
	var diffs []string
	if len(lackS) > 0 {
		diffs = append(diffs, "--solvers lacks "+strings.Join(slices.Sorted(maps.Keys(lackS)), ", ")+" (in the rows)")
	}
	if len(lackE) > 0 {
		diffs = append(diffs, "--encode lacks "+strings.Join(slices.Sorted(maps.Keys(lackE)), ", ")+" (in the rows)")
	}
	diffs = differs(diffs, "--timeout", timeoutText(l.Timeout), timeouts)
	diffs = differs(diffs, "--memory", memText(l.Memory>>20), mems)
	diffs = differs(diffs, "--reps", fmt.Sprint(reps), repss)
	return differs(diffs, "--certify", certText(certify), cert)
}

// differs appends "FLAG NOW (rows: THEN, ...)" to diffs if the rows'
// values are not all now.
func differs(diffs []string, flag, now string, rows map[string]bool) []string {
	if len(rows) == 0 || len(rows) == 1 && rows[now] {
		return diffs
	}
	return append(diffs, fmt.Sprintf("%s %s (rows: %s)", flag, now, strings.Join(slices.Sorted(maps.Keys(rows)), ", ")))
}

func timeoutText(d time.Duration) string {
	if d <= 0 {
		return "0"
	}
	return d.String()
}

func memText(mib int64) string {
	if mib <= 0 {
		return "none"
	}
	return fmt.Sprintf("%dM", mib)
}

func certText(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

func encName(enc string) string {
	if enc == "" {
		return "(none: CNF files)"
	}
	return fmt.Sprintf("%q", enc)
}

// warnCrowded tells stderr when the machine's load leaves fewer free
// cores than the jobs runs at a time need (see measure.Crowded).
func warnCrowded(stderr io.Writer, jobs int) {
	_, cpus, load := measure.FreeCores()
	if measure.Crowded(jobs, cpus, load) {
		fmt.Fprintf(stderr, "satbench: warning: load %.2f on %d cores leaves fewer than --jobs %d free: runs will wait for a CPU, and wall times will exceed CPU times\n", load, cpus, jobs)
	}
}

// warnContended tells stderr how many of rows were contended (see
// results.Contended), if any.
func warnContended(stderr io.Writer, rows []results.Row) {
	n := 0
	for i := range rows {
		if rows[i].Contended {
			n++
		}
	}
	if n > 0 {
		fmt.Fprintf(stderr, "satbench: warning: %d of %d runs were contended (wall time over 1.5 times CPU time): the machine's load decided their times; rank by CPU time, or run again on a quiet machine\n", n, len(rows))
	}
}

// warnMixedVia warns in one line when rows already in out ran a solver
// through satrun on an instance that this run would give the solver by
// its own command line (via says how it runs each job), and this run has
// runs of that solver still to do (those not in done): --resume then
// mixes two ways of measuring the solver in one file, and the times
// through satrun hold satrun's own start. The other way round is not
// told: a row without Via ran the solver by its own command line, or
// through satrun if an older satbench wrote it.
func warnMixedVia(stderr io.Writer, out string, old []results.Row, jobs []run.Job, done map[results.Key]bool, via func(run.Job) string) {
	type pair struct{ solver, instance string }
	direct := map[pair]bool{}
	todo := map[string]bool{}
	for _, j := range jobs {
		p := pair{j.Solver.Name, j.Instance.Name}
		if _, seen := direct[p]; !seen {
			direct[p] = via(j) == ""
		}
		if !done[j.Key()] {
			todo[p.solver] = true
		}
	}
	n := 0
	var first *results.Row
	for i := range old {
		r := &old[i]
		if r.Via != "satrun" || !direct[pair{r.Solver, r.Instance}] || !todo[r.Solver] {
			continue
		}
		if n++; first == nil {
			first = r
		}
	}
	if first != nil {
		fmt.Fprintf(stderr, "satbench: warning: --resume mixes measurement methods: %d of %s's %d rows ran their solver through satrun (the first: %s on %s), this run by its own command line; times through satrun include its start\n",
			n, out, len(old), first.Solver, first.Instance)
	}
}
