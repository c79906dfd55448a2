// Package sudoku reads sudoku puzzles and encodes them as CNF.
//
// Sizes are 4x4, 9x9, 16x16 and 25x25; the boxes are √N by √N.
//
// # Input
//
// A cell is one symbol. Values are written 1-9 and then letters, so that
// every size uses the first N symbols of 123456789ABCDEFGHIJKLMNOP:
//
//	4x4    1-4
//	9x9    1-9
//	16x16  1-9 A-G        (A=10 ... G=16)
//	25x25  1-9 A-P        (A=10 ... P=25)
//
// Letters may be lower case. A blank cell is "." or "0". This is the
// notation called "1-G" (Letters). A 16x16 puzzle may instead be written
// in hexadecimal, "0-F" (Hex): 0-9 and A-F are the values 1-16 and only
// "." is a blank. Read by default (AutoNotation) a 16x16 puzzle with a
// "0" and no "G" fits both notations, which read it as two different
// puzzles, so it is an error naming both; ParseNotation takes the
// notation from the caller. A 16x16 puzzle with neither "0" nor "G" is
// read as 1-G: the other reading only renames the values, the same
// puzzle. Whatever the input notation, puzzles are written (String,
// Format, the puzzle lines below) in 1-G.
//
// A file holds either one grid, or puzzles one per line:
//
//	file     = { line } .
//	line     = blank | comment | rule | row .
//	comment  = "#" { any } .
//	rule     = { "-" | "+" | "|" | "=" | space } .   (box rules are ignored)
//	row      = { symbol | "|" | "+" | "-" | space } .
//	symbol   = "1"…"9" | "A"…"P" | "a"…"p" | "." | "0" .
//
// A row with N² symbols (16, 81, 256 or 625) is a whole puzzle on one
// line; Parse's index picks the K-th such line (1-based). Index 0 takes the
// file's only puzzle: a file of several is an error that names their count.
// Otherwise the file is a grid: N rows of N symbols each, spaces and box
// rules anywhere. Sixteen rows of sixteen symbols are read as one 16x16
// grid, not as sixteen 4x4 puzzles, unless an index is given.
//
// Givens that break a rule (two 5s in one row, column or box) are an
// error naming both cells and where they were read. Parse's errors are
// *textpos.Error values (the shared textpos.Error), "file:line:col: message"
// with byte columns, whose Caret shows the offending line.
//
// # Variable numbering
//
// Variable (r*N + c)*N + v + 1 is true when the cell in row r, column c
// holds value v+1, with r, c and v counted from 0: for a 9x9 puzzle
// variable 1 is r1c1=1, 9 is r1c1=9, 10 is r1c2=1 and 729 is r9c9=9.
// These N³ variables are the primary ones; the at-most-one encodings
// sequential and commander add auxiliary variables after them, numbered
// in the order the clauses are written. Names in the "c varname" lines
// count rows and columns from 1 and write the value as a symbol
// ("r1c10=A").
//
// # Puzzle lines
//
// Encode writes the comments decoders read (satrun copies them to its
// output): "c pipesat sudoku N", "c pipesat primary 1-N³" (the variables
// an enumeration blocks on) and "c pipesat sudoku-givens <N² symbols>",
// which lets a decoder check the givens without the puzzle file
// (PuzzleLines; ReadPuzzleLines reads them back).
//
// # Clauses
//
// One unit clause per given, then exactly-one of the N values per cell,
// and exactly-one of the N cells for each value in each row, column and
// box (in that order). Each exactly-one is an at-least-one clause plus an
// at-most-one constraint encoded pairwise (N(N-1)/2 binary clauses),
// sequentially (Sinz 2005: N-1 auxiliaries, 3N-4 clauses) or with
// commander variables (Klieber and Kwon 2007, groups of 3).
//
// # Readable CNF
//
// Encode is the one way to encode: to gini, to a dimacs.Formula
// (dimacs.Build) or as text (dimacs.Stream, what sudoku2cnf writes). Its
// Options take a cnfstyle.Style: names none, primary (r1c1=5) or all
// (also "seq r3 v5 s2", the Sinz counter of value 5 in row 3, and "cmd b2
// v7 l1 g3", a commander of box 2's value 7), a group comment before each
// cell's, row's, column's and box's exactly-one ("cell r2c5 exactly one
// value"), and the provenance.
package sudoku
