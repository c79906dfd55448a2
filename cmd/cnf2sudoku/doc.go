// cnf2sudoku prints the sudoku grid in a SAT solver's answer.
//
// Usage:
//
//	cnf2sudoku [--puzzle FILE [--index K]] [--size N] [--line] [FILE|-]
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
//	--index K      the K-th one-line puzzle of the --puzzle file
//	--size N       the side length when nothing else says it (4, 9, 16, 25)
//	--line         print each grid as one line of N² symbols
//
// Output: each grid, one row per line with "|" and "-" box rules (a blank
// line between grids). After an enumeration (satrun --all or --max N)
// follows "c unique solution" or "c not unique: K solutions". So
//
//	sudoku2cnf p.txt | satrun --max 2 | cnf2sudoku
//
// says whether p.txt has exactly one solution. (satrun --max 1 also ends
// in "c solutions 1", which reads as "unique": use --max 2 or --all.)
//
// Exit status: 10 solved (grid printed), 20 no solution (the solver said
// UNSATISFIABLE; "cnf2sudoku: no solution" on standard error), 0 unknown
// (the solver gave no answer), 1 error (unreadable output, a grid that
// breaks a rule or a given), 2 usage.
//
// Examples:
//
//	sudoku2cnf p.txt | satrun | cnf2sudoku
//	sudoku2cnf p.txt | picosat | cnf2sudoku --puzzle p.txt
//	sudoku2cnf p.txt > p.cnf; minisat p.cnf p.out; cnf2sudoku --puzzle p.txt p.out
package main
