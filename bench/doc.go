// Package bench races SAT solvers and encodings: it runs a matrix of
// solvers × instances × repetitions under time and memory limits, records
// one Row per run in a JSON-lines results file, and scores and plots the
// results. cmd/satbench is its command line.
//
// # Runs
//
// A Solver is a command line to which the CNF file's path is appended;
// NamedSolver and CommandSolver make ones that go through satrun, so the
// embedded gini runs out of process like every other solver. An Instance
// is a CNF file or a puzzle file with an encoder command. Each run is a
// process group of its own. Runner.RunOne measures it (wall time; user and
// system time of every waited-for descendant from wait4; peak resident
// memory of the whole tree, sampled from /proc), kills the whole tree on
// timeout (SIGTERM, then SIGKILL) or over the memory limit (SIGKILL), reads
// the answer with dimacs.ReadOutput and checks a SAT model with
// Formula.Check. Whatever goes wrong with a solver is an ERROR row, not an
// error.
//
// # Results
//
// A results file holds one JSON object (a Row) per line. Appender writes
// each with one write and syncs it, so a killed benchmark leaves at most a
// partial last line, which ReadRows drops and reports and OpenAppender cuts off; a
// run is identified by its Key (solver, instance, repetition), which is
// what resuming skips and Merge deduplicates on.
//
// # Scores
//
// Summarize counts answers per solver and computes PAR-2: the mean over
// runs of the wall time if solved (SAT or UNSAT), else twice the time
// limit. Cactus and Scatter draw per configuration with gonum.org/v1/plot
// (see Figure): Okabe-Ito colours with a marker and dash per line, whole-
// number count ticks, 1-2-5 log time ticks, the legend below the axes.
//
// # Suites and generators
//
// ReadSuite reads suite files (one instance per line, "PATH | CMD" for a
// puzzle and its encoder; "#tags:" lines tag the instances below, see
// SuiteTags). GBDHash computes an instance's Global Benchmark Database
// identifier, which run records in every row of a CNF file. RandomKSAT and Pigeonhole write benchmark
// formulas from a seed.
package bench
