// cnf2sudoku prints the sudoku grid in a SAT solver's answer.
//
// It reads a solver's output from FILE, or standard input if FILE is "-"
// or absent: satrun's, any competition solver's ("s"/"v" lines), minisat's
// stdout or its result file. The output of satrun carries sudoku2cnf's
// header comments, so no flag is needed. A raw solver's output has no
// header: the size comes from --puzzle, --size, or the number of variables
// when it is exactly N³ (the default pairwise encoding has no others).
//
// Every grid is checked: one value per cell, each value once per row,
// column and box, and the givens kept (from --puzzle and from the
// "c pipesat sudoku-givens" header). A grid that breaks them is an error.
// Variable numbering: see sudoku2cnf.
//
// Output: each grid, one row per line with "|" and "-" box rules (a blank
// line between grids). After an enumeration (satrun --all or --max N)
// follows "c unique solution" or "c not unique: K solutions", the last
// line every decoder ends with (cnf2grid too, on standard error for its
// png and svg formats). So
//
//	sudoku2cnf p.txt | satrun --max 2 | cnf2sudoku
//
// says whether p.txt has exactly one solution. "unique" needs a complete
// enumeration (satrun's "c solutions N" with no "c limit N reached" line,
// or a final "s UNSATISFIABLE"): after satrun --max 1 nothing is said, and
// when the enumeration stopped early (satrun --max N, a timeout) K reads
// "at least K".
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
// After satrun --explain, an unsatisfiable answer is followed by the
// givens that cannot all hold under the rules ("c no solution: given
// r1c1=1, given r1c2=2 and given r2c4=4 cannot all hold; each of the
// others can be dropped"), and a unique solution by the givens it needs.
// The rules are the puzzle, not clues: an explanation never drops them.
//
// Exit status: 0 solved (grid printed), 20 no solution (the solver said
// UNSATISFIABLE; "cnf2sudoku: no solution" on standard error), 3 unknown
// (the solver gave no answer), 1 error (no answer in the input, unreadable
// or truncated output, a grid that breaks a rule or a given, a failed
// solver), 2 usage. --status sat exits 10, 20 and 0 instead, as satrun
// does, for those who read the SAT competition's statuses.
//
// Examples:
//
//	sudoku2cnf p.txt | satrun | cnf2sudoku
//	sudoku2cnf p.txt | picosat | cnf2sudoku --puzzle p.txt
//	sudoku2cnf p.txt > p.cnf; minisat p.cnf p.out; cnf2sudoku --puzzle p.txt p.out
package main
