// Package run races SAT solvers: a Runner runs a matrix of jobs (Matrix:
// solvers x instances x repetitions) under time and memory limits, some at
// a time, each pinned to a CPU of its own when they fit, and appends one
// results.Row per run to a results file as each ends, with progress and an
// ETA on a terminal or in a log.
//
// A Solver is a command line to which the CNF file's path is appended;
// NamedSolver and CommandSolver make ones that go through satrun, so the
// embedded gini runs out of process like every other solver; a known
// external solver also has its own command line (Direct), which a Runner
// runs instead, without satrun's process, unless it certifies. Solvers
// resolves names ("auto" for the installed ones) and command lines
// together. Each run is a process tree of its own, measured and limited
// by package measure. Runner.RunOne reads the answer with
// dimacs.ReadOutput and checks a SAT model with Formula.Check: whatever
// goes wrong with a solver is an ERROR row, not an error.
package run
