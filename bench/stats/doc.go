// Package stats has the statistics satbench's report quotes beyond
// medians: the mean and standard deviation of repeated runs (gonum's
// stat), hyperfine's outlier rule (modified Z-scores over 14), a
// bootstrap confidence interval for a ratio of medians, with a fixed
// seed so that the same runs give the same interval, and the Wilcoxon
// signed-rank test of paired times (exact for few pairs, else the normal
// approximation, gonum's distuv). It knows nothing of rows or solvers:
// it takes times.
package stats
