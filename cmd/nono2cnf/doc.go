// nono2cnf turns a nonogram into DIMACS CNF.
//
// Usage:
//
//	nono2cnf [--input-format auto|non|xml|keen|g|mk|nin|cwd] [--index K] [--encoding automaton|runs|patterns|order]
//	         [--max-patterns N] [--presolve=false] [--probe=false] [--names N] [--comments=false] [--no-comments]
//	         [--stats] [-o FILE] [FILE|-]
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
// palette. --names all names the auxiliary variables too ("r3.s5.7": row 3
// in automaton state 5 after 7 cells; "r1.run1@2": run 1 of row 1 starts at
// cell 2; "r1.run1<=2" with --encoding order: it starts at cell 2 or before), --names none none at all (primary, the default, names the cells;
// cells is its old name); --comments=false drops the "c" line before each
// group of clauses that says what it encodes (row 3, clue 2 1, ...; they
// add 1.0% to GCHQ's bytes, 0.4% with --encoding runs); --no-comments
// writes bare DIMACS, with no comment line at all (and so no header for the
// decoders).
//
// Each line's clauses and each given's are a group, marked by a line
// "c pipesat group ID NAME" before them (`row 3 "2 1"`, `column 12 "1 1
// 3"`, `given r2c5`; in colour `row 2 "2a 1b"`, `given r2c5=a`), which
// satrun --explain reads to say which clues contradict each other
// (--comments=false keeps them, --no-comments does not). A clause two
// lines make alike, such as a cell's unit clause from its row and its
// column, is written in each: either may be dropped. A presolved formula
// (below) has no groups: its unit clauses follow from all the clues
// together, so no clue could be dropped alone. nono2cnf --presolve=false
// writes the formula satrun --explain needs; where line logic finds that
// no picture fits, the formula is the full one, groups and all.
//
// Presolve (on unless --presolve=false): before encoding, line logic runs
// to a fixpoint, each line solved alone and completely (a cell all
// placements of its runs agree on is fixed), again whenever a crossing
// line fixed one of its cells. Then probing (unless --probe=false): each
// cell still open is set black, then white, and line logic (left-right
// overlap) run from there; a value that leads to a contradiction is in no
// solution, so the cell takes the other, and a cell both values fix
// alike is fixed too; rounds repeat until one fixes nothing, within a
// work budget in proportion to the puzzle's size (see
// encoders/nonogram/probe.go). The fixed cells become unit clauses (after
// a comment "c presolve: line logic fixed 1775 of 5841 cells, probing 217
// more ..."), the lines whose cells are all fixed are left out, and the
// other lines' clauses take the fixed cells' values; in the order
// encoding a run has a variable only for the starts that fit its line's
// fixed cells. What line logic and probing fix holds in every solution,
// so satrun --max 2, --all and cnf2grid answer as they do on the full
// formula: the same pictures, counts and "they differ in" cells (checked
// on every puzzle of testdata: the black-and-white ones in-process by
// encoders/nonogram's TestPresolveSameSolutions, the colour ones and one
// of each format through the tools by testdata/script/nono-presolve.txtar,
// with puzzles only probing solves or refutes). A puzzle line logic solves
// (GCHQ, webpbn 6, 16, 529) is one unit clause per cell, which any solver
// answers without search: webpbn 529 end to end takes about 6 ms of CPU
// beyond the three tools' start-up instead of 70 (with gini;
// scripts/bench-pipeline.sh). Probing solves two of the nonogram
// survey's puzzles that line logic leaves open (signed, 60x50, and
// edge23) and fixes more of the others; it costs 0.08 s of CPU on the
// survey's largest (gettys, 99x59), 0.04 s on a random 100x100 puzzle it
// fixes nothing of, and 0.2 s on a 200x200 of one-cell runs whose formula
// takes 1.1 s to write. Where line logic or probing finds that no
// picture fits, and for colour puzzles, the formula is the full one (so
// an UNSAT answer, and its proof, are the full formula's), after a
// comment that says where ("c presolve: probing finds that r1c1 can be
// neither black nor white: no picture fits; the full formula follows").
// --presolve=false writes the full formula, for encoding research, to see
// every line's clauses, and for satrun --explain. --stats prints how many
// cells presolve fixed (probing how many) and its time before the
// formula's size.
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
// Encodings (--encoding):
//
//	automaton  (default) each line's clue is the regular language
//	           0* 1^a 0+ 1^b ... 0*; its automaton is unrolled over the
//	           cells with a state variable only where a state is reachable
//	           from the start and can still reach the end, and every
//	           transition into a state reads the same colour, so a state
//	           literal doubles as Bacchus' transition variable. Unit
//	           propagation alone is then a complete line solver (checked
//	           against brute force on random lines): a puzzle line logic
//	           solves needs no decision and no conflict. GCHQ: 19,200
//	           clauses; cadical says "c fixed: 6131 100.00 % of all
//	           variables" and has no decisions or conflicts line (zero),
//	           where runs takes 5,000 conflicts and 33,885 decisions. The
//	           same holds for all 39 collection puzzles
//	           (testdata/script/nono-db.txtar checks it).
//	runs       the run-start encoding of the GCHQ article, each clause once
//	           (212,603 clauses for GCHQ; the article has 307,703, each
//	           at-most-once pair in both orders); quadratic per line.
//	patterns   every placement of every line's runs (the Russian, Chinese
//	           and French articles); stops with an error when the lines
//	           have more than --max-patterns patterns in all (default
//	           200000) instead of eating memory.
//	order      each run's start in the order encoding: a variable "run 2
//	           of row 3 starts at column 5 or before" (r3.run2<=5) per run
//	           and possible start, and clauses of at most three literals
//	           (see encoders/nonogram/order.go): about a third of the
//	           automaton's clauses (GCHQ: 7,458). Unit propagation is not
//	           a complete line solver, but on puzzles that need search
//	           most solvers here are faster with it, often several
//	           times: on the nonogram survey's puzzles (scripts/bench-
//	           hard.sh, presolved as by default; CPU seconds, one run each
//	           on a shared machine at load 6, automaton -> order; ">30"
//	           ran out of time):
//
//	           puzzle      kissat        cadical 1.5   cadical 2.2   gini
//	           gettys      10.4 -> 3.02  17.8 -> 4.17  20.3 -> 4.39  >30 -> 7.32
//	           sierp12548  0.41 -> 1.17  2.46 -> 2.67  2.59 -> 1.40  3.15 -> 0.93
//	           thing       5.03 -> 1.29  1.35 -> 2.38  5.27 -> 1.35  2.65 -> 2.94
//
//	           and the six others take 0.01 s or less either way (line
//	           logic and probing solve them). One run says little on
//	           sierp12548 and thing: over kissat's seeds 0-7 sierp12548
//	           takes 0.38-4.50 s (median 2.5) with the automaton and
//	           0.16-1.28 s (median 0.6) with order; seed 0, the default,
//	           is the automaton's luckiest.
//	           Colour puzzles have no order encoding.
//
// Sizes and times of the full formulas (--presolve=false;
// scripts/bench-nonogram.sh; end to end is nono2cnf | satrun | cnf2grid,
// in seconds, on 2 shared cores; presolved, each of these is one unit
// clause per cell but 16 of the 100x100's 10,000):
//
//	puzzle            automaton  runs       patterns     automaton       runs
//	                  clauses    clauses    clauses      gini / cadical  gini / cadical
//	GCHQ 25x25        19,237     212,603    4,179,817    0.03 / 0.04     0.31 / 0.50
//	webpbn 16 34x34   59,048     324,996    over limit   0.07 / 0.07     0.76 / 0.89
//	                                        (13.8 M)
//	webpbn 529 45x45  128,230    1,228,981  over limit   0.11 / 0.11     4.08 / 3.69
//	                                        (97 M)
//	random 100x100    738,954    -          -            0.60 / 0.80     -
//	  (65% black)
//
// automaton has 0.090 (GCHQ), 0.182 and 0.104 times the clauses of runs.
// The CNF is written as it is made, in memory that does not grow with it
// (a 2.5 GB CNF takes 11 MB): the encoder runs twice, once to count the
// header's variables and clauses, once to write. A formula with more
// variables or clauses than satrun reads (2^28, 2^30) is refused before
// anything is written, naming the line that costs the most.
//
// Colour puzzles have only the automaton encoding (runs, patterns and order
// are an error): exactly one colour per cell, and each line's automaton over
// colours, where a run's last cell leads straight to the next run when the
// colours differ. Unit propagation is still a complete line solver
// (brute-force check in TestColourLineComplete): cadical solves every
// line-solvable test puzzle with no decision and no conflict. Sizes (gini,
// 2 cores shared at a load average of 8-12; the random puzzles are not
// unique and not in the repository, and their counts are from before each
// clause was written once):
//
//	puzzle                     cells x colours  variables  clauses  literals   end to end
//	colour05 (12x12, 2         144 x 3          1,570      5,090    12,308     0.02-0.07 s
//	  colours + background)
//	random 30x30, 3 colours    900 x 4          18,664     60,223   152,967    0.07-0.17 s
//	  + background
//	random 60x60, 3 colours    3,600 x 4        146,451    453,432  1,215,716  0.74-0.84 s
//	  + background
//
// Test puzzles: testdata/nonogram (its README.md names their authors and
// licences). All decode to their goal with gini and every installed solver
// (testdata/script/nono-db.txtar); testdata/script/nono-colour.txtar solves
// the five colour puzzles with gini, every installed solver and raw solvers
// in the pipe, checks they are unique, and adds hand-made puzzles that need
// search, have two pictures, or have none.
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
//	nono2cnf --presolve=false --encoding runs --stats gchq.non > gchq-runs.cnf
//	nono2cnf p.non | satrun --max 2 | cnf2grid      # "unique", or two pictures
//	nono2cnf --encoding order hard.non | satrun --solver gini | cnf2grid
//	nono2cnf colour.xml | satrun | cnf2grid --format svg -o colour.svg
package main
