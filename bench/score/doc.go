// Package score scores benchmark results. A configuration (Config) is a
// solver, or a solver and the encoder command of an encoded instance; each
// configuration's repetitions on an instance fold into a Cell (its median,
// mean and σ, spread, outliers, and relative speed with a 95% bootstrap
// interval, from package stats). SummarizeBy scores configurations by
// PAR-2 (the mean over instances of the median run time, an unsolved
// instance counting twice the time limit), every run timed by a Clock
// (wall or CPU time), adds the virtual best solver (VBS), the scores per
// family (a suite's tags, else the folder), the runs in doubt (contended,
// wrong, unproven, outliers), disagreements, per solver and per instance
// counts, proofs and machines, and the Report writes them as Markdown,
// CSV or JSON. Compare compares two configurations instance by instance
// (wins, median ratio, Wilcoxon signed-rank test). SplitBy makes row
// columns (version, host, ...) part of the configurations; JoinEncodings
// takes out the encoders of puzzles that only one encoder encoded.
package score
