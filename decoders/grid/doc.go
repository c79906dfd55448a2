// Package grid turns a solver's models of a grid puzzle back into
// pictures: nonograms (cells 1..W*H, row by row, true black), colour
// nonograms (K variables per cell, one per colour) and N-queens or
// N-rooks boards (cells 1..N*N).
//
// Decode reads any solver output dimacs.ReadOutput understands and learns
// the grid from the puzzle lines satrun forwards:
//
//	c pipesat nonogram W H
//	c pipesat nonogram W H colours 0=ffffff a=d62728 b=1f77b4
//	c pipesat queens N
//	c pipesat rooks N
//
// or, for a raw solver's output without them, from Options.Puzzle or
// Options.Width and Height. With a puzzle every picture is checked against
// every clue, and the first broken line is named; boards are checked for
// one piece per row and column (and diagonal, for queens).
//
// Formats: text (H rows of W '#'/'.'), unicode (half blocks, two rows per
// line), goal (the .non goal string), board ('Q' or 'R' and '.'), png,
// svg and pdf (the grid drawn with its clue numbers, as printed on paper;
// the clues of the picture itself when no puzzle is given).
//
// # Drawings
//
// Package grid/draw draws PNG, SVG and PDF (Options.Drawer): grid itself
// links no fonts nor image writers, so that a program that writes only
// text starts quickly.
//
// A colour picture (the puzzle lines' palette, or Options.Puzzle's) prints as
// text with one character per colour ('.' the background, else the
// colour's character from the file), optionally on ANSI 24-bit colours
// (Options.ANSI, see WantANSI); unicode, with ANSI only, draws half
// blocks two rows a line; goal writes '0' and the characters; png,
// svg and pdf fill each cell with its colour and draw each clue number in
// its run's colour. A raw solver's output has no puzzle lines: give the
// puzzle, since -W and -H alone read one variable per cell.
//
// # Variable numbering
//
// Variable r*W + c + 1 is the cell in 0-based row r and column c; cells are
// named 1-based in messages ("r3c4" is variable 2*W+4). Variables above
// W*H are ignored. In colour, cell i (row-major) in colour k is variable
// i*K + k + 1 and exactly one of a cell's K variables must be true.
package grid
