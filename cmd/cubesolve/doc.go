// cubesolve finds a shortest turn sequence that solves a twisty-puzzle
// state, by asking a SAT solver about depths 0, 1, 2, ... in turn.
//
// Usage:
//
//	cubesolve --definition NAME|FILE (--state "W G O ..." | --moves "R U ..." | --scramble N [--seed S])
//	          [--solver NAME | --solver-cmd CMD [--dialect D]] [--timeout T] [--max-depth K]
//	          [--certify]
//
// Depth K is the formula cube2cnf writes for --depth K: satisfiable exactly
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
// Times: scripts/bench-cube.sh solves the 20 scrambles of the tests (25
// random turns, seeds 1-20; optimal depths 8-10) with every installed
// solver, every depth up to the first SAT; go test -bench Solve
// -benchtime 1x ./internal/tools/cubesolve/ does the same in Go. The
// median full solve, relative to minisat's: cadical 1.6, gini 1.9, picosat 2.1,
// cryptominisat5 3.2; gini's slowest solve (a depth-10 scramble) takes 1.8
// times minisat's slowest. (minisat's median: 2.2 s, on 2 cores shared at
// a load average of 17 to 28, which slows every solver several times.)
//
// Flags:
//
//	--definition NAME|FILE  the puzzle definition: a built-in one's name
//	                 (cube2, loopover3) or a YAML file (see cube2cnf;
//	                 --puzzle is an old name for the flag)
//	--state TEXT     the start state: the colour of every sticker
//	--moves TEXT     instead of --state: the goal after these turns
//	--scramble N     instead of --state: N random turns from the goal, no
//	                 two of which cancel or merge (see cube2cnf)
//	--seed S         the scramble's random seed; without it a random one,
//	                 different each run, named by the first line of the
//	                 output, "c seed S (random: --seed S repeats this
//	                 scramble)"
//	--solver NAME    auto (default: the first installed of kissat,
//	                 cadical, cryptominisat5, glucose, minisat, picosat,
//	                 else the embedded gini), gini, or a solver's name
//	--solver-cmd CMD run CMD instead, as satrun does (a solver it does not
//	                 know: "{cnf}" in CMD is the CNF file, else its stdin)
//	--dialect D      how CMD answers: competition (default) or minisat
//	--timeout T      give up after T in all (e.g. 30s, 5m): exit 1 with
//	                 "no answer within --timeout T"; default no limit
//	--max-depth K    give up after depth K (default: the puzzle's
//	                 maxDepth, else 20)
//	--certify        prove "no shorter solution": each UNSAT depth's
//	                 DRAT proof is checked as satrun --certify does
//	                 (kissat, cadical, picosat or a --solver-cmd with
//	                 {proof}; auto picks the first installed of those;
//	                 any other solver is a usage error). A proof that
//	                 fails is an error (exit 1) naming its step; else
//	                 "c no shorter solution: proven (N UNSAT proofs
//	                 checked)" comes before "c length N"
//
// Standard error gets one line per depth: "c depth 7: UNSATISFIABLE
// 0.012s (cadical, 2890 vars, 39207 clauses)". Standard output gets, for a
// scramble, "c seed S ..." (without --seed), "c scramble ..." and "c state
// ..." (for --moves, "c state ..."), then "c length N" and, as
// the last line, the turns ("R' F2 U ..."; an empty line when the state is
// already solved).
//
// Options may also follow the operands; "--" ends them. --help prints
// this manual, --version the version (the README lists the flag names
// every tool shares).
//
// Exit status: 0 solved, 1 error (bad puzzle or state, impossible state,
// no solution within --max-depth, solver failure, with --certify a proof
// that does not check), 2 usage. SIGINT
// (Ctrl-C), SIGTERM and SIGHUP (a closing terminal) stop the solver's whole
// process tree and remove its temporary files; cubesolve then exits with
// 128 plus the signal's number: 130, 143, 129.
//
// Examples:
//
//	cubesolve --definition cube2 --state "W G O Y O G W R G O Y B R B R Y B B Y W W O G R"
//	cubesolve --definition cube2 --scramble 30 --seed 7 --solver gini
//	cubesolve --definition cube2 --state "$S" | tail -1
//	cubesolve --definition cube2 --state "$S" --solver cadical --certify
package main
