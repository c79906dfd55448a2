// cnf2zebra prints the houses of an Einstein puzzle from a SAT solver's
// answer.
//
// Usage:
//
//	cnf2zebra [--puzzle FILE] [FILE|-]
//
// It reads a solver's output from FILE, or standard input if FILE is "-" or
// absent: satrun's, any competition solver's ("s"/"v" lines, one model or
// an enumeration such as picosat --all), minisat's stdout or its result
// file. satrun forwards zebra2cnf's header, which holds the puzzle, so no
// flag is needed; a raw solver's output has no header, so give the puzzle
// with --puzzle (when both are there they must be the same puzzle).
//
// Every solution is checked against every clue of the puzzle; one that
// breaks a clue is an error.
//
// Output: for each distinct solution a table, one line per house with all
// its values, then "value: answer" for each question of the puzzle; a
// blank line between solutions. After an enumeration (satrun --all or
// --max N, picosat --all) a last line "c unique solution" or
// "c not unique: K solutions found". So
//
//	zebra2cnf einstein.txt | satrun --max 2 | cnf2zebra
//
// tells whether the puzzle has exactly one solution.
//
// Flags:
//
//	--puzzle FILE  the puzzle the answer is for (zebra2cnf's input)
//
// Exit status: 10 solved, 20 no solution (the solver said UNSATISFIABLE;
// "cnf2zebra: no solution" on standard error), 0 unknown, 1 error
// (unreadable output, no puzzle, a solution that breaks a clue), 2 usage.
//
// Examples:
//
//	zebra2cnf einstein.txt | satrun | cnf2zebra
//	zebra2cnf einstein.txt | picosat | cnf2zebra --puzzle einstein.txt
//	zebra2cnf einstein.txt > e.cnf; minisat e.cnf e.out; cnf2zebra --puzzle einstein.txt e.out
package main
