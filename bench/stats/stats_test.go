package stats

import (
	"fmt"
	"math"
	"testing"
)

func TestSignedRank(t *testing.T) {
	for _, tt := range []struct {
		d    []float64
		want string
	}{
		// All five differences positive: W+ = 15, the largest of 2^5
		// sign patterns, and the smallest: p = 2/32.
		{[]float64{1, 2, 3, 4, 5}, "N=5 W+=15 p=0.062500 exact"},
		// W+ = 13: sums 0, 1, 2 are as far out below, p = 2*3/32.
		{[]float64{1, -2, 3, 4, 5}, "N=5 W+=13 p=0.187500 exact"},
		// Zero differences are dropped.
		{[]float64{0, 1, -2, 3, 4, 5}, "N=5 W+=13 p=0.187500 exact"},
		// Four tied |d|: ranks 2.5, W+ = 7.5, mean 5, variance
		// 4*5*9/24 - (64-4)/48 = 6.25, z = (2.5-0.5)/2.5 = 0.8,
		// p = 2 (1 - Phi(0.8)).
		{[]float64{1, 1, 1, -1}, "N=4 W+=7.5 p=0.423711 normal"},
		{nil, "N=0 W+=0 p=1.000000 exact"},
	} {
		w := SignedRank(tt.d)
		how := "normal"
		if w.Exact || w.N == 0 {
			how = "exact"
		}
		if got := fmt.Sprintf("N=%d W+=%g p=%.6f %s", w.N, w.WPlus, w.P, how); got != tt.want {
			t.Errorf("%v: %s, want %s", tt.d, got, tt.want)
		}
	}
	// 40 pairs, the multiples of 4 negative: W+ = 820 - 220 = 600, mean 410,
	// variance 40*41*81/24 = 5535, z = 189.5/74.40 = 2.547.
	var d []float64
	for i := 1; i <= 40; i++ {
		d = append(d, float64(i)*map[bool]float64{true: 1, false: -1}[i%4 != 0])
	}
	if w := SignedRank(d); w.Exact || fmt.Sprintf("%g %.6f", w.WPlus, w.P) != "600 0.010861" {
		t.Errorf("40 pairs: %+v", w)
	}
}

func TestOutliers(t *testing.T) {
	for _, tt := range []struct {
		xs   []float64
		want int
	}{
		{[]float64{1, 1, 1.5}, 1},                // MAD 0, taken as 1% of 1: z = 33.7
		{[]float64{1, 1, 1.1}, 0},                // z = 6.7
		{[]float64{1, 1, 1.2}, 0},                // z = 13.5: just under
		{[]float64{1, 1, 1.22}, 1},               // z = 14.8
		{[]float64{0, 0, 0.015}, 0},              // MAD taken as 1 ms: z = 10.1
		{[]float64{0, 0, 0.025}, 1},              // z = 16.9
		{[]float64{1, 1.001, 1.002}, 0},          // agree to the millisecond
		{[]float64{1, 20}, 0},                    // too few to tell
		{[]float64{10, 10.1, 10.2, 10.1, 30}, 1}, // MAD 0.1: z(30) = 134
		{[]float64{10, 11, 12, 13, 14}, 0},
	} {
		if got := Outliers(tt.xs); got != tt.want {
			t.Errorf("Outliers(%v) = %d, want %d", tt.xs, got, tt.want)
		}
	}
}

func TestMeanSD(t *testing.T) {
	m, sd := MeanSD([]float64{1, 2, 3, 4})
	if m != 2.5 || math.Abs(sd-math.Sqrt(5.0/3)) > 1e-12 {
		t.Errorf("MeanSD = %g, %g", m, sd)
	}
	if m, sd := MeanSD([]float64{7}); m != 7 || sd != 0 {
		t.Errorf("MeanSD(7) = %g, %g", m, sd)
	}
}

// TestRatioCI: the interval is the same for the same times and seed,
// holds the ratio of the medians, and is exact when the runs agree.
func TestRatioCI(t *testing.T) {
	if ci := RatioCI([]float64{2, 2, 2}, []float64{1, 1, 1}, 7); ci != (Interval{2, 2}) {
		t.Errorf("constant runs: %v", ci)
	}
	a, b := []float64{1.0, 1.2, 1.1, 1.3, 0.9}, []float64{2.0, 2.4, 2.2, 2.1, 1.9}
	ci := RatioCI(a, b, 1)
	if ci != RatioCI(a, b, 1) {
		t.Error("same seed, another interval")
	}
	if got := fmt.Sprintf("%.4f-%.4f", ci.Lo, ci.Hi); got != "0.4167-0.6316" {
		t.Errorf("RatioCI = %s", got)
	}
	if r := Median(a) / Median(b); r < ci.Lo || r > ci.Hi {
		t.Errorf("ratio %g outside %v", r, ci)
	}
	if ci := MedianCI([]float64{1, 2, 3, 4, 5, 6, 7, 8, 9}, 1); fmt.Sprintf("%g-%g", ci.Lo, ci.Hi) != "2-8" {
		t.Errorf("MedianCI = %v", ci)
	}
}

// TestExactBootstrap: for three runs 1, 1, 2 a resample's median is 2
// when at least two of its three draws are the 2: 3(1/3)^2(2/3) + (1/3)^3
// = 7/27.
func TestExactBootstrap(t *testing.T) {
	d := medianDist([]float64{1, 1, 2})
	if len(d) != 2 || d[0].v != 1 || math.Abs(d[1].p-7.0/27) > 1e-12 || math.Abs(d[0].p+d[1].p-1) > 1e-12 {
		t.Errorf("medianDist(1, 1, 2) = %v", d)
	}
	// Even counts: the median of 1, 3 resampled is 1, 2 or 3 with
	// probabilities 1/4, 1/2, 1/4.
	if d := medianDist([]float64{1, 3}); fmt.Sprint(d) != "[{1 0.25} {2 0.5} {3 0.25}]" {
		t.Errorf("medianDist(1, 3) = %v", d)
	}
	if ci := RatioCI([]float64{1, 2, 3}, []float64{1}, 0); ci != (Interval{1, 3}) {
		t.Errorf("RatioCI(1 2 3, 1) = %v, want 1-3 (each end has 7/27)", ci)
	}
	// Eight runs each: drawn, 1000 resamples, the same for the same seed.
	a, b := []float64{1, 2, 3, 4, 5, 6, 7, 8}, []float64{2, 2, 2, 2, 2, 2, 2, 2}
	if ci := RatioCI(a, b, 3); ci != RatioCI(a, b, 3) || fmt.Sprintf("%g-%g", ci.Lo, ci.Hi) != "1-3.5" {
		t.Errorf("RatioCI of 8 runs = %v", ci)
	}
}
