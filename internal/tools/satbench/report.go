package satbench

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/score"
	"github.com/pipesat/pipesat/internal/usage"
)

// reportMemory is the heap report keeps itself under while it can (Go's
// soft memory limit, unless GOMEMLIMIT sets one): 300,000 rows then take
// under 200 MB instead of twice their live heap, for a third more CPU
// time spent collecting. rowMemory is what a row may cost: files with
// more rows than reportMemory covers raise the limit, so that a million
// rows are not collected over and over.
const (
	reportMemory = 150 << 20
	rowMemory    = 512
)

// softLimit sets the soft memory limit for reading files: reportMemory,
// or rowMemory a line of the regular files among them if that is more.
// It returns the function that puts back the limit before.
func softLimit(files []string) func() {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	if len(files) == 0 {
		files = []string{defaultResults}
	}
	lines := 0
	for _, name := range files {
		if fi, err := os.Stat(name); err != nil || !fi.Mode().IsRegular() {
			continue // a pipe's lines are read once, by report
		}
		if f, err := os.Open(name); err == nil {
			n, _ := results.CountLines(f)
			lines += n
			f.Close()
		}
	}
	old := debug.SetMemoryLimit(max(reportMemory, int64(lines)*rowMemory))
	return func() { debug.SetMemoryLimit(old) }
}

// scoreClock returns the clock --score names.
func (o *reportOptions) scoreClock() score.Clock {
	if o.clock == "cpu" {
		return score.CPU
	}
	return score.Wall
}

// comparison is report --compare A,B: it compares the two configurations
// and writes the comparison in --format (md or json).
func (o *reportOptions) comparison(w io.Writer, rows []results.Row) error {
	names := strings.Split(o.compare, ",")
	if len(names) != 2 {
		return usage.Errorf("--compare %q: want two configurations, A,B", o.compare)
	}
	cells, _ := score.CellsBy(rows, o.scoreClock())
	var picks [2]score.Config
	for i, n := range names {
		c, err := score.FindConfig(cells, strings.TrimSpace(n))
		if err != nil {
			return usage.Errorf("--compare %q: %v", o.compare, err)
		}
		picks[i] = c
	}
	if picks[0] == picks[1] {
		return usage.Errorf("--compare %q: the same configuration twice", o.compare)
	}
	cmp := score.Compare(cells, picks[0], picks[1], o.scoreClock())
	bw := bufio.NewWriterSize(w, 64<<10)
	var err error
	switch o.format {
	case "json":
		err = cmp.WriteJSON(bw)
	case "csv":
		return usage.Errorf("--compare writes md or json, not --format csv")
	default:
		err = cmp.WriteMarkdown(bw)
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

// flagRows returns the lines that name the rows with a wrong model or an
// UNPROVEN answer loudly, one line each, for stderr.
func flagRows(rows []results.Row) string {
	var b strings.Builder
	for i := range rows {
		r := &rows[i]
		switch {
		case r.Status == results.StatusUnproven:
			fmt.Fprintf(&b, "satbench: !!! UNPROVEN from %s on %s rep %d: its UNSAT proof failed the check\n", r.Solver, r.Instance, r.Rep)
		case r.Status == results.StatusError && strings.HasPrefix(r.Error, "wrong model"):
			fmt.Fprintf(&b, "satbench: !!! WRONG MODEL from %s on %s rep %d: %s\n", r.Solver, r.Instance, r.Rep, r.Error)
		}
	}
	return b.String()
}

// warn tells stderr about the runs whose times are in doubt
// (rep.Doubts): how many runs were contended and how many are outliers.
func (o *reportOptions) warn(stderr io.Writer, rep *score.Report) {
	d := rep.Doubts()
	if d.Contended > 0 {
		advice := "their wall times measure the machine's load too; --score cpu sets it aside"
		if o.scoreClock() == score.CPU {
			advice = "scored by CPU time, which the load hardly changes"
		}
		fmt.Fprintf(stderr, "satbench: warning: %d of %d runs were contended (wall time over 1.5 times CPU time; see the Doubts table): %s\n", d.Contended, d.Runs, advice)
	}
	if d.Outliers > 0 {
		fmt.Fprintf(stderr, "satbench: warning: %d of %d runs are statistical outliers (modified Z-score over 14; see the Repetitions table): "+
			"other programs or caches may have disturbed them; rerun on a quiet machine, or with more --reps\n", d.Outliers, d.Runs)
	}
}
