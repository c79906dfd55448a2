// Package nonogram reads nonograms (paint-by-number puzzles), black and
// white or in colour, and encodes them as CNF.
//
// # Input
//
// Read accepts seven formats: .non, webpbn XML, Keen's layout, Olsak's
// .g and .mk, Jakub Wilk's .nin and QNonograms' .cwd. A format given by
// the caller is used as it is; otherwise the name's suffix decides
// (FormatOf: .non, .xml, .keen, .g, .mk, .nin, .cwd, in any case), and
// for any other name ("<stdin>", "p.txt") the content (Detect), which
// never takes one format for another: each format has a mark the others
// lack, and where two may fit (Keen's layout and a .nin or .cwd file) the
// file is read both ways and must give a puzzle in exactly one. A file
// that fits none is one error naming the formats; a file read by its
// suffix that fails, but whose content reads as another format, says so
// in its error. A webpbn XML file may hold several puzzles:
// ReadOptions.Index picks one, and without it such a file is an error
// naming the count (a file of one puzzle needs no index).
//
//	non      = { line } .                   (* Steve Simpson's .non, mikix extensions *)
//	line     = key-line | rows | columns | givens | blank | other .
//	key-line = ("width" | "height") number
//	         | ("title" | "by" | "copyright" | "catalogue" | "goal") string
//	         | "license" (spdx-id | string) | "color" colour "#" rrggbb .
//	rows     = "rows" NL clue-line × height .   (* after width and height *)
//	columns  = "columns" NL clue-line × width .
//	givens   = "givens" NL { given | blank } .  (* up to the next key or the end *)
//	given    = number "," number [ "," colour ] NL . (* 0-based row,col of a black cell *)
//	clue-line = "0" | "" | run { ("," | " ") run } .
//	run      = number [ colour ] .              (* no colour: the default colour 1 *)
//	colour   = printable ASCII but blank, digit (1 aside), , " . = | .
//	string   = '"' { char } '"' .
//	goal     = '"' { "0" | "1" | colour } '"' .  (* row-major, width*height cells *)
//
//	keen     = { clue } blank { clue } .         (* rows, a blank line, columns; 0 = empty *)
//	clue     = number { " " number } NL .
//
//	mk       = H " " W NL { clue } "#" NL { clue } .  (* H row clues, W column clues *)
//	nin      = W " " H NL { clue } { clue } .
//	cwd      = H NL W NL { clue } blank { clue } .   (* blank lines are no clues: 0 is *)
//
//	g        = { text | "#" text | "#d" text NL { decl } } ":" text NL { gclue }
//	           ":" text NL { gclue } [ ":" { text } ] .  (* a blank gclue is an empty line *)
//	decl     = blanks inchar ":" outchar blanks (x11-name | "#" rrggbb) [ text ] NL .
//	gclue    = { number [ inchar ] } NL .            (* inchar 1 or none: the default colour *)
//
//	xml      = <puzzleset><puzzle [defaultcolor=] [backgroundcolor=]> [<title>…]
//	           { <color name= char=>rrggbb</color> } <clues type="rows"|"columns">
//	           { <line> { <count [color=]>n</count> } </line> } </clues> …
//	           [<solution><image>|X.X|…</image></solution>] </puzzle></puzzleset>
//
// Keys come in any order (width and height before rows and columns),
// unknown keys are ignored, blank lines between keys are ignored; inside
// rows and columns a blank line is an empty clue. The givens section ends
// at the next line that starts with a letter (a key, known or not) or at
// the end of the input; blank lines inside it are skipped and every other
// line must be a given (blanks around the numbers are allowed), so a
// malformed given is an error, never the silent end of the section. A
// line that starts with a digit outside rows, columns and givens is an
// error too: it is a clue or given that would otherwise be lost.
//
// A clue with a colour character ("2b,3a") or an XML count whose color is
// not the puzzle's defaultcolor makes a colour puzzle (Puzzle.Colours: the
// background first, Char '0', then each colour the clues use, in the
// order of the file's "color" lines or <color> elements; a run without a
// character has the default colour '1', black unless declared). Every
// character and colour name must be declared ("color a #ff0000", six hex
// digits; in XML "ff0000" or "f00"), once; the goal (or <image>) may hold
// only '0' and the palette's characters; a given may name its cell's
// colour ("3,4,a"; without one, any colour but the background). Each
// failure is a positioned error: "p.non:6:5: row 1 clue \"1a,1c\": colour
// \"c\" has no \"color c #rrggbb\" line". Colours no clue uses leave a
// puzzle black and white. Read then checks what the encoders
// rely on, each failure a one-line *textpos.Error with file, line and column: the
// number of clue lines equals the height (width), every clue fits its line
// ("row 3 clue \"20,5\" needs 26 cells, the row has 25"), rows and columns
// need the same number of black cells ("rows need 230 black cells, columns
// 231"), givens lie inside the grid, and the goal has one cell per cell.
// In colour, runs of one colour need a background cell between them and
// runs of different colours may touch, and rows and columns must need the
// same number of cells of each colour. *textpos.Error is the shared
// textpos.Error: columns count bytes, and its Caret shows the offending
// line with a "^" under the column.
//
// # Encodings
//
// Automaton (the default) unrolls each line's automaton over its cells,
// with state variables only for states both reachable from the start and
// able to reach the end; unit propagation is then a complete line solver,
// and a puzzle that line logic solves needs no decision and no conflict.
// Runs is the run-start encoding of the GCHQ article (212,603 clauses for
// the GCHQ puzzle, quadratic in the line length per run). Patterns
// enumerates every placement of each line's runs, guarded by MaxPatterns.
// Order writes each run's start in the order encoding ("run 2 starts at
// column 5 or before"), clauses of at most three literals, about a third
// of the automaton's: unit propagation is no longer a complete line
// solver, but puzzles that need search are solved much faster by cadical
// and gini (scripts/bench-hard.sh; order.go).
//
// A colour puzzle has only the automaton encoding, over colours: one
// variable per cell and colour, exactly one true per cell (background
// included), and a line automaton in which the last cell of a run goes
// straight to the first cell of the next when their colours differ (see
// colourauto.go). Unit propagation stays a complete line solver
// (TestColourLineComplete checks it against brute force).
//
// # Presolve
//
// Presolve runs line logic to a fixpoint, each line solved completely
// (every cell that all placements of its runs agree on is fixed), a line
// that learns something putting its crossing lines back in the queue;
// then it probes (probe.go): a cell one of whose values leads line logic
// to a contradiction takes the other, and a cell both values fix alike
// is fixed (PresolveLines does line logic alone). With
// Options.Presolved, Encode writes the fixed cells as unit clauses (under
// a comment that says how many), leaves out the lines whose cells are
// all fixed, and takes the fixed cells' values into the other lines'
// clauses (the order encoding keeps only the run starts that fit them):
// a formula with the same solutions over the cells, since what line
// logic and probing fix holds in every solution. A puzzle that they
// solve is then one unit clause per cell. Where they find no picture, or
// the puzzle is in colour, the formula is the full one.
//
// # Variable numbering
//
// Cell (r, c) with 0-based row r and column c is variable r*W + c + 1: the
// cells are 1..W*H, row by row, and are the primary variables. Their names
// are 1-based: variable 1 is "r1c1", variable W+2 is "r2c2". (The givens
// section of a .non file is 0-based, as in the GCHQ article's program:
// given "3,4" is cell r4c5.) Auxiliary variables follow from W*H+1, rows
// first, then columns, in line order; their names start with the line
// ("r3", "c12"):
//
//	automaton  r3:after-block-2@c7   after column 7, row 3 is in the blanks after block 2
//	           c4:block-1-cell-3@r5  after row 5, column 4 is in the 3rd cell of block 1
//	runs       r3.run2@5             row 3's run 2 starts at column 5
//	patterns   r3.p17                row 3 follows its 17th pattern
//	order      r3.run2<=5            row 3's run 2 starts at column 5 or before
//
// An automaton state is before-block-1 (only blanks so far),
// block-B-cell-J (the J-th cell of block B) or after-block-B (the blanks
// after block B). Before each line's clauses, group comments say which
// are the start (the first cell), the transitions and the accepting
// states (the last cell); testdata/learn.automaton.readable.golden is a
// 6x2 puzzle's CNF to follow by hand.
//
// Encode writes the puzzle lines decoders read back (PuzzleLines,
// ReadPuzzleLines): "c pipesat nonogram W H" and "c pipesat primary
// 1-<W*H>".
//
// In a colour puzzle with K colours (background included) the cells'
// variables are 1..W*H*K: cell (r, c) in colour k (an index into
// Colours, 0 the background) is variable (r*W + c)*K + k + 1
// (Puzzle.ColourVar), named "r3c4=a" ("r3c4=0" for the background);
// auxiliaries follow from W*H*K+1, named as above. The puzzle lines are
// "c pipesat nonogram W H colours 0=ffffff a=d62728 ..." (the palette,
// in Colours order) and "c pipesat primary 1-<W*H*K>"; ReadPuzzleLines
// reads them back.
//
// # Readable CNF
//
// Encode is the one way to encode: to gini, to a dimacs.Formula
// (dimacs.Build) or as text (dimacs.Stream, what nono2cnf writes, in
// memory that does not grow with the formula). Its Options take a
// cnfstyle.Style: names none, primary (the cells) or all (the auxiliaries
// "r3:block-2-cell-1@c5", "c4.run1@3", "r3.p7", "r3.run2<=5" too), a group comment per
// line and kind of clause ("row 3, clue 2 1: automaton over its cells",
// "row 3, clue 2 1: accept: column 9 ends the row in block-2-cell-1 or
// after-block-2"), and the provenance.
package nonogram
