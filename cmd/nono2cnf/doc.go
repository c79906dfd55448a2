// nono2cnf turns a nonogram into DIMACS CNF.
//
// Usage:
//
//	nono2cnf [--input-format auto|non|xml|keen] [--encoding automaton|runs|patterns]
//	         [--max-patterns N] [--names N] [--comments=false] [--no-comments] [--stats]
//	         [-o FILE] [FILE|-]
//
// Input is a black-and-white nonogram read from FILE, or standard input
// when FILE is "-" or missing:
//
//	.non   Steve Simpson's format with the mikix extensions (goal, license,
//	       quoted strings, 0 for an empty clue, keys in any order) and a
//	       "givens" section of 0-based row,col cells known to be black
//	xml    webpbn's XML (<puzzleset><puzzle><clues type="rows">...)
//	keen   row clues one per line (numbers separated by blanks, 0 for an
//	       empty line), a blank line, then the column clues
//
// The givens section runs over blank lines to the next line that starts
// with a letter (the next key) or the end of the file; every other line in
// it must be "row,col", so a malformed given is an error with its position,
// never a given silently dropped:
//
//	p.non:10:1: given "+1,1": expected a row number (a given is a 0-based row,col)
//
// A line of numbers outside rows, columns and givens is an error too.
//
// The format is recognised by content; --input-format forces one. Colour
// puzzles are refused. Before encoding, the puzzle is checked: clue lines
// match the size, every clue fits its line, rows and columns need the same
// number of black cells. A failed check is one line "file:line:col: message"
// on standard error and exit status 1.
//
// Output is DIMACS CNF on standard output (or FILE with -o, written as a
// shell's > would but never half-written: a regular file is replaced whole
// and keeps its mode, a symlink is followed, a device or FIFO is written in
// place, - is standard output). Cells are variables 1..W*H, row by row; the
// header comments
//
//	c pipesat nonogram W H
//	c pipesat primary 1-<W*H>
//	c varname 1 r1c1            (names are 1-based: r<row>c<col>)
//
// tell satrun and cnf2grid what the variables mean. --names all names the
// auxiliary variables too, --names none none at all (primary, the default,
// names the cells; cells is its old name); --comments=false drops the "c"
// line before each group of clauses that says what it encodes (row 3,
// clue 2 1, ...); --no-comments writes bare DIMACS, with no comment line
// at all (and so no header for the decoders).
//
// Encodings (--encoding):
//
//	automaton  (default) each line's automaton unrolled over its cells, with
//	           states only where reachable from the start and able to reach
//	           the end: unit propagation alone is a complete line solver, so a
//	           puzzle line logic solves needs no decision. GCHQ: 19,394 clauses.
//	runs       the run-start encoding of the GCHQ article, clause for clause
//	           (307,703 clauses for GCHQ, as the article reports).
//	patterns   every placement of every line's runs; stops with an error when
//	           the lines have more than --max-patterns patterns in all
//	           (default 200000) instead of eating memory.
//
// --stats prints variables, clauses, literals and the encoding time on
// standard error.
//
// Options may also follow the operands; "--" ends them. --help prints
// this manual, --version the version (the README lists the flag names
// every tool shares).
//
// Exit status: 0 written, 1 error (bad puzzle, I/O), 2 usage.
//
// Examples:
//
//	nono2cnf gchq.non | satrun | cnf2grid
//	nono2cnf --encoding runs --stats gchq.non > gchq-runs.cnf
//	nono2cnf p.non | satrun --max 2 | cnf2grid      # "unique", or two pictures
package main
