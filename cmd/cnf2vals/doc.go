// cnf2vals prints the values a SAT solver's answer gives to named variables.
//
// Usage:
//
//	cnf2vals [--primary] [--true] [--cnf FILE] [FILE|-]
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
// variable), so the output does not depend on the solver's order. After an enumeration, or when the input holds several
// models, a last line "c solutions N" counts the blocks.
//
// Flags:
//
//	--primary   only the primary variables ("c pipesat primary A-B"): the
//	            encoder's inputs, not its auxiliary variables
//	--true      print only the names of the true variables, one per line
//	--cnf FILE  read the names and the primary range from the CNF FILE
//	            (compressed or not), and check every model against it: a
//	            model that falsifies a clause is an error
//
// Exit status: 10 a model was printed, 20 no solution (the solver said
// UNSATISFIABLE; "cnf2vals: no solution" on standard error), 0 unknown,
// 1 error, 2 usage.
//
// Examples:
//
//	bool2cnf <<< '(a & b & !c) | (a & !b)' | satrun --all | cnf2vals
//	bool2cnf f.txt > f.cnf; picosat --all f.cnf | cnf2vals --cnf f.cnf --primary
//	zebra2cnf einstein.txt | satrun | cnf2vals --primary --true
package main
