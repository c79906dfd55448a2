// cubesolve finds a shortest turn sequence that solves a twisty-puzzle
// state, by asking a SAT solver about depths 0, 1, 2, ... in turn.
//
// Depth K is the formula of cube2cnf --depth K: satisfiable exactly
// when the state is solvable in at most K turns. The first satisfiable
// depth is the optimum, so the answer is a shortest solution (for the
// built-in 2x2x2 cube, cube2: the fewest face turns, U R F and their
// variants, with the down-left-back corner kept in place; a 2x2x2 solved
// in any orientation counts, so the cube may end solved in another
// orientation than goalState: whichever that corner fixes). Every model is
// checked against its formula and the turns are replayed on the state.
//
// A Qiita article (2023-12-25) solved the 2x2x2 cube with Z3 from the same
// YAML definition, but fell back to a two-phase method, so its answers were
// not shortest: for its state
//
//	W G O Y O G W R G O Y B R B R Y B B Y W W O G R
//
// it gives 11 turns, R' D L U B' D L2 U2 B2 U F2. The optimum is 9 (depth 8
// is unsatisfiable), as a breadth-first search of all 3,674,160 positions
// in the tests confirms. A state often has several shortest solutions, and
// which one is printed depends on the solver: for this one gini and picosat
// print R' F' U R' F R' U' F R', cadical and cryptominisat5 R2 F' U R U' F2
// R2 F' U2, minisat R2 F' U R' F2 R2 U F U2. Only the length is the same
// everywhere; cube2cnf --depth 9 | satrun --all | cnf2moves lists them all.
// The state keeps red, white and green on the corner that never moves, so
// all three sequences end with blue on top (B B B B R R Y Y ...): goalState
// turned as a whole.
//
// The start state is given as cube2cnf's is (--state, --moves or
// --scramble with --seed; cube2cnf's manual says how, and the nets at
// the end of this one number the stickers), and --solver,
// --solver-cmd, --dialect and --timeout as satrun's: --timeout bounds the
// whole search ("no answer within --timeout T", exit 1). --max-depth gives
// up after that depth (default: the definition's maxDepth, else 20).
// --certify proves "no shorter solution": each UNSAT depth's DRAT proof
// is checked as satrun --certify does (kissat, cadical, picosat or a
// --solver-cmd with {proof}), and "c no shorter solution: proven (N UNSAT
// proofs checked)" comes before "c length N". Times of the solvers on 20
// scrambles are in docs/benchmarks.md.
//
// Standard error gets one line per depth: "c depth 7: UNSATISFIABLE
// 0.012s (cadical, 2890 vars, 39207 clauses)". Standard output gets, for a
// scramble, "c seed S ..." (without --seed), "c scramble ..." and "c state
// ..." (for --moves, "c state ..."), then "c length N" and, as
// the last line, the turns ("R' F2 U ..."; an empty line when the state is
// already solved).
//
// Exit status: 0 solved (the turns printed), 20 no solution within
// --max-depth (at the definition's maxDepth: an impossible state), 3 no
// answer (the --timeout passed, or the solver gave up), 1 error (bad
// puzzle or state, a state that no turns can solve by its pieces' twist or
// parity, solver failure, with --certify a proof that does not check), 2
// usage: the statuses of nonosolve and the decoders; --status sat exits 10
// for a solution and 0 for no answer instead, as satrun does. SIGINT
// (Ctrl-C), SIGTERM and SIGHUP (a closing terminal) stop the solver's
// whole process tree and remove its temporary files; cubesolve then exits
// with 128 plus the signal's number: 130, 143, 129.
// Killed by SIGKILL, it takes the solver's whole tree with it all the
// same (on Linux, through the supervisor satrun's manual describes).
//
// Examples:
//
//	cubesolve --definition cube2 --state "W G O Y O G W R G O Y B R B R Y B B Y W W O G R"
//	cubesolve --definition cube2 --scramble 30 --seed 7 --solver gini
//	cubesolve --definition cube2 --state "$S" --solver cadical --certify
package main
