package score

import (
	"fmt"
	"strconv"
)

// Table is one table of a report as its Markdown shows it: a title, the
// note under it, the header and the rows of cells, columns from
// NumericFrom on numeric. Other writers (an HTML page) take the tables
// from here so every format shows the same cells.
type Table struct {
	Title, Note string
	Header      []string
	Rows        [][]string
	NumericFrom int
}

// Tables returns the report's tables in the Markdown's order, a table
// with no rows included.
func (rep *Report) Tables() []Table {
	var out []Table
	for _, t := range rep.tables(false) {
		out = append(out, Table{Title: t.title, Note: t.note, Header: t.header, Rows: t.rows, NumericFrom: t.numericFrom})
	}
	return out
}

// repsTable is the report's Repetitions table; nc is the number of
// configuration columns.
func (rep *Report) repsTable(nc int) table {
	t := table{title: "Repetitions", numericFrom: nc + 1,
		note: "Per configuration and instance: runs solved of runs, the answer, the median run time " +
			"(PAR-2 scores; twice the timeout when most runs were unsolved), the mean and standard deviation (σ) " +
			"of the runs' " + rep.Clock + " times, their minimum and maximum, the relative speed: the median over the fastest " +
			"configuration's on the instance (1.00 for the fastest), with its 95% confidence interval " +
			"(a bootstrap over both configurations' runs: every resample counted with its probability up to 7 runs a side, " +
			"else 1000 drawn, seeded by the instance and the two names), " +
			"and the runs that are statistical outliers (modified Z-score over 14, as hyperfine counts them).",
		header: append(append([]string{"instance"}, rep.configHeader()...),
			"solved", "answer", "median (s)", "mean (s)", "σ (s)", "min (s)", "max (s)", "relative", "95% CI", "outliers")}
	for _, c := range rep.Cells {
		r, ci := "-", "-"
		if c.Solved {
			r, ci = rel(c.Relative), rel(c.RelLo)+"-"+rel(c.RelHi)
		}
		t.rows = append(t.rows, append(append([]string{c.Instance}, rep.configCols(c.Config)...),
			fmt.Sprintf("%d/%d", c.SolvedRuns, c.Runs), c.Answer, secs(c.Median), secs(c.Mean), secs(c.SD),
			secs(c.Min), secs(c.Max), r, ci, strconv.Itoa(c.Outliers)))
	}
	return t
}

// doubtsTable is the report's Doubts table: per configuration the runs
// whose times or answers are in doubt; nc is the number of configuration
// columns.
func (rep *Report) doubtsTable(nc int) table {
	t := table{title: "Doubts", numericFrom: nc,
		note: "Runs whose times or answers are in doubt, per configuration: contended (the machine's load slowed them: " +
			"wall time over 1.5 times CPU time" + around(", ", rep.Sources.Contended, "") + "; score by CPU time to set it aside), " +
			"wrong (a SAT answer whose model failed the check), unproven (an UNSAT answer whose proof failed its check), " +
			"and outliers (see Repetitions).",
		header: append(rep.configHeader(), "runs", "contended", "wrong", "unproven", "outliers")}
	for i := range rep.Configs {
		s := &rep.Configs[i]
		t.rows = append(t.rows, append(rep.configCols(s.Config), strconv.Itoa(s.Runs), strconv.Itoa(s.Contended),
			strconv.Itoa(s.Wrong), strconv.Itoa(s.Unproven), strconv.Itoa(s.Outliers)))
	}
	return t
}

// Doubts sums the configurations' doubtful runs (see ConfigStats): its
// Runs, Contended, Wrong, Unproven and Outliers.
func (rep *Report) Doubts() (d ConfigStats) {
	for i := range rep.Configs {
		c := &rep.Configs[i]
		d.Runs += c.Runs
		d.Contended += c.Contended
		d.Wrong += c.Wrong
		d.Unproven += c.Unproven
		d.Outliers += c.Outliers
	}
	return d
}
