// Package drat checks DRAT proofs of unsatisfiability, the proofs SAT
// solvers write for the SAT competition (cadical and kissat write DRAT,
// picosat -R writes RUP traces, a subset), so that an UNSAT answer is
// verified as a SAT answer is, by a check independent of the solver.
//
// # Proof format
//
// A proof is a sequence of steps: a lemma to add, or a clause to delete
// ("d" in front). Text proofs are DIMACS clauses without a header, with
// comment lines starting with "c"; binary proofs are described at Binary.
// Auto tells them apart by drat-trim's rule (see Auto). Reader reads a
// proof one step at a time in one streaming pass: the proof is never held
// in memory, only the clauses alive at the current step.
//
// # Checking
//
// The checker works forward: it adds the formula's clauses, then takes the
// steps in file order. Each lemma must be RUP (assigning the negation of
// its literals and propagating units gives a conflict) or, failing that,
// RAT on its first literal p (every resolvent with a live clause holding
// -p is RUP). A lemma that checks is added; the proof is verified as soon
// as unit propagation over the clauses refutes them (normally at the empty
// clause). An empty proof verifies a formula that unit propagation alone
// refutes. Failures are *Error values naming the step (from 1) and the byte
// offset where it starts, for instance
//
//	proof.drat: step 3 at offset 15: lemma "1 -3 0" is neither RUP nor RAT on 1
//
// Why forward: the proof can be checked as it streams from the solver's
// file, without storing it, and the checker stays small enough to trust;
// but every lemma is checked (drat-trim's backward mode checks only the
// lemmas the empty clause depends on, which is faster on long proofs but
// needs the whole proof in memory and a core analysis). Measured against
// cadical (CPU time, BenchmarkCheckVsSolve and satrun --certify --stats):
// the check costs 0.3 to 1 times the solve on php-8-7, php-9-8 and random
// 3-SAT with 200 variables, 1.6 times on php-10-9 (4.3 s, 6.7 s) and 2.3
// times on php-11-10 (52 s, 121 s for a 143 MB binary proof of 2.7
// million lemmas). A backward prototype (checking only the lemmas the
// conflict depends on, marked by conflict analysis, without drat-trim's
// core-first propagation) was not faster: 88% of php-10-9's 346798
// lemmas from cadical are in that core, and it took 5.5 s against 5.4 s
// forward, with six times the memory (135 MB: the whole proof).
// Clauses use two watched literals with a blocking literal, as in MiniSat,
// sit one after the other in one arena (compacted when deleted clauses are
// half of it), and a deletion finds its clause through an
// order-independent hash. Memory follows the clauses alive at the current
// step, not the proof's length.
//
// # Deletions
//
// As drat-trim does by default, a deletion of a clause that is the reason
// of a top-level unit assignment (a unit clause, or a clause all of whose
// literals but one are false at the top level) is ignored: solvers delete
// such clauses after they have used the unit, and drat-trim's semantics
// keep the unit. Result.IgnoredUnits counts such deletions. A deletion of
// a clause that is not present is ignored too (Result.Missing). This is
// sound: every lemma is checked against the clauses the checker actually
// holds, so what it verifies is the proof without the ignored deletions,
// itself a valid refutation.
//
// Duplicate literals in a clause are removed; variables the formula does
// not have may appear in lemmas (extension variables), up to ExtraVars
// above the formula's count. The checker numbers the variables it meets
// 1, 2, ... in its own tables, so memory follows the variables the
// clauses and the proof name, never the header's count or the largest
// variable: a formula of 2^28 variables that names three costs three.
package drat
