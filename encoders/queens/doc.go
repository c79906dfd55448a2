// Package queens encodes the N-queens and N-rooks problems as CNF: place N
// queens (or rooks) on an N×N board so that none attacks another.
//
// # Input
//
// The only input is N (1 to MaxN) and the choice of piece; there is no
// file grammar.
//
// # Variable numbering
//
// Variable r*N + c + 1 is true when a piece stands on row r, column c,
// counting from 0, row-major: for N = 8, variable 1 is r1c1, 8 is r1c8,
// 9 is r2c1 and 64 is r8c8. There are no auxiliary variables: all N²
// are primary, so "satrun --all" counts placements.
//
// # Clauses
//
// Each row holds exactly one piece and each column exactly one (an
// at-least-one clause and pairwise at-most-one clauses); for queens, each
// diagonal and anti-diagonal of two or more squares holds at most one
// (pairwise). Rows first, then columns, diagonals (top-left to
// bottom-right, by r-c from -(N-2) up) and anti-diagonals (by r+c from 1
// up).
//
// The numbers of solutions for N = 1..10 are 1, 0, 0, 2, 10, 4, 40, 92,
// 352, 724 for queens (OEIS A000170) and N! for rooks.
//
// Encode is the one way to encode: to gini, to a dimacs.Formula
// (dimacs.Build) or as text (dimacs.Stream, what queens2cnf writes). Its
// Options take a cnfstyle.Style: names none or primary (there are no
// auxiliaries, so all is the same), a group comment per row, column and
// diagonal, and the provenance. ReadPuzzleLines reads "c pipesat queens
// N" back for the decoders, bounded by MaxN.
package queens
