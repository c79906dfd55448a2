// Package results keeps benchmark results: one Row per run (one solver on
// one instance, one repetition) in a JSON-lines results file. Appender
// writes each row with one write and syncs it, so a killed benchmark
// leaves at most a partial last line, which Read drops and reports and
// OpenAppender cuts off; a run is identified by its Key (solver, instance,
// repetition), which resuming skips and Merge deduplicates on.
// Disagreements finds instances that one solver answered SAT and another
// UNSAT.
package results
