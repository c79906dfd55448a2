// sudoku2cnf encodes a sudoku puzzle as DIMACS CNF.
//
// The puzzle is read from FILE, or standard input if FILE is "-" or absent.
// Sizes 4x4, 9x9, 16x16 and 25x25. Values are 1-9 then A-P (a 16x16 uses
// 1-9 and A-G, a 25x25 1-9 and A-P); "." or "0" is a blank cell. Letters
// may be lower case. A 16x16 puzzle may also be written in hexadecimal,
// 0-F, where 0 is the value 1, F the value 16 and only "." is a blank. The
// two readings of a 0 give different puzzles, so a 16x16 puzzle that has a
// 0 and no G is an error unless --symbols says which notation it uses:
//
//	p.txt:1:2: "0" in a 16x16 puzzle with no "G" fits two notations: 1-G (1-9, A-G; 0 is a blank) and 0-F (hexadecimal; 0 is the value 1): choose one with --symbols 1-G or --symbols 0-F
//
// A 16x16 puzzle with neither 0 nor G is read as 1-G (read as 0-F it is
// the same puzzle with its values renamed). The CNF, its header and
// cnf2sudoku's answer always use 1-G: under --symbols 0-F the 0s of the
// puzzle are the 1s of the answer.
//
// The file holds either a grid (N rows of N symbols, spaces and "|", "-",
// "+" box rules anywhere) or puzzles of N² symbols one per line; lines
// starting with "#" are comments, of any length. Other lines may be at
// most 64 KiB (65536 bytes): the longest puzzle line has 625 symbols, and
// the bound keeps a file without line ends from filling memory. A file of several puzzles needs --index:
// without it, it is an error naming the count, as for nono2cnf's webpbn
// XML sets (never the first puzzle taken silently):
//
//	many.txt:3:1: a second puzzle: the file holds 3 puzzles; choose one with --index (1-3)
//
// Variable (r*N + c)*N + v + 1 (r, c, v from 0) means "row r+1, column c+1
// holds value v+1"; variables 1..N³ are named in "c varname" lines
// ("r1c1=5"). The header comments "c pipesat sudoku N",
// "c pipesat primary 1-N³" and "c pipesat sudoku-givens ..." let
// cnf2sudoku decode satrun's output with no flags.
//
// Givens that break a rule are an error naming both cells:
//
//	p.txt:1:5: r1c5=5 repeats r1c1=5 (p.txt:1:1) in row 1
//
// Each cell, row, column and box gets exactly one value: a clause for at
// least one, and an at-most-one part chosen with --amo: pairwise, Sinz's
// sequential counter, or Klieber and Kwon's commander encoding (groups of
// 3). docs/benchmarks.md gives their sizes for the shipped puzzles.
//
// One cell of a 4x4 with --amo sequential --names all: "seq r1c2 s1" is
// Sinz's counter "one of r1c2's first 1 values is set". The comment lines
// before each group add 6 to 8% to a 9x9's bytes.
//
//	$ echo "1... ..3. .4.. ...2" | sudoku2cnf --amo sequential --names all | grep -A4 "cell r1c2 exactly one"
//	c cell r1c2 exactly one value
//	5 6 7 8 0
//	-5 68 0
//	-6 69 0
//	-68 69 0
//
// testdata/sudoku ships 9x9, 16x16 and 25x25 puzzles with one solution
// each, and their solutions; the tests check that they decode to them and
// are unique with satrun --max 2, through gini and every installed solver. In
// Go, the same encoder feeds gini directly: see encoders/sudoku's Example.
//
// Groups: each given's clause is a group, marked by a line "c pipesat
// group ID NAME" before it ("given r2c5=7"), which satrun --explain reads
// to say which givens cannot all hold. The rules (one value per cell, each
// value once per row, column and box) are the puzzle, not clues: they are
// in no group, and an explanation keeps them all (sudoku2cnf
// --comments=false keeps the group lines).
//
// Exit status: 0 ok, 1 error (bad puzzle), 2 usage.
//
// Examples:
//
//	sudoku2cnf p.txt | satrun | cnf2sudoku
//	sudoku2cnf p.txt | satrun --max 2 | cnf2sudoku      # says whether the solution is unique
//	sudoku2cnf --index 7 top95.txt | picosat | cnf2sudoku --puzzle top95.txt --index 7
package main
