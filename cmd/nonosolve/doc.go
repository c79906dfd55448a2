// nonosolve solves a nonogram in one process.
//
// It does the work of
//
//	nono2cnf FILE | satrun --solver gini | cnf2grid
//
// with no text in between, for small puzzles at the speed of a dedicated
// solver. Its flags are those of the three tools: nono2cnf's for the
// puzzle and its encoding (as nono2cnf's default: the order encoding
// when presolve leaves cells open, which suits gini's search), satrun's for the solver (the default is
// gini, embedded: no process starts; --certify always runs a solver, for
// its proof) and the models, and cnf2grid's for the picture: --format,
// --title, --colour and -o, whose file name chooses a drawing when
// --format is not given (-o pic.png, pic.svg, pic.pdf: the grid with its
// clue numbers and a dot on each given, as cnf2grid --puzzle FILE draws
// it; a --format that contradicts the name is a usage error).
//
// The puzzle is read as nono2cnf reads it (FILE, or standard input when
// FILE is "-" or missing; every format and error of nono2cnf's manual),
// presolved by line logic, encoded as nono2cnf encodes it (by default
// presolved, in the order encoding when cells are left open, else the
// automaton) into a formula held in memory, and
// solved; every model is checked against the formula as satrun checks it,
// and every picture against the clues. When line logic fixes every cell,
// its picture is checked against the formula (one unit clause per cell)
// and no solver runs: fixed cells hold in every solution, so it is the
// only one.
//
// The output is the pipeline's, byte for byte: the picture as cnf2grid
// draws it, then its verdict ("c unique solution" after --max 2 or --all,
// "c not unique: ..." and "c they differ in ..."); "no solution" on
// standard error when there is none.
//
//	$ nonosolve --max 2 testdata/nonogram/webpbn-1.non
//	.##..
//	.##.#
//	..#.#
//	.###.
//	#.#..
//	#.#..
//	..##.
//	.#.#.
//	.#.##
//	##...
//	c unique solution
//
//	$ printf 'width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n' | nonosolve --max 2
//	.#
//	#.
//
//	#.
//	.#
//	c not unique: at least 2 solutions
//	c they differ in r1c1 r1c2 r2c1 r2c2
//
// --explain explains the answer by the clues, in the words of
//
//	nono2cnf --presolve=false FILE | satrun --solver gini --explain | cnf2grid
//
// (its flags pick the solver and the encoding): for a puzzle without
// solution the clues that cannot all hold, a minimal set, marked on the
// grid (and on a drawing); for one with a unique picture, the clues it
// needs. The formula is then the full one, not presolved: its groups of
// clauses are the clues.
//
//	$ printf 'width 5\nheight 5\nrows\n1,1\n5\n2\n5\n1\ncolumns\n4\n1,1\n4\n1,1\n1,2\n' | nonosolve --explain | tail -1
//	c no solution: row 2 (5), row 3 (2), column 1 (4) and column 2 (1 1) cannot all hold; each of the others can be dropped
//
// Exit status: 0 solved (a picture printed), 20 no solution (UNSAT), 3
// unknown (the timeout passed, or the solver gave up), 1 error (bad
// puzzle, failed solver, a model or picture that breaks the formula or the
// clues), 2 usage: the statuses cnf2grid also exits with. --status sat
// exits 10, 20 and 0 instead, satrun's statuses. SIGINT, SIGTERM and
// SIGHUP stop an external solver's whole process tree and remove its
// temporary files; nonosolve then exits with 128 plus the signal's number.
// Killed by SIGKILL, it takes the solver's whole tree with it all the
// same (on Linux, through the supervisor satrun's manual describes).
//
// Examples:
//
//	nonosolve gchq.non
//	nonosolve --max 2 puzzle.xml
//	nonosolve --solver kissat --all puzzle.non
//	nonosolve -o gchq.png gchq.non
//	nonosolve --explain -o why.svg broken.non
package main
