// satrun runs a SAT solver on a DIMACS CNF and prints its checked answer.
//
// The CNF is read from FILE, or standard input if FILE is "-" or absent;
// gzip, bzip2, xz and zstd input is recognised by its magic bytes (xz is
// decoded by the system's "xz -dc" when it is on PATH, as fast as a pipe
// through it, else by a Go decoder: the same bytes either way). The
// reader is strict: a malformed formula is an error "file:line:col: ...";
// --relaxed accepts a clause count different from the header's, and
// nothing else (a clause cut before its 0, a lone CR, text after a "%"
// line are errors either way). A header may declare at most 268435456
// (2^28) variables and 1073741824 (2^30) clauses. Comment lines may have
// any length and cost no memory, except the header lines satrun forwards
// ("c pipesat ...", "c varname ..."): it keeps those, each at most 1 MiB
// (1048576 bytes) and together at most 64 MiB (the lines past that are
// dropped with a warning). satrun --list-solvers
// prints every solver it knows: installed or not, its version and its
// path.
//
// Solvers: --solver auto (the default, or $PIPESAT_SOLVER) is the first
// installed of kissat, cadical, cryptominisat5, glucose, minisat, picosat,
// else gini, which is embedded and needs no program; --solver names one of
// them, or lingeling, found on PATH, or a path to one of them, run as it
// would be (--solver ~/kissat/build/kissat: the base name says which
// solver it is). --solver-cmd runs any program, split into words as a
// shell would: {cnf} in it is the CNF file (without it the CNF is
// standard input, or appended in the minisat dialect), {out} the result
// file of a minisat-like program, {proof} a proof file (see --certify);
// --dialect says whether it answers with competition "s"/"v" lines or
// writes minisat's result file. The solver runs in its own process group;
// on timeout or a signal (SIGINT, SIGTERM, SIGHUP) its whole process tree
// is stopped and every temporary file removed (go doc ./solver says how).
// Killed by SIGKILL, satrun can do nothing, but on Linux the solver is
// started by a supervisor (a second satrun process, pipesat-supervise in
// ps, costing about 2 ms per solver run) that kills its whole tree when
// satrun dies: children, grandchildren, those in a session of their own.
//
// Output: first the input's "c pipesat ..." and "c varname ..." lines and
// its group lines, so a decoder after satrun needs no flags, then the
// answer: "s SATISFIABLE" and "v" lines (at most 78 columns, ending in 0),
// "s UNSATISFIABLE" or "s UNKNOWN". -q keeps only the "s" lines, -n drops
// the "v" lines, -v passes the solver's own messages on to standard error
// (a known solver then runs without its quiet option), --stats prints
// sizes and times as "c" lines there. --format minisat prints minisat's
// result file instead ("SAT" and a line of literals, "UNSAT" or "INDET");
// --format gcnf prints the formula as group CNF, MUSer2's format for MUS
// extractors, and solves nothing.
//
// Every model is checked against the formula (and the assumptions,
// --assume 3,-7, and the models before it) unless --no-verify: a wrong
// model is an error. Every variable the solver left unassigned is printed
// false, so each model printed assigns 1 to the header's variable count.
// A solver's answer is believed only if it is consistent: two answers that
// disagree, a model whose final 0 never comes, or an exit status that
// contradicts the answer (10 without SATISFIABLE, 20 without
// UNSATISFIABLE) are errors quoting the lines.
//
// How the CNF is read: for one answer (no --assume, --all, --max,
// --explain, --format gcnf) from a solver other than gini and --solver-cmd
// programs that name {cnf}, a plain file is read by the solver itself,
// and a pipe (on Linux) is first moved whole into a temporary file in
// $TMPDIR, which the solver reads; satrun reads the file once, after the
// answer, checking the model against each clause as it comes, and never
// holds the formula: its work besides the solver's is that one pass. A
// malformed file is still an error "file:line:col", said once the solver
// has stopped (solvers stop at once on most of what they cannot read);
// --timeout bounds the solver, not that pass, which a signal stops. A
// file a solver may read differently from satrun (CR line ends, a SATLIB
// "%" trailer, a second clause on a line, ...) is solved again on the
// canonical CNF. When $TMPDIR cannot take the pipe (missing, or no room:
// ENOSPC, EDQUOT, EFBIG), what was moved and the rest of the pipe are
// read as below. Other inputs (compressed, a FIFO) and uses are parsed
// while the solver runs, which gets the canonical CNF or the input's
// bytes as they come.
//
// Listing models: --all prints every model, --max N at most N, distinct on
// the projection (--project 1-625 or 1-5,9; default the input's "c pipesat
// primary" line, else all variables), one "s SATISFIABLE" and "v" block
// each, then "c solutions N" (with no model: "s UNSATISFIABLE" first).
// satrun --max 2 tells whether an answer is unique ("c solutions 1"). When
// --max N stops the enumeration, "c limit N reached; more models may
// exist" comes before the count, so "c solutions 1" after --max 1 is not
// read as "unique". If the time runs out, the models found so far are
// printed, then "c UNKNOWN: timeout after N models; more may exist"; if
// the solver fails, "c ERROR: <reason> after N models; more may exist"
// and exit 1, so the decoders know the list is incomplete. cryptominisat5
// and picosat list models themselves in one run, gini incrementally; any
// other solver runs again per model with the models before blocked, so its
// cost grows with the square of the count (satrun says so for --all and
// --max above 2). --solver auto lists with cryptominisat5 if installed,
// else picosat when the projection is every variable, else gini. An
// enumeration blocks models on at most 1048576 (2^20) projection
// variables; more is an error that suggests --project, found by counting
// the list before any memory is spent on it. Its blocking clauses hold at
// most 16777216 (2^24) literals together: 26,843 models of a 625-cell
// puzzle, 16 over 2^20 variables; the model after is "c ERROR:
// enumeration: model N's blocking clause ... would pass the limit" and
// exit 1, the models found so far printed (memory stays under 2 GB). A
// --project list naming every variable is the same as none; a plain solve
// checks its list against the formula and blocks nothing.
//
// Proven UNSAT (--certify): every UNSAT answer is checked too, through a
// DRAT proof the solver writes to a temporary file, with satrun's own
// checker (go doc ./drat), against the formula that solver call got; a
// proven answer is followed by "c proof verified" (and the decoders say
// "c unique solution (proven)"). kissat, cadical, picosat and a
// --solver-cmd with {proof} write proofs; --solver auto picks the first
// installed of those, any other solver is a usage error. --lrat FILE
// writes each checked proof again as LRAT, for another checker
// (lrat-check, cake_lpr, lrat-trim) to check against the formula: the
// CNF's clauses are IDs 1, 2, ..., then the call's assumptions and
// blocking clauses; with --explain, whose proof is of the conflict's
// clauses, the file deletes the CNF's others first. The check keeps the
// hints of the lemmas it checks in a temporary file in $TMPDIR until it
// ends (a proof's hints can be many times its size), then writes them in
// proof order. --proof-format says what a --solver-cmd's {proof} holds
// (auto: text or binary DRAT, told apart as drat-trim does; lrat is
// checked along its hints). --timeout covers solving and checking. A proof
// that fails is an error naming the step:
//
//	satrun: cadical: UNSAT answer not proven: cadical proof: step 13 at offset 155: lemma "20 0" is neither RUP nor RAT on 20
//
// Explaining the answer (--explain): the pipesat encoders mark which
// clauses come from which clue with a line "c pipesat group ID NAME"
// before them (`row 3 "2 1"`, `given r2c5=7`, `formula 2: a | b`); the
// clauses before the first group line are group 0, which only defines the
// encoding and is always kept. On an unsatisfiable formula --explain finds
// a set of groups that with group 0 is still unsatisfiable, while dropping
// any one of them makes it satisfiable (a group MUS; go doc
// ./solver/mus), and prints it after "s UNSATISFIABLE":
//
//	s UNSATISFIABLE
//	c conflict group 2 row 2 "0"
//	c conflict group 6 given r2c3
//	c conflict: 2 of 6 groups, found by gini in 8 calls (4 models checked), 0.004 s
//
// On a satisfiable formula it prints what --max 2 would, then the groups
// that force the solution ("c needed group ID NAME" lines), or "c needed:
// none, the solution is not unique". The decoders say either in the
// puzzle's words:
//
//	c no solution: row 2 (0) and given r2c3 cannot all hold; each of the others can be dropped
//
// A formula without group lines has nothing to explain by (a nonogram
// nono2cnf presolved, its default, or a CNF from elsewhere; nono2cnf
// --presolve=false writes the groups): satrun answers as without
// --explain, with the exit status it would have, after the line
//
//	c nothing to explain: p.cnf has no group lines (...): nothing tells which clauses make a clue
//
// When --timeout runs out while the conflict shrinks,
// the answer is still "s UNSATISFIABLE", with the smallest conflict found
// so far under "c conflict not minimal (timeout)".
//
// Times and costs (satrun against the solvers it runs, --certify,
// --explain) are in docs/benchmarks.md.
//
// Exit status: 10 satisfiable (with --all or --max: at least one model,
// even if the time ran out before the end), 20 unsatisfiable (with
// --explain also when the time ran out while the conflict shrank), 0
// unknown (timeout, or the solver said so), 1 error (bad input, a solver
// that crashed, printed nothing or garbage, gave a wrong model,
// contradicted itself or its exit status, or with --certify answered UNSAT
// with a proof that does not check), 2 usage; 129, 130, 143: stopped by
// SIGHUP, SIGINT, SIGTERM (128 + the signal, after "s UNKNOWN" or the
// models found so far).
//
// Examples:
//
//	sudoku2cnf p.txt | satrun --max 2 | cnf2sudoku
//	satrun --solver-cmd 'minisat -verb=0 {cnf} {out}' --dialect minisat f.cnf
//	nono2cnf --presolve=false bad.non | satrun --explain | cnf2grid   # the clues that contradict
package main
