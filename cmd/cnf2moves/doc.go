// cnf2moves prints the turn sequence in a SAT solver's answer to a
// cube2cnf formula, after checking that it solves the start state.
//
// Usage:
//
//	cnf2moves [--puzzle FILE --state TEXT --depth K] [FILE|-]
//
// It reads a solver's output from FILE, or standard input if FILE is "-"
// or absent: satrun's, any competition solver's ("s"/"v" lines), minisat's
// stdout or its result file. satrun forwards cube2cnf's header comments,
// which hold the goal, the start state and the turns, so no flag is
// needed. A raw solver's output has no header: give the --puzzle, --state
// and --depth the CNF was made with (--scramble N --seed S in place of
// --state works too).
//
// The turns are replayed on the start state; a sequence that does not end
// in a solved state (any orientation the puzzle's rotations allow) is an
// error. Variable numbering: see cube2cnf and package twisty.
//
// Output: "c length N", then the turns on one line ("R' F2 U"; an empty
// line when the state is already solved). After an enumeration (satrun
// --all) the same for every model: at the optimal depth, that lists every
// shortest solution in canonical order (see cube2cnf).
//
// Exit status: 10 solved (turns printed), 20 no solution (the solver said
// UNSATISFIABLE: no solution in at most K turns; said on standard error),
// 0 unknown (the solver gave no answer), 1 error (unreadable output, turns
// that do not solve the state), 2 usage.
//
// Examples:
//
//	cube2cnf --puzzle cube2.yaml --state "$S" --depth 9 | satrun | cnf2moves
//	cube2cnf --puzzle cube2.yaml --state "$S" --depth 9 | satrun --all | cnf2moves   # every shortest solution
//	cube2cnf --puzzle cube2.yaml --state "$S" --depth 9 | cadical | cnf2moves --puzzle cube2.yaml --state "$S" --depth 9
//	cube2cnf --puzzle cube2.yaml --state "$S" --depth 9 > c.cnf; minisat c.cnf r; cnf2moves --puzzle cube2.yaml --state "$S" --depth 9 r
package main
