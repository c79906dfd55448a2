// Package score scores benchmark results. A configuration (Config) is a
// solver, or a solver and the encoder command of an encoded instance; each
// configuration's repetitions on an instance fold into a Cell (its median,
// spread and relative speed). Summarize scores configurations by PAR-2
// (the mean over instances of the median run time, an unsolved instance
// counting twice the time limit), adds the virtual best solver (VBS), the
// scores per family (a suite's tags, else the folder), disagreements, per
// solver and per instance counts, proofs and machines, and the Report
// writes them as Markdown, CSV or JSON. SplitBy makes row columns (version,
// host, ...) part of the configurations.
package score
