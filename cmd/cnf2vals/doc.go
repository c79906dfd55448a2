// cnf2vals prints the values a SAT solver's answer gives to named variables.
//
// It reads a solver's output from FILE, or standard input if FILE is "-" or
// absent: satrun's, any competition solver's ("s"/"v" lines, one model or
// an enumeration such as picosat --all), minisat's stdout or its result
// file. Names come from the "c varname <id> <name>" lines every pipesat
// encoder writes and satrun forwards; a raw solver drops them, so give the
// CNF with --cnf. Without any name, variables are printed by number.
//
// Output: one block per model, "name = true" or "name = false" per line in
// variable order ("name = unassigned" if the model leaves it out), blocks
// separated by a blank line. Models that agree on every printed variable
// are printed once, and blocks are sorted (false before true, variable by
// variable), so the output does not depend on the solver's order.
//
// A last line counts the blocks after a complete enumeration (satrun's
// "c solutions N" without a "c limit" line, picosat's "s SOLUTIONS N", a
// final "s UNSATISFIABLE"): "c solutions N". When the input holds several
// models but is not complete (satrun --max N, a timeout, no end marker),
// or satrun cut the enumeration short, it reads "c at least N solutions"
// and the exit status is 1, with one line on standard error saying why. A
// single plain answer, or satrun --max 1, gets no count line.
//
// Input that holds no solver answer (empty, garbage, a stream cut off
// before any "s" line) is an error, and so is a model whose final 0 is
// missing at the end of the input ("head -n" cut it). An UNKNOWN answer
// ("s UNKNOWN", cadical's "c UNKNOWN", minisat's INDETERMINATE) is an
// answer, not an error.
//
// When satrun says the solver failed in the middle of an enumeration
// ("c ERROR: <reason> after N models; more may exist"), the models it
// printed are decoded as usual, then the tool exits 1 with
// "upstream solver failed after N models: <reason>".
//
// After satrun --explain, an unsatisfiable answer prints the names of the
// groups that cannot all hold, one per line (bool2cnf's "formula 3: p"),
// then "c no solution: ... cannot all hold; each of the others can be
// dropped"; a unique model is followed by the groups it needs.
//
// Exit status: 0 a model was printed, 20 no solution (the solver said
// UNSATISFIABLE; "cnf2vals: no solution" on standard error), 3 unknown
// (the solver gave no answer), 1 error (no answer in the input, bad or
// truncated output, a model the CNF rejects, a failed solver) and an
// incomplete count ("c at least N solutions"), 2 usage. --status sat exits
// 10, 20 and 0 instead, as satrun does, for those who read the SAT
// competition's statuses.
//
// Examples:
//
//	bool2cnf <<< '(a & b & !c) | (a & !b)' | satrun --all | cnf2vals
//	bool2cnf f.txt > f.cnf; picosat --all f.cnf | cnf2vals --cnf f.cnf --primary
//	zebra2cnf einstein.txt | satrun | cnf2vals --primary --true   # Brit@3, Swede@5, ...
package main
