// cube2cnf encodes "this twisty-puzzle state is solvable in at most K
// turns" as DIMACS CNF.
//
// The puzzle is a YAML definition in the layout of the Qiita article that
// solved the 2x2x2 cube with Z3: goalState (the colour of every sticker),
// turnSet.baseTurns (turns in "array cycle notation"), extenders (REVERSE,
// COMBINE), plus fixed (turns left out of the search), rotations
// (whole-puzzle turns: every orientation of the goal is solved), pieces
// (for the impossible-state checks) and maxDepth; see package twisty for
// the grammar. Two definitions are built in: cube2, the 2x2x2 cube, and
// loopover3, 3x3 Loopover, which shows that the format is general
// (encoders/twisty/definitions holds their files).
//
// The start state is --state, the colour of every sticker in
// goalState's order separated by blanks (the nets at the end of this
// manual number the stickers); or --moves, the goal after those
// turns; or --scramble N, N random turns from the goal, no two of which
// cancel or merge (no turn of the face just turned, nor across turns that
// commute with it: no F F', U2 U2, U D U'). Without --seed a scramble gets
// a random seed, named on standard error ("c seed S (random: --seed S
// repeats this scramble)") and added to the "c pipesat args" line, so that
// the line makes the same CNF again. --definition - reads the definition
// from standard input; a file called cube2 is ./cube2. The CNF is satisfiable exactly when the state can be
// solved in at most K turns of the active turns (all but fixed and
// rotations): one turn or a no-op per step, no-ops only at the end, no turn
// followed by one it merges with (U U', U U), and commuting turns in one
// fixed order. Sticker colours are one-hot per step (--code binary writes
// them as binary numbers: fewer variables, not faster here), with a face
// variable per step and face. Variable numbering: package twisty. Below the
// optimum the CNF is unsatisfiable: the state of the Qiita article (see
// cubesolve) needs 9 turns, so depth 8 gives exit status 20:
//
//	$ cube2cnf --definition cube2 --state "W G O Y O G W R G O Y B R B R Y B B Y W W O G R" --depth 8 | satrun >/dev/null; echo $?
//	20
//
// One turn of loopover3, named (--names all): variable 1 is step1=R1, 32 is
// "state0 s3=A" and 95 "state1 s1=A", so if step 1 turns R1, sticker 1 gets
// the colour sticker 3 had:
//
//	$ cube2cnf --definition loopover3 --moves R1 --depth 1 --names all | grep -A2 "^c step 1, turn R1: the stickers"
//	c step 1, turn R1: the stickers its face moves follow it
//	-1 -32 95 0
//	-1 32 -95 0
//
// Header: "c pipesat twisty NAME depth K", the goal, start, target(s) and
// active turns ("c pipesat twisty-...") so cnf2moves needs no flags after
// satrun, "c pipesat primary 1-N" over the turn variables, and
// "c varname V stepS=TURN" for each of them.
//
// A bad state is a one-line error positioned in the state text: a wrong
// number of stickers, a colour goalState lacks, and impossible states
// (wrong colour counts, a twisted or mirrored corner, an odd permutation
// where every turn is even):
//
//	cube2cnf: state:1:7: colour "X" is not in goalState (W O G R B Y)
//	cube2cnf: state:1:1: impossible state: the pieces of 3 stickers are twisted by 1/3 in all: no turns undo that
//
// Groups: each moving sticker of the start state is a group ("start
// sticker 5 is R"), marked by a line "c pipesat group ID NAME" before its
// clauses, for satrun --explain: at a depth with no solution it names the
// start stickers that no fewer turns can all bring home. The turns and
// the target are the puzzle's rules, in no group (cube2cnf
// --comments=false keeps the group lines).
//
// Exit status: 0 ok, 1 error, 2 usage.
//
// Examples:
//
//	cube2cnf --definition cube2 --state "W G O Y O G W R G O Y B R B R Y B B Y W W O G R" --depth 9 | satrun | cnf2moves
//	cube2cnf --definition cube2 --state "$S" --depth 8 | satrun; echo $?     # 20: no solution in 8 turns
//	cube2cnf --definition cube2 --state "$S" --depth 9 | minisat /dev/stdin r; cnf2moves --definition cube2 --state "$S" --depth 9 r
package main
