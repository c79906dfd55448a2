// cnf2grid turns a SAT solver's answer for a nonogram (or an N-queens
// board) back into a picture.
//
// Usage:
//
//	cnf2grid [--format text|unicode|goal|png|svg|pdf|board] [--puzzle FILE] [--index K]
//	         [--title TEXT] [-W N -H N] [--count] [--colour auto|always|never] [-o FILE] [FILE|-]
//
// Input is a solver's output, from FILE or standard input: satrun's, or
// any solver's (competition "s"/"v" lines, minisat's result file, several
// models from satrun --all or picosat --all). The grid size comes from the
// "c pipesat nonogram W H" (or "c pipesat queens N", "c pipesat rooks N")
// line that satrun copies from nono2cnf's output. For a raw solver's output
// give --puzzle FILE (the puzzle in any format nono2cnf reads: each
// picture is then also checked against every clue, and the first broken
// line is named; --index K picks the K-th puzzle of a webpbn XML set) or
// -W and -H. Cells are variables 1..W*H, row by row; names are 1-based
// (r1c1 is the top-left cell).
//
// Colour nonograms: the header is "c pipesat nonogram W H colours
// 0=ffffff a=d62728 ..." (the palette, background first) and cell
// (r,c) in colour k is variable ((r-1)*W+c-1)*K+k+1; each cell must have
// exactly one colour. text prints one character per colour, as the
// puzzle file writes it, '.' for the background; on a terminal (or with
// --colour always) each cell also sits on its own colour (ANSI 24-bit
// escapes), while a pipe or an -o file gets plain text (--colour auto,
// the default; never turns it off, and so does the environment variable
// NO_COLOR set to anything but "", as https://no-color.org asks, unless
// --colour always). goal prints '0' and the colour
// characters; png, svg and pdf draw each cell and each clue number in its
// colour; unicode draws two rows a line in half blocks on ANSI colours,
// so it needs --colour always or a terminal (else it is an error). --puzzle
// checks every line against its colour clues ("row 1 has runs 2b,3a, its
// clue is 2b,1a") and must have the header's palette. A raw solver's
// output of a colour puzzle needs --puzzle: -W and -H alone read one
// variable per cell, as in black and white.
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
// Output, on standard output or FILE (-o, written as a shell's > would
// but never half-written: a regular file is replaced whole and keeps its
// mode, a symlink is followed, a device or FIFO is written in place, - is
// standard output):
//
//	text     (default) exactly H lines of W characters, '#' black, '.' blank
//	unicode  half blocks, two rows per line, so 100x100 fits a terminal
//	goal     the .non goal string: one line of W*H '1' and '0'
//	png, svg, pdf  the grid with its clue numbers, as a person would print it
//	board    queens and rooks: 'Q' (or 'R') and '.'; the default for them
//
// A drawing is not written to a terminal (as gzip refuses to write
// compressed data there): give -o FILE or send standard output into a
// pipe or a file, else it is a usage error:
//
//	cnf2grid: --format png: a drawing is not for a terminal: give -o FILE or pipe it into a file or viewer
//
// A drawing (png, svg, pdf) shows the title (--title TEXT, else the
// puzzle's own from --puzzle), the clue numbers left of the rows and
// above the columns (the puzzle's, else those of the picture itself),
// the cells in black or their colours, a thin grey line between cells, a
// thick one every five cells and a frame. The five-cell lines are black,
// but light grey where they run between two dark cells, so they show over
// black too. The givens of a --puzzle (cells the .non file says are
// black) have a dot, white on a dark cell. Cells are 24 pixels
// (points in SVG and PDF), more when a column clue number is wider; clue
// digits are 12.4 pixels tall (Liberation Sans, 18 pixels). The same
// input gives the same bytes, PDF included (its date is fixed). SVG
// names its font with the Arial and Helvetica metrics as fallbacks; PDF
// embeds it.
//
// PNG images stay within 16,777,216 pixels (4096x4096; drawn in RGBA and
// written paletted, 80 MiB at most): a picture too big for its cells is
// drawn with smaller cells, down to one pixel, its clue font shrinking
// with them; the clue numbers are left out when cells would be under 12
// pixels, thin grid lines under 6, and five-cell lines under 3. A picture
// that does not fit even with one-pixel cells is an error naming the limit,
// exit 1. SVG and PDF are always drawn whole; their size grows with the
// runs of cells and the clues.
//
// Several models (satrun --all or --max N) are shown one after another,
// separated by a blank line, then the last lines say "c not unique: N
// solutions" ("c not unique: at least N solutions" when the stream is not
// a complete enumeration) and "c they differ in CELLS". After a complete
// enumeration with one model the last line is "c unique solution". These
// are the lines every decoder ends with (cnf2sudoku, cnf2zebra); they go
// to standard output (or the -o file), except with --format png, svg or
// pdf, which have no comment lines: there they go to standard error. A stream
// is complete when it ends with satrun's
// "c solutions N" (and no "c limit N reached" before it), picosat's
// "s SOLUTIONS N" or a final "s UNSATISFIABLE"; never after satrun --max
// N, a timeout ("c UNKNOWN: ... after N models"), a failed solver, or a
// single plain answer.
//
// --count prints only the number of models: a bare number when the stream
// is complete, else "at least N" and the exit status is 1, with one line
// on standard error saying why (the --max limit, a timeout, one answer
// that is not an enumeration, no answer).
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
// After satrun --explain (see satrun's manual) an unsatisfiable answer
// comes with the clues that cannot all hold: cnf2grid prints the empty
// grid with its clues (from --puzzle, else from the group lines satrun
// forwards), ">" before each row and "v" above each column of the
// conflict, "*" on a given of it ("+" on another), then the sentence; a
// drawing has those lines highlighted and the sentence goes to standard
// error. Row 3 of this puzzle should read 1,1:
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
// When satrun says the solver failed in the middle of an enumeration
// ("c ERROR: <reason> after N models; more may exist"), the models it
// printed are decoded as usual, then the tool exits 1 with
// "upstream solver failed after N models: <reason>".
//
// Options may also follow the operands; "--" ends them. --help prints
// this manual, --version the version (the README lists the flag names
// every tool shares).
//
// Exit status: 10 a picture (or a complete count) was printed, 20 the
// solver found no solution ("no solution" on standard error; --count
// prints 0), 0 the solver gave no answer, 1 error (no answer in the input,
// bad or truncated output, a picture that breaks a clue, a failed solver)
// and an incomplete count ("at least N"), 2 usage.
//
// Examples:
//
//	nono2cnf gchq.non | satrun | cnf2grid
//	nono2cnf p.non | satrun --max 2 | cnf2grid          # "c unique solution" or two pictures
//	nono2cnf p.non | cadical | cnf2grid --puzzle p.non --format png -o p.png
//	nono2cnf gchq.non | satrun | cnf2grid --puzzle gchq.non --title 'GCHQ 2015' --format pdf -o gchq.pdf
//	nono2cnf colour01.non | satrun --max 2 | cnf2grid --colour always  # colour picture
//	queens2cnf --n 8 | satrun --all | cnf2grid --count  # 92
//	queens2cnf --n 8 | satrun --max 5 | cnf2grid --count  # "at least 5", exit 1
package main
