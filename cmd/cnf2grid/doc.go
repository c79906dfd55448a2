// cnf2grid turns a SAT solver's answer for a nonogram (or an N-queens
// board) back into a picture.
//
// Input is a solver's output, from FILE or standard input: satrun's, or
// any solver's (competition "s"/"v" lines, minisat's result file, several
// models from satrun --all or picosat --all). The grid size comes from the
// "c pipesat nonogram W H" (or "c pipesat queens N", "c pipesat rooks N")
// line that satrun copies from nono2cnf's output. For a raw solver's output
// give --puzzle FILE (the puzzle in any format nono2cnf reads: each
// picture is then also checked against every clue, and the first broken
// line is named; --index K picks the K-th puzzle of a webpbn XML set) or
// -W and -H (with --format board, -W N -H N reads N queens, each board
// checked). Cells are variables 1..W*H, row by row; names are 1-based
// (r1c1 is the top-left cell).
//
// Formats (--format):
//
//	text     (default) exactly H lines of W characters, '#' black, '.' blank
//	unicode  half blocks, two rows per line, so 100x100 fits a terminal
//	goal     the .non goal string: one line of W*H '1' and '0'
//	png, svg, pdf  the grid with its clue numbers, as a person would print it
//	board    queens and rooks: 'Q' (or 'R') and '.'; the default for them
//
// A drawing shows the title (--title, else the puzzle's own), the clue
// numbers (the puzzle's, else those of the picture itself), the cells,
// grid lines and a dot on each given; go doc ./decoders/grid/draw says
// how it is drawn. It is not written to a terminal (as gzip refuses to
// write compressed data there): give -o FILE or send standard output into
// a pipe or a file, else it is a usage error. Without --format, -o's file
// name chooses the format: -o pic.png draws a PNG (.svg, .pdf likewise,
// case ignored; any other name gets text). A --format that contradicts
// the name (--format svg -o pic.png, --format text -o pic.pdf) is a usage
// error.
//
// Colour nonograms: the header is "c pipesat nonogram W H colours
// 0=ffffff a=d62728 ..." (the palette, background first) and cell (r,c)
// in colour k is variable ((r-1)*W+c-1)*K+k+1. text prints one character
// per colour, '.' for the background; on a terminal (or with --colour
// always) each cell also sits on its own colour, while a pipe, an -o file
// or the environment variable NO_COLOR (https://no-color.org) gets plain
// text. unicode needs the colours, so --colour always or a terminal. A raw
// solver's output of a colour puzzle needs --puzzle.
//
//	$ nono2cnf testdata/nonogram/colour/colour01.non | satrun --max 2 | cnf2grid
//	.bbaaa
//	.bba..
//	.a..aa
//	a..a.b
//	.a..ab
//	.b..ba
//	c unique solution
//
// Several models (satrun --all or --max N) are shown one after another,
// separated by a blank line, then the last lines say "c not unique: N
// solutions" ("c not unique: at least N solutions" when the stream is not
// a complete enumeration) and "c they differ in CELLS". After a complete
// enumeration with one model the last line is "c unique solution". These
// are the lines every decoder ends with (cnf2sudoku, cnf2zebra); a
// drawing has no comment lines, so they go to standard error. A stream
// is complete when it ends with satrun's "c solutions N" (and no "c limit
// N reached" before it), picosat's "s SOLUTIONS N" or a final "s
// UNSATISFIABLE"; never after satrun --max N, a timeout, a failed solver,
// or a single plain answer. A picture the same as an earlier one (a
// stream put together by hand, or a solver listing a model twice) is
// shown and counted once, and a line before the verdict says so: "c
// solution 2 repeats solution 1: counted once". --count prints only the
// number of models: a
// bare number when the stream is complete, else "at least N", exit status
// 1, and a line on standard error saying why.
//
// Input that holds no solver answer (empty, garbage, a stream cut off
// before any "s" line) is an error, and so is a model whose final 0 is
// missing. An UNKNOWN answer is an answer, not an error. When satrun says
// the solver failed in the middle of an enumeration ("c ERROR: <reason>
// after N models; more may exist"), the models it printed are decoded,
// then cnf2grid exits 1 with "upstream solver failed after N models:
// <reason>".
//
// After satrun --explain an unsatisfiable answer comes with the clues
// that cannot all hold: cnf2grid prints the empty grid with its clues,
// ">" before each row and "v" above each column of the conflict, "*" on a
// given of it ("+" on another), then the sentence; a drawing highlights
// them. Row 3 of this puzzle should read 1,1:
//
//	$ printf 'width 5\nheight 5\nrows\n1,1\n5\n2\n5\n1\ncolumns\n4\n1,1\n4\n1,1\n1,2\n' | nono2cnf | satrun --solver gini --explain | cnf2grid
//	      v v
//	        1   1 1
//	      4 1 4 1 2
//	  1 1 . . . . .
//	>   5 . . . . .
//	>   2 . . . . .
//	    5 . . . . .
//	    1 . . . . .
//	c no solution: row 2 (5), row 3 (2), column 1 (4) and column 2 (1 1) cannot all hold; each of the others can be dropped
//
// After a unique solution, the clues it needs: "c the solution needs row
// 2 (5), ...: without any one of them there is another; the other 3 can
// be dropped" (a designer's list of clues to keep).
//
// Exit status: 0 a picture (or a complete count) was printed, 20 the
// solver found no solution ("no solution" on standard error; --count
// prints 0), 3 the solver gave no answer, 1 error (no answer in the input,
// bad or truncated output, a picture that breaks a clue, a failed solver)
// and an incomplete count ("at least N"), 2 usage. --status sat exits 10,
// 20 and 0 instead, as satrun does, for those who read the SAT
// competition's statuses.
//
// Examples:
//
//	nono2cnf gchq.non | satrun | cnf2grid
//	nono2cnf p.non | cadical | cnf2grid --puzzle p.non -o p.png
//	queens2cnf --n 8 | satrun --all | cnf2grid --count  # 92
package main
