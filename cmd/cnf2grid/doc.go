// cnf2grid turns a SAT solver's answer for a nonogram (or an N-queens
// board) back into a picture.
//
// Usage:
//
//	cnf2grid [--format text|unicode|goal|png|svg|board] [--puzzle FILE]
//	         [-W N -H N] [--count] [-o FILE] [FILE|-]
//
// Input is a solver's output, from FILE or standard input: satrun's, or
// any solver's (competition "s"/"v" lines, minisat's result file, several
// models from satrun --all or picosat --all). The grid size comes from the
// "c pipesat nonogram W H" (or "c pipesat queens N", "c pipesat rooks N")
// line that satrun copies from nono2cnf's output. For a raw solver's output
// give --puzzle FILE (the .non, XML or Keen puzzle: each picture is then
// also checked against every clue, and the first broken line is named) or
// -W and -H. Cells are variables 1..W*H, row by row; names are 1-based
// (r1c1 is the top-left cell).
//
// Output, on standard output or FILE (-o, written to a temporary name and
// renamed):
//
//	text     (default) exactly H lines of W characters, '#' black, '.' blank
//	unicode  half blocks, two rows per line, so 100x100 fits a terminal
//	goal     the .non goal string: one line of W*H '1' and '0'
//	png, svg the grid with its clue numbers, as a person would print it
//	board    queens and rooks: 'Q' (or 'R') and '.'; the default for them
//
// Several models (satrun --all or --max N) are shown one after another,
// separated by a blank line; then standard error says "N solutions" and
// the cells they differ in. After a complete enumeration with one model
// it says "unique". --count prints only the number of models.
//
// Exit status: 10 a picture (or count) was printed, 20 the solver found no
// solution ("no solution" on standard error), 0 the solver gave no answer,
// 1 error (bad output, a picture that breaks a clue), 2 usage.
//
// Examples:
//
//	nono2cnf gchq.non | satrun | cnf2grid
//	nono2cnf p.non | satrun --max 2 | cnf2grid          # "unique" or two pictures
//	nono2cnf p.non | cadical | cnf2grid --puzzle p.non --format png -o p.png
//	queens2cnf --n 8 | satrun --all | cnf2grid --count  # 92
package main
