// Package difftest is pipesat's differential tester: it generates seeded
// random CNF formulas, solves each with gini and every installed external
// solver, both through satrun (as users run it) and raw (the solver program
// called directly on the file, its output read with dimacs.ReadOutput), and
// checks that the answers agree, that every model satisfies the formula
// (dimacs.Formula.Check), and that projected model counts (satrun --all
// --project) match a brute-force count on formulas of up to MaxCountVars
// variables.
//
// Each formula is also written in one shape real files come in (the SATLIB
// "%" trailer, CRLF line ends, a "%" line or a lone CR amid the clauses, a
// clause cut before its 0, a file cut in its header line or after a
// clause, a header count that is wrong) and read by satrun with every
// engine, strictly and with --relaxed: satrun must refuse what an
// independent reference reading (referenceRead) refuses, and answer for
// exactly the formula it reads otherwise (KindReading). Such disagreements
// are not shrunk: the seed and formula number reproduce them.
//
// A disagreement is shrunk (drop clauses, then literals, then unused
// variables, while the same kind of disagreement by the same engine
// persists) and written to a regression directory (testdata/regress in the
// repository), where the replay test keeps it as a permanent test.
//
// The same seed gives the same formulas, the same checks and the same
// shrunk files, whatever the number of parallel jobs: formula i is generated
// from a generator seeded with (seed, i) alone.
//
// scripts/difftest.sh builds the driver (internal/difftest/cmd/difftest)
// and satrun, then runs it.
package difftest
