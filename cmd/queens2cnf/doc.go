// queens2cnf encodes the N-queens (or N-rooks) problem as DIMACS CNF.
//
// Place N queens on an N×N board so that no two share a row, column or
// diagonal; with --rooks, N rooks so that no two share a row or column.
// N is 1 to 200.
//
// Variable r*N + c + 1 (r, c from 0, row-major) means "a piece on row r+1,
// column c+1"; each is named "rRcC" in a "c varname" line. The header
// "c pipesat queens N" (or "c pipesat rooks N") and "c pipesat primary
// 1-N²" let cnf2grid draw the board and satrun --all count placements
// without flags: 1, 0, 0, 2, 10, 4, 40, 92, 352, 724 queens for N = 1..10
// (a test checks them) and N! rooks. Each row and column holds exactly
// one piece, each diagonal at most one queen, all pairwise; the last group
// of 4 queens:
//
//	$ queens2cnf 4 | tail -n 2
//	c anti-diagonal row+column=7: at most one queen
//	-12 -15 0
//
// Both placements of 4 queens, as their occupied squares:
//
//	$ queens2cnf --n 4 | satrun --all | cnf2vals --true
//	r1c3
//	r2c1
//	r3c4
//	r4c2
//
//	r1c2
//	r2c4
//	r3c1
//	r4c3
//	c solutions 2
//
// The 40,320 placements of 8 rooks (the Russian article's count) take
// seconds of CPU through satrun --all (docs/benchmarks.md).
//
// Groups: each row's, column's and diagonal's clauses are a group, marked
// by a line "c pipesat group ID NAME" before them ("row 1 rule",
// "diagonal row-column=0 rule", "anti-diagonal row+column=2 rule"), for
// satrun --explain (queens2cnf --comments=false keeps these lines).
//
// Exit status: 0 ok, 1 error, 2 usage.
//
// Examples:
//
//	queens2cnf --n 8 | satrun | cnf2grid --format board
//	queens2cnf --n 8 | satrun --all | cnf2grid --count            # 92
//	queens2cnf --n 8 --rooks | satrun --all | cnf2grid --count    # 40320
package main
