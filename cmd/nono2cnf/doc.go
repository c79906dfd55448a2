// nono2cnf turns a nonogram into DIMACS CNF.
//
// Input is a nonogram, black and white or in colour, read from FILE, or
// standard input when FILE is "-" or missing:
//
//	.non   Steve Simpson's format with the mikix extensions (goal, license,
//	       quoted strings, 0 for an empty clue, keys in any order) and a
//	       "givens" section of 0-based row,col cells known to be black
//	xml    webpbn's XML (<puzzleset><puzzle><clues type="rows">...), with
//	       its <color name= char=>rrggbb</color> palette and <count color=>,
//	       in UTF-8 or the character set its <?xml encoding=?> names
//	       (ISO-8859-1, windows-1252 or another IANA name)
//	keen   row clues one per line (numbers separated by blanks, 0 for an
//	       empty line), a blank line, then the column clues
//	.g     Olsak's format: free text, an optional "#d" section of colours
//	       ("r:% red", "1:* black": character, its print character, an
//	       X11 name or #rrggbb; 0 the background, 1 the colour of a bare
//	       number), then a line starting with ":" before the row clues,
//	       another before the column clues and one after ("3r 1" is a run
//	       of 3 in r, then one of 1 in the default colour; a blank line is
//	       an empty line). Triddlers and triangles are not supported.
//	.mk    Olsak's numbers: "H W", H row clues, a "#" line, W column clues
//	.nin   Jakub Wilk's: "W H", then H row clues and W column clues
//	.cwd   QNonograms': H and W on two lines, H row clues, a blank line,
//	       W column clues
//
// In .mk, .nin and .cwd blank lines are not clues: an empty line is 0.
//
// Limits: a puzzle may be at most 10000 cells wide or high and 4000000
// cells in all. Comments cost nothing however many there are: .non's lines
// of unknown keys and "#" lines, .g's free text and "#" lines, XML's
// <!-- --> comments, and blank lines, of which only as many are held as a
// clue section could take (a blank line is an empty clue in .non and .g).
// The rest of the file (clues, givens, keys, colours) may be at most 64 MiB
// (67108864 bytes) in 8040000 lines, what a puzzle of 4000000 cells can
// need: those lines are held, so that the format can be told from the
// content and each error can quote its line, and past the bound the error
// names the line:
//
//	p.non:65:1: more than 67108864 bytes of clues, givens and keys (comments and blank lines aside): a puzzle of at most 4000000 cells needs fewer
//
// A file whose suffix names a text format but which holds XML is held
// whole, to the same bound, for the error to say what it reads as.
//
// The format is the one --input-format names; else the one the file's
// suffix names (.non, .xml, .keen, .g, .mk, .nin, .cwd, in any case); else,
// for standard input or another suffix, the one its content fits: XML
// starts with "<", a .g file has a line starting with ":", a .non file a
// line starting with a key (width, rows, ...), a .mk file a "#" line; a
// file of numbers is .nin ("W H" and W+H clue lines), .cwd (H and W, H+W
// clue lines and a blank line) or Keen (two groups of lines), and where
// two shapes fit it is read both ways and must give a puzzle in exactly
// one. A file that fits no format, or fails as its suffix says but reads
// as another format, says so:
//
//	p.txt:1:1: no nonogram format fits: "an arrow" is neither a .non key nor a clue (formats: non, xml, keen, g, mk, nin, cwd)
//	bird.non:1:1: "50 60" is outside the rows, columns and givens sections (read as non, as its suffix says; its content reads as mk)
//
// A webpbn XML file may hold several puzzles: such a file is an error
// naming the count unless --index K picks the K-th (from 1):
//
//	set.xml:40:1: a second puzzle: the file holds 3 puzzles; choose one with --index (1-3)
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
// Before encoding, the puzzle is checked: clue lines match the size, every
// clue fits its line, rows and columns need the same number of black
// cells. A failed check is one line "file:line:col: message" on standard
// error and exit status 1, e.g. "rows need 230 black cells, columns 231";
// for colours "rows need 1 cells of colour a, columns 2".
//
// Output is DIMACS CNF. Cells are variables 1..W*H, row by row; the
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
// palette. nono2cnf --names all names the auxiliary variables too
// ("r3.s5.7": row 3 in automaton state 5 after 7 cells; "r1.run1@2": run
// 1 of row 1 starts at cell 2; "r1.run1<=2" with --encoding order: it
// starts at cell 2 or before); cells is an old name of --names primary.
// nono2cnf --comments=false drops the "c" line before each group of
// clauses that says what it encodes; --no-comments writes bare DIMACS,
// with no comment line at all (and so no header for the decoders).
//
// Each line's clauses and each given's are a group, marked by a line
// "c pipesat group ID NAME" before them (`row 3 "2 1"`, `column 12 "1 1
// 3"`, `given r2c5`; in colour `row 2 "2a 1b"`, `given r2c5=a`), which
// satrun --explain reads to say which clues contradict each other
// (nono2cnf --comments=false keeps them, --no-comments does not). A
// presolved formula has no groups: its unit clauses follow from all the
// clues together, so no clue could be dropped alone; nono2cnf
// --presolve=false writes the formula satrun --explain needs.
//
// Presolve (on unless --presolve=false): before encoding, line logic runs
// to a fixpoint, each line solved alone and completely, then probing
// (unless --probe=false) tries each open cell black and white; the cells
// they fix become unit clauses, the lines they settle are left out, and
// the other lines' clauses take the fixed cells' values. What they fix
// holds in every solution, so satrun --max 2, --all and cnf2grid answer
// as they do on the full formula; a puzzle line logic solves (GCHQ,
// webpbn 6, 16, 529) is one unit clause per cell, which any solver answers
// without search. Where they find that no picture fits, and for colour
// puzzles, the formula is the full one, after a comment that says why.
// --stats prints how many cells presolve fixed and the formula's size.
//
// A 2x2 puzzle (rows 1 and 2, columns 2 and 1) with --encoding runs
// --names all, from its second line (the first names the tool's version),
// in full (presolved it is four unit clauses):
//
//	$ printf 'width 2\nheight 2\nrows\n1\n2\ncolumns\n2\n1\n' | nono2cnf --presolve=false --encoding runs --names all | sed -n '2,7p;11p;19,23p'
//	c pipesat args --presolve=false --encoding runs --names all
//	c pipesat encoding runs
//	c pipesat nonogram 2 2
//	c pipesat primary 1-4
//	c encoding runs; cells are variables 1-4 row by row, named r<row>c<col> from r1c1
//	c varname 1 r1c1
//	c varname 5 r1.run1@1
//	p cnf 12 28
//	c pipesat group 1 row 1 "1"
//	c row 1, clue 1: a run starting at k blacks its cells
//	-5 1 0
//	-6 2 0
//
// Encodings (--encoding; go doc ./encoders/nonogram says more):
//
//	automaton  each line's clue as an automaton unrolled over its
//	           cells: unit propagation alone is a complete line solver, so
//	           a puzzle line logic solves needs no decision and no conflict
//	runs       the run-start encoding of the GCHQ article; quadratic per line
//	patterns   every placement of every line's runs; stops with an error
//	           when the lines have more than --max-patterns patterns in all
//	order      each run's start in the order encoding: about a third of the
//	           automaton's clauses, and on puzzles that need search most
//	           solvers here are faster with it, often several times
//
// Without --encoding, a presolved formula whose cells presolve all fixed
// (or found no picture fits) is in the automaton encoding, and one with
// cells left open, for a solver to search, in the order encoding: on the
// survey's hard puzzles gini takes about 10 s instead of over 148 s on gettys
// and a third of the time on sierp12548, and its time varies far less
// with the variables' numbering. --presolve=false writes the automaton.
//
// Colour puzzles have only the automaton encoding. The formula's sizes,
// and the solvers' times on each encoding, are in docs/benchmarks.md. The
// CNF is written as it is made, in memory that does not grow with it; a
// formula with more variables or clauses than satrun reads (2^28, 2^30)
// is refused before anything is written.
//
// Exit status: 0 written, 1 error (bad puzzle, I/O), 2 usage.
//
// Examples:
//
//	nono2cnf gchq.non | satrun | cnf2grid
//	nono2cnf p.non | satrun --max 2 | cnf2grid      # "unique", or two pictures
//	nono2cnf --encoding automaton hard.non | satrun --solver gini | cnf2grid
package main
