// Package twisty reads twisty-puzzle definitions (the 2x2x2 cube and any
// other puzzle whose turns permute stickers) and encodes "this state can be
// solved in at most K turns" as CNF, for cube2cnf, cnf2moves and cubesolve.
//
// The YAML layout is the one of the Qiita article that solved the 2x2x2
// cube with Z3 (goalState, turnSet.baseTurns in "array cycle notation",
// extenders REVERSE and COMBINE), with four optional additions:
//
//	puzzle     = "goalState:" "[" colour { "," colour } "]"
//	             "turnSet:" "baseTurns:" { "- name:" turn "value:" cycles }
//	                        [ "extenders:" { "- name:" turn "function:" fn "params:" "[" turn { "," turn } "]" } ]
//	             [ "name:" word ]                  (default: the file name)
//	             [ "fixed:" "[" turn { "," turn } "]" ]     (left out of the search)
//	             [ "rotations:" "[" turn { "," turn } "]" ] (whole-puzzle turns)
//	             [ "pieces:" "[" "[" sticker { "," sticker } "]" ... "]" ]
//	             [ "maxDepth:" number ]            (God's number, for cubesolve)
//	cycles     = "[" { sticker { "," sticker } "," first-sticker-again } "]"
//	fn         = "REVERSE" (one turn: its inverse) | "COMBINE" (turns in order)
//	colour, turn, word = a YAML scalar without blanks, quotes, "#" or "="
//	sticker    = 0 .. len(goalState)-1
//
// In cycles, [0, 1, 3, 2, 0, 4, 5, 4] is (0 1 3 2)(4 5): the sticker at 0
// moves to 1, the one at 1 to 3, and so on. A cycle that is not closed, or a
// sticker twice in one turn, is an error at its line and column: every turn
// is a permutation. Unknown keys are errors too.
//
// Two definitions are built in (definitions/*.yaml, embedded), so that an
// installed command needs no file: cube2, the 2x2x2 cube, and loopover3,
// 3x3 Loopover. ReadPuzzle takes their names or a file's path.
//
// Solved means equal to goalState, or to any image of it under the
// rotations. With fixed turns left out, some stickers never move (the
// 2x2x2's down-left-back corner when only U, R and F turn): the solved
// states a start state can reach are those that agree with it there, its
// "targets". Pieces (a corner's stickers clockwise) give quick proofs that a
// state is impossible: a piece with colours no piece has, a mirrored or
// repeated piece, twisted corners when every turn keeps the twist sum, an
// odd permutation when every turn is even.
//
// # Encoding
//
// Only the M stickers some active turn moves get variables. Per step s =
// 1..K exactly one of the T active turns or the no-op is true (one clause
// plus pairwise at-most-one); no-op at s implies no-op at s+1, so a shorter
// solution pads at the end. A face variable per step and face (the turns
// made from one base turn: U, U', U2) is true iff one of its turns is.
//
// Turn a directly followed by turn b is left out when a∘b is the identity
// or equals one turn (U U', U U2: never in a shortest sequence), and when a
// and b commute and a comes after b (by face, then definition order:
// opposite faces, disjoint rows keep one order). The least such sequence
// among the shortest survives, so the optimum is kept. When every pair of
// two faces' turns is left out (same face, commuting faces) one binary
// clause on the face variables says it.
//
// Colours are one-hot (--code binary: the colour's number in bits): a
// sticker no turn of the chosen face moves keeps its colour (two clauses
// per face, sticker and colour variable, whichever of the face's turns it
// is); under turn j a sticker i its face moves takes the colour sticker
// Perm_j[i] had. The face-level frame lets the solver learn about a face
// without naming the turn: about twice as fast with cadical. State 0 is
// fixed by a unit for every colour variable, so every later state is
// one-hot without at-most-one clauses. The last state equals the target
// (units), or one of several through selector variables.
//
// # Variable numbering
//
// With T active turns in F faces, C colour variables per sticker (C
// colours in order of first appearance in goalState; ceil(log2 C) bits
// for --code binary), M moving stickers (increasing) and depth K:
//
//	(s-1)*(T+1) + j + 1        step s (1..K) is active turn j (0..T-1);
//	                           j = T is the no-op. Named "c varname V stepS=TURN".
//	K*(T+1) + (t*M + m)*C + c + 1
//	                           after t steps (0..K), moving sticker m has colour c
//	K*(T+1) + (K+1)*M*C + (s-1)*F + f + 1
//	                           step s turns face f
//	K*(T+1) + (K+1)*M*C + K*F + k + 1
//	                           target k is reached (only when there are several)
//
// "c pipesat primary 1-K*(T+1)" names the turn variables. The puzzle
// lines "c pipesat twisty NAME depth K", "twisty-goal", "twisty-start",
// "twisty-target" and "twisty-turn NAME FACE CYCLES" (PuzzleLines) rebuild
// the encoding (ReadPuzzleLines) from a solver's output alone.
//
// Encoding.Encode is the one way to encode: to gini, to a dimacs.Formula
// (dimacs.Build, as cubesolve does) or as text (dimacs.Stream, what cube2cnf
// writes). It takes a cnfstyle.Style: names none, primary (the turns) or
// all (also "state3 s17=red", "step3 face 2", "target2"), a group comment
// per step, face and turn, and the provenance.
package twisty
