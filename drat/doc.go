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
// By default the checker works backward, as drat-trim does: it reads
// the whole proof, adding each lemma unchecked (and carrying out the
// deletions) until unit propagation over the clauses finds a conflict;
// the clauses that conflict depends on are the core. It then goes back
// through the proof, taking each lemma out again and checking only the
// core ones, each as RUP (assigning the negation of its literals and
// propagating units gives a conflict) or, failing that, RAT on its first
// literal p (every resolvent with a live clause holding -p is RUP); the
// clauses each check uses join the core. The clauses holding -p are
// listed once per literal, as the first RAT check on it needs them (all
// the extension literals' at once: kissat's RAT lemmas define new
// variables), where scanning the proof for each RAT lemma took 60% of
// the check of kissat's proof of the cube refutation cube-1. Propagation is core first
// (drat-trim's): units are propagated over core clauses to a fixpoint,
// and a non-core clause is looked at only when the core gives nothing,
// so checks reuse the core and it stays small; after a check whose
// conflict needed at most two clauses the next one propagates over all
// clauses alike and stops at the first conflict (drat-trim's switch too:
// on the uniqueness proof nono-r40 of scripts/bench-drat.sh it halves
// the assignments). Failures are *Error values naming the step (from 1)
// and the byte offset where it starts, for instance
//
//	proof.drat: step 3 at offset 15: lemma "1 -3 0" is neither RUP nor RAT on 1
//
// Backward, the proof verifies as soon as the lemmas read refute the
// formula by unit propagation; a proof that never does fails at its end,
// its lemmas unchecked. Checker.LRAT receives the checked proof in LRAT:
// each core lemma with the IDs of the clauses its check used, in the
// order they became unit, so cake_lpr can check it again in linear time
// (lrat-trim too, when no lemma needed RAT: it takes no RAT hints). The
// LRAT check assigns the negation of the whole lemma (or resolvent) before
// its hints, so a literal of it false already at the top level counts as
// assumed: the clauses that made it false are no hints, as they would be
// satisfied already (drat-trim's examples uuf-100-1 to -5 gave such hints
// before). Checker.LRATIDs numbers the clauses as those of a larger
// formula. The backward check finds the hints last lemma first, and LRAT
// lists them first to last: the hints wait in a temporary file
// (Checker.TempDir), which is read back from its end, so LRAT output
// costs memory only for the lemma at hand (php-11-10 from cadical, a
// 143 MB proof: 328 MB against 2.3 GB with the hints in memory, the check
// alone 306 MB).
// Format LRAT reads such proofs (cadical 1.7 and later write them with
// --lrat) and checks them along their hints, RAT hints too (a negated
// clause ID then the hints of that resolvent, for every clause holding
// the negated pivot). As the format's reference checkers, drat-trim's
// lrat-check and lrat-trim, it takes a hint whose one literal not false
// is true already (redundant: skipped, counted in Result.Satisfied) and
// IDs that skip numbers; as lrat-trim (not lrat-check), a tautology with
// no hints and duplicate literals in clauses. It refuses what lrat-trim
// refuses, but for RAT hints, which lrat-trim does not take, and the ID
// that starts a deletion line, which it ignores (as lrat-check does): a
// lemma's ID not above the last, a deletion of a clause not present
// (never added, or deleted already), a hint with two literals not false,
// even one true. Every line is checked, also when unit propagation
// refutes the formula already.
//
// With Checker.Forward the checker checks every lemma in file order as it
// streams from the proof, keeping only the clauses alive at the current
// step: memory follows those clauses, not the proof's length, where the
// backward check holds the whole proof (4 bytes a literal, 12 a clause).
// Why backward by default: measured with scripts/bench-drat.sh (CPU
// time, this machine under load): on php-10-9 from cadical 83% of the
// 346798 lemmas are in the core, the backward check took 4.6-5.2 s
// against forward's 5.6 s and drat-trim's 4.7 s, at 93 MB against
// forward's 25 MB and drat-trim's 95 MB (an earlier prototype without
// core-first propagation was no faster than forward: 5.5 s against 5.4
// s); on the cube refutation cube-1 from cadical (text) 60% of the
// lemmas are in the core and backward and forward cost the same (0.9 s,
// drat-trim 1.0 s). LRAT output needs the backward check's conflict
// analysis.
//
// Clauses use two watched literals with a blocking literal, as in MiniSat
// (a clause of two literals is propagated from its watch, never read);
// during the backward pass core and other clauses have separate watch
// lists, so each propagation pass walks only its own.
//
// A proof that deletes little (picosat's RUP traces delete nothing) keeps
// every lemma watched, and the non-core pass then walks long lists of old
// lemmas for each unit. So when the proof deletes fewer than one clause
// for four lemmas, the backward pass splits the non-core clauses in two
// tiers: the recent ones (the formula's and the lemmas of the last 1/32
// of the proof before the one being checked) and the old ones, looked at
// only when the core and the recent clauses give no unit. A solver
// derives a lemma from the clauses it has, mostly recent ones: on
// picosat's trace of php-10-9 (143177 lemmas) 94k of the 125k lemmas the
// checks newly used were at most 10 steps older than the lemma checked,
// and tiers cut the check's CPU time from 22.7 to 6.0 s. With deletions
// the solver keeps its clauses few itself, and tiers made the check of
// cadical's proof of nono-r40 (see scripts/bench-drat.sh) 1.5 to 2.4
// times slower.
//
// Clauses sit one
// after the other in an arena of 4 MiB chunks (a slice grown by copying
// would peak at 2.25 times the proof), compacted forward when deleted
// clauses are half of it, and a deletion finds its clause through an
// order-independent hash in an open-addressing table of 8-byte slots.
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
