package stats

import (
	"math"
	"slices"
	"sort"
)

// ExactMaxRuns is the most runs whose bootstrap RatioCI enumerates
// exactly, every resample with its probability; more are drawn at random.
const ExactMaxRuns = 7

// point is a value with its probability.
type point struct{ v, p float64 }

// medianDist returns the exact bootstrap distribution of the median of
// xs: over every multiset of len(xs) draws from xs (count vectors c with
// probability n!/(c1!...cn!)/n^n), its median with its probability,
// equal medians merged, sorted by value.
func medianDist(xs []float64) []point {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	logFact := make([]float64, n+1)
	for i := 1; i <= n; i++ {
		logFact[i] = logFact[i-1] + math.Log(float64(i))
	}
	base := logFact[n] - float64(n)*math.Log(float64(n))
	by := map[float64]float64{}
	counts := make([]int, n)
	var walk func(i, left int, logw float64)
	walk = func(i, left int, logw float64) {
		if i == n-1 {
			counts[i] = left
			by[countMedian(s, counts)] += math.Exp(base + logw - logFact[left])
			return
		}
		for c := 0; c <= left; c++ {
			counts[i] = c
			walk(i+1, left-c, logw-logFact[c])
		}
	}
	walk(0, n, 0)
	out := make([]point, 0, len(by))
	for v, p := range by {
		out = append(out, point{v, p})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].v < out[j].v })
	return out
}

// countMedian returns the median of the multiset holding counts[i] copies
// of sorted[i].
func countMedian(sorted []float64, counts []int) float64 {
	n := 0
	for _, c := range counts {
		n += c
	}
	at := func(k int) float64 { // the k-th smallest, from 0
		for i, c := range counts {
			if k < c {
				return sorted[i]
			}
			k -= c
		}
		return sorted[len(sorted)-1]
	}
	if n%2 == 1 {
		return at(n / 2)
	}
	return (at(n/2-1) + at(n/2)) / 2
}

// exactRatioCI returns the 2.5th and 97.5th percentiles of the ratio of
// two independent bootstrap medians, from their exact distributions.
func exactRatioCI(a, b []float64) Interval {
	da, db := medianDist(a), medianDist(b)
	r := make([]point, 0, len(da)*len(db))
	for _, x := range da {
		for _, y := range db {
			r = append(r, point{max(x.v, Resolution) / max(y.v, Resolution), x.p * y.p})
		}
	}
	sort.Slice(r, func(i, j int) bool { return r[i].v < r[j].v })
	return Interval{quantile(r, 0.025), quantile(r, 0.975)}
}

// quantile returns the least value of the sorted distribution d whose
// cumulative probability reaches q (gonum's stat.Empirical rule).
func quantile(d []point, q float64) float64 {
	cum := 0.0
	for _, x := range d {
		cum += x.p
		if cum >= q-1e-12 {
			return x.v
		}
	}
	return d[len(d)-1].v
}
