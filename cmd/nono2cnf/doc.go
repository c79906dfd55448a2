// nono2cnf turns a nonogram into DIMACS CNF.
//
// Usage:
//
//	nono2cnf [--input-format auto|non|xml|keen] [--encoding automaton|runs|patterns]
//	         [--max-patterns N] [--names N] [--comments=false] [--no-comments] [--stats]
//	         [-o FILE] [FILE|-]
//
// Input is a nonogram, black and white or in colour, read from FILE, or
// standard input when FILE is "-" or missing:
//
//	.non   Steve Simpson's format with the mikix extensions (goal, license,
//	       quoted strings, 0 for an empty clue, keys in any order) and a
//	       "givens" section of 0-based row,col cells known to be black
//	xml    webpbn's XML (<puzzleset><puzzle><clues type="rows">...), with
//	       its <color name= char=>rrggbb</color> palette and <count color=>
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
// Colour puzzles: in .non, "color a #d62728" lines declare each colour's
// character and a run is a number with its colour's character ("2b,3a";
// a bare number has the default colour 1, black unless declared); the
// goal holds '0' and the characters; a given may name a colour
// ("3,4,a"). In XML, each <count color="red"> names a <color>; counts
// without color= have the puzzle's defaultcolor. Runs of one colour need a
// blank between them, runs of different colours may touch. Every bad
// colour input is one positioned line and exit 1:
//
//	p.non:6:5: row 1 clue "1a,1c": colour "c" has no "color c #rrggbb" line
//	p.non:4:7: colour "a" declared twice (first on line 3)
//	p.non:3:9: color a "#ff00": expected #rrggbb (six hex digits)
//	p.non:10:10: goal: "z" is not 0 or a colour of the puzzle (0 a)
//	p.xml:4:28: count color "green" is not in the palette (no <color name="green">)
//
// and rows and columns must need the same number of cells of each
// colour. Keen files have no colours.
//
// The format is recognised by content; --input-format forces one. Before
// encoding, the puzzle is checked: clue lines
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
// tell satrun and cnf2grid what the variables mean. A colour puzzle with
// K colours (background included) has K variables per cell instead, cell
// after cell, row by row: cell (r,c) in colour k is variable
// ((r-1)*W+c-1)*K+k+1, named r<row>c<col>=<char> ("r1c1=0" is the
// background of the top-left cell, "r1c1=a" colour a), and the header is
//
//	c pipesat nonogram W H colours 0=ffffff a=d62728 b=1f77b4
//	c pipesat primary 1-<W*H*K>
//
// so satrun --max 2 compares whole colourings and cnf2grid knows the
// palette. --names all names the
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
//	           puzzle line logic solves needs no decision. GCHQ: 19,200 clauses.
//	runs       the run-start encoding of the GCHQ article, each clause once
//	           (212,603 clauses for GCHQ; the article has 307,703, each
//	           at-most-once pair in both orders).
//	patterns   every placement of every line's runs; stops with an error when
//	           the lines have more than --max-patterns patterns in all
//	           (default 200000) instead of eating memory.
//
// Colour puzzles have only the automaton encoding (runs and patterns are
// an error): exactly one colour per cell, and each line's automaton over
// colours, where a run's last cell leads straight to the next run when
// the colours differ. Unit propagation is still a complete line solver:
// cadical solves every line-solvable test puzzle with no decision and no
// conflict. The 12x12 three-colour test puzzle: 1,570 variables, 5,070
// clauses.
//
// The CNF is written as it is made, in memory that does not grow with it
// (a 2.5 GB CNF takes 11 MB); a formula with more variables or clauses
// than satrun reads (2^28, 2^30) is refused before anything is written,
// naming the line that costs the most.
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
//	nono2cnf colour.xml | satrun | cnf2grid --format svg -o colour.svg
package main
