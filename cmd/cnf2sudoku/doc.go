// cnf2sudoku prints the sudoku grid in a SAT solver's answer.
//
// Usage:
//
//	cnf2sudoku [--puzzle FILE [--index K] [--symbols auto|1-G|0-F]] [--size N] [--line] [-o FILE] [FILE|-]
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
// Flags:
//
//	--puzzle FILE  the puzzle the answer must solve (same formats as
//	               sudoku2cnf)
//	--index K      the K-th one-line puzzle of the --puzzle file (a file of
//	               several without it is an error, as for sudoku2cnf)
//	--symbols S    how the --puzzle file writes a 16x16, as for sudoku2cnf:
//	               auto (default), 1-G, or 0-F (hexadecimal)
//	--size N       the side length when nothing else says it (4, 9, 16, 25)
//	--line         print each grid as one line of N² symbols
//	-o, --output FILE  write the output to FILE (like a shell's >, never
//	                   half-written) instead of standard output
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
// when the enumeration stopped early (--max N, a timeout) K reads
// "at least K".
//
// Input that holds no solver answer (empty, garbage, a stream cut off
// before any "s" line) is an error, and so is a model whose final 0 is
// missing at the end of the input ("head -n" cut it). An UNKNOWN answer
// ("s UNKNOWN", cadical's "c UNKNOWN", minisat's INDETERMINATE) is an
// answer, not an error. Memory follows the input: all models together may
// span at most 1048576 variables plus 64 per byte read so far; a literal
// beyond that (like "v 268435455 0" in a few bytes) is an error that says
// so.
//
// When satrun says the solver failed in the middle of an enumeration
// ("c ERROR: <reason> after N models; more may exist"), the models it
// printed are decoded as usual, then the tool exits 1 with
// "upstream solver failed after N models: <reason>".
//
// Options may also follow the operands; "--" ends them. --help prints
// this manual, --version the version (the README lists the flag names
// every tool shares).
//
// After satrun --explain, an unsatisfiable answer is followed by the
// givens and rules that cannot all hold ("c no solution: given r1c1=1,
// given r2c4=4, one value in r1c1, row 2 (each value once) and box 1 (each
// value once) cannot all hold; each of the others can be dropped"), and a
// unique solution by the givens it needs.
//
// Exit status: 10 solved (grid printed), 20 no solution (the solver said
// UNSATISFIABLE; "cnf2sudoku: no solution" on standard error), 0 unknown
// (the solver gave no answer), 1 error (no answer in the input, unreadable
// or truncated output, a grid that breaks a rule or a given, a failed
// solver), 2 usage.
//
// Examples:
//
//	sudoku2cnf p.txt | satrun | cnf2sudoku
//	sudoku2cnf p.txt | picosat | cnf2sudoku --puzzle p.txt
//	sudoku2cnf p.txt > p.cnf; minisat p.cnf p.out; cnf2sudoku --puzzle p.txt p.out
package main
