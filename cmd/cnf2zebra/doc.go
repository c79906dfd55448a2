// cnf2zebra prints the houses of an Einstein puzzle from a SAT solver's
// answer.
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
// its values, then "value: answer" for each question of the puzzle; a blank
// line between solutions, which are sorted. After an enumeration (satrun
// --all or --max N, picosat --all) a last line "c unique solution" or "c
// not unique: K solutions", the last line every decoder ends with (cnf2grid
// too, on standard error for its png and svg formats). So
//
//	zebra2cnf einstein.txt | satrun --max 2 | cnf2zebra
//
// tells whether the puzzle has exactly one solution (dropping any one of
// clues 1-14 of Einstein's makes it non-unique, and clue 15 follows from
// the others: the tests compare those counts with a brute-force solver).
// "unique" needs a complete enumeration (satrun's "c solutions N" with no
// "c limit N reached" line, picosat's "s SOLUTIONS N", a final "s
// UNSATISFIABLE"): after satrun --max 1 nothing is said, and when the
// enumeration stopped early (satrun --max N, a timeout) K reads "at least K".
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
// After a raw solver, which drops the header, the puzzle comes from
// --puzzle:
//
//	$ zebra2cnf testdata/zebra/einstein.txt | picosat | cnf2zebra --puzzle testdata/zebra/einstein.txt
//	house  nationality  colour  drink   smoke       pet
//	1      Norwegian    yellow  water   Dunhill     cats
//	2      Dane         blue    tea     Blends      horses
//	3      Brit         red     milk    PallMall    birds
//	4      German       green   coffee  Prince      fish
//	5      Swede        white   juice   Bluemaster  dogs
//	fish: German
//
// After satrun --explain, an unsatisfiable answer is followed by the
// clues, by their lines in the puzzle file, that cannot all hold ("c no
// solution: clue line 12 (same Brit red), clue line 14 (same Brit tea)
// and ... cannot all hold; each of the others can be dropped"), and a
// unique answer by the clues it needs: those left out are redundant (the
// Einstein puzzle's line 26, next-to Blends water, is).
//
// Exit status: 0 solved, 20 no solution (the solver said UNSATISFIABLE;
// "cnf2zebra: no solution" on standard error), 3 unknown (the solver gave
// no answer), 1 error (no answer in the input, unreadable or truncated
// output, no puzzle, a solution that breaks a clue, a failed solver), 2
// usage. --status sat exits 10, 20 and 0 instead, as satrun does, for
// those who read the SAT competition's statuses.
//
// Examples:
//
//	zebra2cnf einstein.txt | satrun | cnf2zebra
//	zebra2cnf einstein.txt | picosat | cnf2zebra --puzzle einstein.txt
//	zebra2cnf einstein.txt > e.cnf; minisat e.cnf e.out; cnf2zebra --puzzle einstein.txt e.out
package main
