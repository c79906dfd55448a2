// Package solver runs SAT solvers, external programs or the embedded gini,
// behind one interface, and enumerates models with blocking clauses.
//
// # External solvers
//
// An External solver gets a freshly written canonical CNF file for every
// Solve call (removed afterwards), as a file argument or on standard input
// (ReadStarted instead starts the solver before the input is parsed: on
// the user's own file when that is plain, uncompressed DIMACS, else, for a
// stdin-reading solver, feeding it the canonical CNF as the parse goes),
// and minisat-style solvers a result file as well. It runs in its own
// process group with standard input from the CNF file or /dev/null. When
// the context ends, the group gets SIGTERM and, after a grace period,
// SIGKILL; any process left of the run after the solver exits, in the group
// or one that left it (setsid), is killed and reaped too (see
// internal/proctree: the calling process becomes a child subreaper on
// Linux), so no solver process outlives Solve. On Linux the solver is run
// by a supervisor, this executable started again (proctree.Start), which
// kills the solver's whole tree when the calling process dies, even by
// SIGKILL. An inherited ignored SIGINT is
// reset to the default for the solver. The solver's stdout is read to EOF
// with dimacs.ReadOutput, whatever its dialect.
//
// Solve's errors name the solver: a signal it was not sent, an exit status
// other than 0, 10, 20 (or the solver's own, like cryptominisat5's 15 for
// INDETERMINATE, kept by Command when the program is named like a known
// solver), no answer at all, a malformed "v" line, a SATISFIABLE without
// a model, a model whose final 0 never comes, two answers in one run that
// disagree wherever they come (a solver's own enumeration, models then
// UNSATISFIABLE, included: a run that asked for one answer has no use for
// "no more models"; several models alone are not a disagreement, the
// first is the answer), or an exit status that contradicts the answer (10
// without SATISFIABLE, 20 without UNSATISFIABLE, the solver's own codes
// without UNKNOWN); the last two quote the lines. A minisat-style result file must
// be a regular file when the solver exits: it is never opened in a way
// that could block, and reading it stops when the context ends.
//
// # Models that leave variables out
//
// A model is checked as the solver gave it: an unassigned variable
// satisfies no literal. Solve and a plain solve (Max 1) of Enumerate
// return it so; an enumeration sets the projection variables the solver
// left unassigned false before making the blocking clause. satrun prints
// every unassigned variable of the formula false
// (dimacs.WriteCompleteAnswer), for every solver alike: minisat leaves
// trailing unused variables out of its model.
//
// # gini
//
// Gini solves in-process: clauses go in through Add (never as text),
// assumptions through Assume, and a context stops the search. Enumerate
// keeps one gini instance and adds blocking clauses to it between models.
//
// # Enumeration
//
// Enumerate finds models one after another, each time adding a clause that
// blocks the previous model's values on the projection variables only (see
// Vars, and Primary for the "c pipesat primary 1-625" header),
// so two reported models always differ on the projection. An external
// solver without an enumeration of its own is started again for each
// model; from the third call on it gets External.RestartArgs, options that
// suit many short calls (kissat and cadical: --plain, see KnownSolvers);
// from the second call on, one with a known first guess (External.Phase)
// gets the formula renamed so that it starts from the last model.
package solver
