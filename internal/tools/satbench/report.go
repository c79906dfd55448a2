package satbench

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/score"
	"github.com/pipesat/pipesat/internal/usage"
)

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

// warn tells stderr about the runs whose times or answers are in doubt
// (rep.Doubts): wrong models and UNPROVEN answers loudly, one line each,
// then how many runs were contended and how many are outliers.
func (o *reportOptions) warn(stderr io.Writer, rows []results.Row, rep *score.Report) {
	for i := range rows {
		r := &rows[i]
		switch {
		case r.Status == results.StatusUnproven:
			fmt.Fprintf(stderr, "satbench: !!! UNPROVEN from %s on %s rep %d: its UNSAT proof failed the check\n", r.Solver, r.Instance, r.Rep)
		case r.Status == results.StatusError && strings.HasPrefix(r.Error, "wrong model"):
			fmt.Fprintf(stderr, "satbench: !!! WRONG MODEL from %s on %s rep %d: %s\n", r.Solver, r.Instance, r.Rep, r.Error)
		}
	}
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
