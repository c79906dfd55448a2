// cnf2moves prints the turn sequence in a SAT solver's answer to a
// cube2cnf formula, after checking that it solves the start state.
//
// It reads a solver's output from FILE, or standard input if FILE is "-"
// or absent: satrun's, any competition solver's ("s"/"v" lines), minisat's
// stdout or its result file. satrun forwards cube2cnf's header comments,
// which hold the goal, the start state and the turns, so no flag is
// needed. A raw solver's output has no header: give the --definition, --state
// and --depth the CNF was made with (--scramble N --seed S in place of
// --state works too; --scramble without --seed is a usage error, since
// cnf2moves must make the very scramble the CNF holds).
//
// The turns are replayed on the start state; a sequence that does not end
// in a solved state (any orientation the puzzle's rotations allow) is an
// error. So the end state may be goalState turned as a whole rather than
// goalState itself: with the cube2 definition the down-left-back corner
// never moves, and the cube ends solved around it. The turns printed are
// the solver's model: another solver may print another sequence of the same
// length. Variable numbering: see cube2cnf and package twisty.
//
// Output: "c length N", then the turns on one line ("R' F2 U"; an empty
// line when the state is already solved). After an enumeration (satrun
// --all) the same for every model: at the optimal depth, that lists every
// shortest solution in canonical order (see cube2cnf). Then comes the last
// line every decoder ends an enumeration with: "c unique solution" or "c
// not unique: K solutions" ("at least K" when satrun --max or a timeout
// stopped it; nothing after a single plain answer):
//
//	$ cube2cnf --definition cube2 --scramble 25 --seed 57 --depth 5 | satrun --solver gini --all | cnf2moves
//	c length 5
//	R U2 R2 F2 R'
//	c length 5
//	R' F2 R2 U2 R
//	c not unique: 2 solutions
//
// After satrun --explain, an unsatisfiable answer (no solution within
// the depth) is followed by the start stickers that no fewer turns can
// all bring home, the puzzle's clues (cube2cnf makes each one a group):
//
//	$ cube2cnf --definition cube2 --scramble 25 --seed 57 --depth 4 | satrun --solver gini --explain | cnf2moves
//	c no solution: start sticker 17 is B, start sticker 21 is W, start sticker 22 is Y and start sticker 24 is R cannot all hold; each of the others can be dropped
//
// Input that holds no solver answer (empty, garbage, a stream cut off
// before any "s" line) is an error, and so is a model whose final 0 is
// missing at the end of the input ("head -n" cut it). An UNKNOWN answer
// ("s UNKNOWN", cadical's "c UNKNOWN", minisat's INDETERMINATE) is an
// answer, not an error.
//
// When satrun says the solver failed in the middle of an enumeration
// ("c ERROR: <reason> after N models; more may exist"), the models it
// printed are decoded as usual, then the tool exits 1 with
// "upstream solver failed after N models: <reason>".
//
// Exit status: 0 solved (turns printed), 20 no solution (the solver said
// UNSATISFIABLE: no solution in at most K turns; said on standard error),
// 3 unknown (the solver gave no answer), 1 error (no answer in the input,
// unreadable or truncated output, turns that do not solve the state, a
// failed solver), 2 usage. --status sat exits 10, 20 and 0 instead, as
// satrun does, for those who read the SAT competition's statuses.
//
// Examples:
//
//	cube2cnf --definition cube2 --state "$S" --depth 9 | satrun | cnf2moves
//	cube2cnf --definition cube2 --state "$S" --depth 9 | satrun --all | cnf2moves   # every shortest solution
//	cube2cnf --definition cube2 --state "$S" --depth 9 | cadical | cnf2moves --definition cube2 --state "$S" --depth 9
package main
