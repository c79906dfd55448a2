// Package sudoku turns a SAT solver's answer to a sudoku encoding (see
// package encoders/sudoku for the variable numbering) back into grids,
// checks them against the rules and the givens, and says whether the
// solution is unique when the answer holds an enumeration.
package sudoku
