// Package textpos is the one position and the one error type of pipesat's
// readers: DIMACS CNF and solver output, nonogram, sudoku, zebra and
// boolean-formula files, YAML puzzle definitions and benchmark suites.
//
// A Pos is a 1-based line and column. Columns count bytes from the start of
// the line, so a reader computes them without decoding UTF-8 and a tool
// can find the offset again; only Caret turns them into display columns.
// 0 means unknown: a Pos with Line 0 is the whole input, one with Col 0
// the whole line.
//
// An Error prints as "name:line:col: message" (goawk's and mvdan/sh's
// ParseError, gcc's diagnostics), dropping the parts its Pos does not know:
// "name:line: message" without a column, "name: message" without a line.
// It may carry the text of the offending line (Source), which a reader
// fills only when it builds the error, so reading stays as fast as before.
// Caret then shows that line with a "^" under the column, as goawk's
// showSourceLine does:
//
//	sudoku: g.txt:2:4: "x" is not a sudoku symbol (1-9, A-P, . or 0 for blank)
//	..3x.....
//	   ^
//
// Caret is empty when there is nothing worth showing: the line is unknown,
// empty, longer than MaxCaretLine bytes, or not printable UTF-8 text.
package textpos
