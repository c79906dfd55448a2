package score

import (
	"hash/fnv"
	"sort"
	"strings"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/stats"
	"github.com/pipesat/pipesat/bench/suite"
)

// FoldCells folds rows, in results.Sort order, into cells sorted by
// instance, then configuration, each run timed by clock; an unsolved run
// scores twice its timeout, or twice lim without one (see Limit). A
// cell's rows are consecutive in that order (the same instance name and
// solver), so it folds them in one pass, without a map.
func FoldCells(rows []results.Row, lim float64, clock Clock) []Cell {
	n := 0
	for i := range rows {
		if i == 0 || rows[i].Instance != rows[i-1].Instance || rows[i].Solver != rows[i-1].Solver {
			n++
		}
	}
	out := make([]Cell, 0, n)
	times, scores := make([]float64, len(rows)), make([]float64, len(rows))
	for i := 0; i < len(rows); {
		path, enc := suite.SplitName(rows[i].Instance)
		c := Cell{Config: Config{rows[i].Solver, enc}, Instance: path, Family: family(path), Answer: "-"}
		j := i
		for ; j < len(rows) && rows[j].Instance == rows[i].Instance && rows[j].Solver == rows[i].Solver; j++ {
			times[j], scores[j] = clock.Time(&rows[j]), score(&rows[j], lim, clock)
			c.add(&rows[j], scores[j])
		}
		c.times, c.scores = times[i:j], scores[i:j]
		c.fold()
		out = append(out, c)
		i = j
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := &out[i], &out[j]
		if a.Instance != b.Instance {
			return a.Instance < b.Instance
		}
		return a.Config.Less(b.Config)
	})
	relative(out)
	for i := range out {
		out[i].times, out[i].scores = nil, nil
	}
	return out
}

// add counts run r, whose PAR-2 score is sc, in c.
func (c *Cell) add(r *results.Row, sc float64) {
	if len(c.Tags) == 0 {
		c.Tags = r.Tags
	}
	c.Runs++
	if r.Contended {
		c.Contended++
	}
	if r.Status == results.StatusUnproven {
		c.Unproven++
	}
	if r.Status == results.StatusError && strings.HasPrefix(r.Error, "wrong model") {
		c.Wrong++
	}
	if !r.Solved() {
		// The penalty of an unsolved cell: the largest of its runs'.
		c.Median = max(c.Median, sc)
		return
	}
	c.SolvedRuns++
	switch c.Answer {
	case "-":
		c.Answer = r.Status
	case r.Status, "CONFLICT":
	default:
		c.Answer = "CONFLICT"
	}
}

// fold computes c's statistics once its runs are added.
func (c *Cell) fold() {
	c.Solved = 2*c.SolvedRuns > c.Runs
	if c.Solved {
		c.Median = stats.Median(c.scores)
	}
	c.Min, c.Max = c.times[0], c.times[0]
	for _, t := range c.times {
		c.Min, c.Max = min(c.Min, t), max(c.Max, t)
	}
	c.Mean, c.SD = stats.MeanSD(c.times)
	c.Outliers = stats.Outliers(c.times)
}

// relative sets each solved cell's relative speed, hyperfine style: its
// Median over the fastest solved cell's on the instance, with the 95%
// bootstrap interval of that ratio over the two cells' runs (seeded by
// the instance and the configurations, so it does not depend on other
// cells). cells are sorted by instance.
func relative(cells []Cell) {
	for i := 0; i < len(cells); {
		j, best := i, -1
		for ; j < len(cells) && cells[j].Instance == cells[i].Instance; j++ {
			if cells[j].Solved && (best < 0 || cells[j].Median < cells[best].Median) {
				best = j
			}
		}
		for k := i; k < j && best >= 0; k++ {
			c, b := &cells[k], &cells[best]
			if !c.Solved {
				continue
			}
			c.Relative = ratio(c.Median, b.Median)
			ci := stats.RatioCI(c.scores, b.scores, seed(c.Instance, c.Config.String(), b.Config.String()))
			c.RelLo, c.RelHi = ci.Lo, ci.Hi
		}
		i = j
	}
}

// seed returns a bootstrap seed made of words.
func seed(words ...string) uint64 {
	h := fnv.New64a()
	for _, w := range words {
		h.Write([]byte(w))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// ratio returns a/b, 1 when both are 0 (two runs too fast to time).
func ratio(a, b float64) float64 {
	if b == 0 {
		if a == 0 {
			return 1
		}
		b = stats.Resolution
	}
	return a / b
}
