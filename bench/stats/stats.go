package stats

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"gonum.org/v1/gonum/stat"
)

// Median returns the median of xs (the mean of the middle two for an even
// count), 0 for none. It sorts a copy.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return sortedMedian(s)
}

func sortedMedian(s []float64) float64 {
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// MeanSD returns the mean and the sample standard deviation of xs (0 for
// fewer than two).
func MeanSD(xs []float64) (mean, sd float64) {
	switch len(xs) {
	case 0:
		return 0, 0
	case 1:
		return xs[0], 0
	}
	mean, sd = stat.MeanStdDev(xs, nil)
	return mean, sd
}

// OutlierZ is hyperfine's threshold: a run whose modified Z-score is over
// it is an outlier.
const OutlierZ = 14

// Resolution is the smallest time difference that counts, in seconds:
// the tables' precision.
const Resolution = 0.001

// Outliers counts the xs whose modified Z-score, 0.6745 (x - median) /
// MAD with MAD the median absolute deviation, is over OutlierZ in
// absolute value (Iglewicz and Hoaglin's rule, as hyperfine applies it).
// Fewer than three xs have none. A MAD below 1% of the median, or below
// Resolution, is taken as that: with three runs two that agree make the
// MAD 0, and hyperfine's rule would then flag any difference in the third;
// this way it takes one about 21% off the median.
func Outliers(xs []float64) int {
	if len(xs) < 3 {
		return 0
	}
	med := Median(xs)
	dev := make([]float64, len(xs))
	for i, x := range xs {
		dev[i] = math.Abs(x - med)
	}
	mad := max(Median(dev), Resolution, 0.01*med)
	n := 0
	for _, d := range dev {
		if 0.6745*d/mad > OutlierZ {
			n++
		}
	}
	return n
}

// Resamples is how many bootstrap resamples an interval draws.
const Resamples = 1000

// Interval is a confidence interval, Lo to Hi.
type Interval struct {
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// RatioCI returns the 95% bootstrap percentile interval of median(a) /
// median(b): both samples are drawn again with replacement and their
// medians' ratio taken; the interval runs from the 2.5th to the 97.5th
// percentile of those ratios. With at most ExactMaxRuns in each, every
// resample is counted with its probability (the exact bootstrap, as if
// with infinitely many resamples); with more, Resamples are drawn, seed
// fixing the draws so that the same times give the same interval. A zero
// median counts as Resolution. Empty samples give the zero Interval.
func RatioCI(a, b []float64, seed uint64) Interval {
	if len(a) == 0 || len(b) == 0 {
		return Interval{}
	}
	if len(a) <= ExactMaxRuns && len(b) <= ExactMaxRuns {
		return exactRatioCI(a, b)
	}
	rng := rand.New(rand.NewPCG(seed, 0x5a7be9c4))
	ra, rb := make([]float64, len(a)), make([]float64, len(b))
	ratios := make([]float64, Resamples)
	for i := range ratios {
		ratios[i] = max(resampleMedian(rng, a, ra), Resolution) / max(resampleMedian(rng, b, rb), Resolution)
	}
	return percentiles(ratios)
}

// resampleMedian draws len(xs) of xs with replacement into buf and
// returns their median.
func resampleMedian(rng *rand.Rand, xs, buf []float64) float64 {
	for i := range buf {
		buf[i] = xs[rng.IntN(len(xs))]
	}
	slices.Sort(buf)
	return sortedMedian(buf)
}

// percentiles returns the 2.5th and 97.5th percentiles of xs (which it
// sorts), gonum's empirical quantiles.
func percentiles(xs []float64) Interval {
	sort.Float64s(xs)
	return Interval{stat.Quantile(0.025, stat.Empirical, xs, nil), stat.Quantile(0.975, stat.Empirical, xs, nil)}
}

// MedianCI returns the 95% bootstrap percentile interval of the median of
// xs (see RatioCI), the zero Interval for none.
func MedianCI(xs []float64, seed uint64) Interval {
	if len(xs) == 0 {
		return Interval{}
	}
	rng := rand.New(rand.NewPCG(seed, 0x5a7be9c4))
	buf := make([]float64, len(xs))
	meds := make([]float64, Resamples)
	for i := range meds {
		meds[i] = resampleMedian(rng, xs, buf)
	}
	return percentiles(meds)
}
