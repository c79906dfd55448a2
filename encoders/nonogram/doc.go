// Package nonogram reads black-and-white nonograms (paint-by-number
// puzzles) and encodes them as CNF.
//
// # Input
//
// Read accepts three formats, told apart by content (Detect) unless one
// is forced:
//
//	non      = { line } .                   (* Steve Simpson's .non, mikix extensions *)
//	line     = key-line | rows | columns | givens | blank | other .
//	key-line = ("width" | "height") number
//	         | ("title" | "by" | "copyright" | "catalogue" | "goal") string
//	         | "license" (spdx-id | string) | "color" char hex .
//	rows     = "rows" NL clue-line × height .   (* after width and height *)
//	columns  = "columns" NL clue-line × width .
//	givens   = "givens" NL { given | blank } .  (* up to the next key or the end *)
//	given    = number "," number NL .          (* 0-based row,col of a black cell *)
//	clue-line = "0" | "" | number { ("," | " ") number } .
//	string   = '"' { char } '"' .
//	goal     = '"' { "0" | "1" } '"' .          (* row-major, width*height cells *)
//
//	keen     = { clue } blank { clue } .         (* rows, a blank line, columns; 0 = empty *)
//	clue     = number { " " number } NL .
//
//	xml      = <puzzleset><puzzle> [<title>…] <clues type="rows"|"columns">
//	           { <line> { <count>n</count> } </line> } </clues> …
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
// error too: it is a clue or given that would otherwise be lost. A colour
// clue ("3b"), a second "color" key or a coloured XML count is the error
// "colour puzzles are not supported". Read then checks what the encoders
// rely on, each failure a one-line *Error with file, line and column: the
// number of clue lines equals the height (width), every clue fits its line
// ("row 3 clue \"20,5\" needs 26 cells, the row has 25"), rows and columns
// need the same number of black cells ("rows need 230 black cells, columns
// 231"), givens lie inside the grid, and the goal has one cell per cell.
// *Error is the shared textpos.Error: columns count bytes, and its Caret
// shows the offending line with a "^" under the column.
//
// # Encodings
//
// Automaton (the default) unrolls each line's automaton over its cells,
// with state variables only for states both reachable from the start and
// able to reach the end; unit propagation is then a complete line solver,
// and a puzzle that line logic solves needs no decision and no conflict.
// Runs is the run-start encoding of the GCHQ article (307,703 clauses for
// the GCHQ puzzle, quadratic in the line length per run). Patterns
// enumerates every placement of each line's runs, guarded by MaxPatterns.
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
//	automaton  r3.s5.7    row 3 is in automaton state 5 after 7 cells
//	runs       r3.run2@5  row 3's run 2 starts at column 5
//	patterns   r3.p17     row 3 follows its 17th pattern
//
// Formula writes the header comments decoders read back:
// "c pipesat nonogram W H" and "c pipesat primary 1-<W*H>".
//
// # Readable CNF
//
// NewFormula takes a header.Style: names none, primary (the cells) or all
// (the auxiliaries "r3.s2.5", "c4.run1@3", "r3.p7" too), a group comment
// per line and kind of clause ("row 3, clue 2 1: automaton over its
// cells"), and the provenance header. ReadHeader reads the puzzle's header
// back for the decoders.
package nonogram
