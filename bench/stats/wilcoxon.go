package stats

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"
)

// Wilcoxon is the result of a Wilcoxon signed-rank test.
type Wilcoxon struct {
	// N counts the pairs that differ (zero differences are dropped).
	N int `json:"n"`
	// WPlus is the sum of the ranks of the positive differences.
	WPlus float64 `json:"w_plus"`
	// P is the two-sided p-value: the chance of a W+ as far from its mean
	// if the differences were symmetric around 0.
	P float64 `json:"p"`
	// Exact is true when P is the exact distribution's (N <= ExactMax and
	// no ties), false when it is the normal approximation's (with the
	// correction for ties and for continuity).
	Exact bool `json:"exact"`
}

// ExactMax is the most pairs for which Wilcoxon's p-value is exact.
const ExactMax = 30

// SignedRank runs the Wilcoxon signed-rank test on the differences d
// (e.g. log(a/b) per instance): does their distribution sit around 0?
// Differences within Resolution of 0 are dropped. No differences give
// P = 1.
func SignedRank(d []float64) Wilcoxon {
	var abs []float64
	var pos []bool
	for _, x := range d {
		if math.Abs(x) < 1e-12 {
			continue
		}
		abs = append(abs, math.Abs(x))
		pos = append(pos, x > 0)
	}
	w := Wilcoxon{N: len(abs), P: 1}
	if w.N == 0 {
		return w
	}
	ranks, ties := rank(abs)
	for i, r := range ranks {
		if pos[i] {
			w.WPlus += r
		}
	}
	if w.N <= ExactMax && ties == 0 {
		w.Exact = true
		w.P = exactP(w.N, w.WPlus)
		return w
	}
	n := float64(w.N)
	mean := n * (n + 1) / 4
	sd := math.Sqrt(n*(n+1)*(2*n+1)/24 - ties/48)
	z := (math.Abs(w.WPlus-mean) - 0.5) / sd
	w.P = min(1, 2*distuv.UnitNormal.Survival(max(z, 0)))
	return w
}

// rank returns the ranks of xs (1 for the smallest, ties sharing their
// mean rank) and the ties' correction, the sum of t^3 - t over groups of
// t equal values.
func rank(xs []float64) (ranks []float64, ties float64) {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return xs[idx[i]] < xs[idx[j]] })
	ranks = make([]float64, len(xs))
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && xs[idx[j]] == xs[idx[i]] {
			j++
		}
		for k := i; k < j; k++ {
			ranks[idx[k]] = float64(i+j+1) / 2
		}
		if t := float64(j - i); t > 1 {
			ties += t*t*t - t
		}
		i = j
	}
	return ranks, ties
}

// exactP returns the two-sided p-value of W+ = w among n untied pairs:
// the number of the 2^n sign patterns whose W+ is as far from the mean,
// counted by dynamic programming over the ranks, over 2^n.
func exactP(n int, w float64) float64 {
	top := n * (n + 1) / 2
	count := make([]float64, top+1)
	count[0] = 1
	for r := 1; r <= n; r++ {
		for s := top; s >= r; s-- {
			count[s] += count[s-r]
		}
	}
	lo := min(w, float64(top)-w)
	tail := 0.0
	for s := 0; float64(s) <= lo; s++ {
		tail += count[s]
	}
	return min(1, 2*tail/math.Exp2(float64(n)))
}
