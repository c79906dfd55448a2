package score

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/bench/stats"
)

// Comparison compares configuration A with B, instance by instance, each
// instance's repetitions folded into a Cell (its median PAR-2 score).
type Comparison struct {
	A     Config `json:"a"`
	B     Config `json:"b"`
	Clock string `json:"clock"`
	// Instances counts the instances both ran: BothSolved, OnlyA,
	// OnlyB and Neither of them.
	Instances  int `json:"instances"`
	BothSolved int `json:"both_solved"`
	OnlyA      int `json:"only_a"`
	OnlyB      int `json:"only_b"`
	Neither    int `json:"neither"`
	// Over the instances one of them solved (an unsolved cell scoring
	// its penalty): how often each was faster, or tied (equal medians).
	AFaster int `json:"a_faster"`
	BFaster int `json:"b_faster"`
	Ties    int `json:"ties"`
	// Ratio is the median over those instances of A's median over B's,
	// CI its 95% bootstrap interval (resampling instances).
	Ratio float64        `json:"ratio"`
	CI    stats.Interval `json:"ci"`
	// Test is the Wilcoxon signed-rank test of log(A/B) over them.
	Test stats.Wilcoxon `json:"wilcoxon"`
}

// PickError says that Name names no configuration of Have (their
// names), or more than one.
type PickError struct {
	Name string
	Have []string
}

func (e *PickError) Error() string {
	return fmt.Sprintf("no configuration or solver %q: have %s", e.Name, quoteAll(e.Have))
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

// FindConfig returns the configuration of cells that name names: as the
// tables name it ("minisat + nono2cnf {}"), or a solver that ran one
// configuration only.
func FindConfig(cells []Cell, name string) (Config, error) {
	var have []string
	seen := map[Config]bool{}
	var bySolver []Config
	for i := range cells {
		c := cells[i].Config
		if seen[c] {
			continue
		}
		seen[c] = true
		have = append(have, c.String())
		if c.String() == name {
			return c, nil
		}
		if c.Solver == name {
			bySolver = append(bySolver, c)
		}
	}
	if len(bySolver) == 1 {
		return bySolver[0], nil
	}
	return Config{}, &PickError{Name: name, Have: have}
}

// Compare compares a with b on cells (see FoldCells), timed by clock.
func Compare(cells []Cell, a, b Config, clock Clock) *Comparison {
	cmp := &Comparison{A: a, B: b, Clock: clock.String()}
	cb := map[string]*Cell{}
	for i := range cells {
		if cells[i].Config == b {
			cb[cells[i].Instance] = &cells[i]
		}
	}
	var logs []float64
	for i := range cells { // in instance order
		x := &cells[i]
		y := cb[x.Instance]
		if x.Config != a || y == nil {
			continue
		}
		cmp.Instances++
		if !cmp.count(x.Solved, y.Solved) {
			continue
		}
		l := math.Log(max(x.Median, stats.Resolution) / max(y.Median, stats.Resolution))
		logs = append(logs, l)
		switch {
		case math.Abs(l) < 1e-12:
			cmp.Ties++
		case l < 0:
			cmp.AFaster++
		default:
			cmp.BFaster++
		}
	}
	if len(logs) > 0 {
		cmp.Ratio = math.Exp(stats.Median(logs))
		ci := stats.MedianCI(logs, seed(a.String(), b.String()))
		cmp.CI = stats.Interval{Lo: math.Exp(ci.Lo), Hi: math.Exp(ci.Hi)}
	}
	cmp.Test = stats.SignedRank(logs)
	return cmp
}

// count counts an instance a and b solved or not, and reports whether
// one of them did.
func (cmp *Comparison) count(a, b bool) bool {
	switch {
	case a && b:
		cmp.BothSolved++
	case a:
		cmp.OnlyA++
	case b:
		cmp.OnlyB++
	default:
		cmp.Neither++
		return false
	}
	return true
}

// WriteMarkdown writes the comparison as a Markdown section.
func (cmp *Comparison) WriteMarkdown(w io.Writer) error {
	bw := bufio.NewWriter(w)
	a, b := cmp.A.String(), cmp.B.String()
	n := cmp.AFaster + cmp.BFaster + cmp.Ties
	fmt.Fprintf(bw, "## %s against %s\n\n", a, b)
	fmt.Fprintf(bw, "Each instance's runs folded into their median %s time (PAR-2: an unsolved instance counts twice the timeout). "+
		"Compared over the %d instances one of them solved; the ratio is %s's time over %s's (below 1: %s is faster), "+
		"its interval a 95%% bootstrap over those instances (1000 resamples, fixed seed); "+
		"the Wilcoxon signed-rank test asks whether log(%s/%s) is centred on 0 (two-sided p).\n\n",
		cmp.Clock, n, a, b, a, a, b)
	test := "exact"
	if !cmp.Test.Exact {
		test = "normal approximation"
	}
	rows := [][]string{
		{"instances both ran", strconv.Itoa(cmp.Instances)},
		{"solved by both", strconv.Itoa(cmp.BothSolved)},
		{"solved by " + a + " only", strconv.Itoa(cmp.OnlyA)},
		{"solved by " + b + " only", strconv.Itoa(cmp.OnlyB)},
		{"solved by neither", strconv.Itoa(cmp.Neither)},
		{a + " faster", fmt.Sprintf("%d of %d", cmp.AFaster, n)},
		{b + " faster", fmt.Sprintf("%d of %d", cmp.BFaster, n)},
		{"ties", fmt.Sprintf("%d of %d", cmp.Ties, n)},
		{"median ratio " + a + " / " + b, "-"},
		{"Wilcoxon signed-rank", "-"},
	}
	if n > 0 { // else there is no ratio, and no test
		rows[8][1] = fmt.Sprintf("%.3f (95%% CI %.3f-%.3f)", cmp.Ratio, cmp.CI.Lo, cmp.CI.Hi)
		rows[9][1] = fmt.Sprintf("W+ = %g, n = %d, p = %.4g (%s)", cmp.Test.WPlus, cmp.Test.N, cmp.Test.P, test)
	}
	mdTable(bw, []string{"", "value"}, rows, 1)
	return bw.Flush()
}

// WriteJSON writes the comparison as one indented JSON object.
func (cmp *Comparison) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(cmp)
}
