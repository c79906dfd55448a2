// satrun runs a SAT solver on a DIMACS CNF and prints its checked answer.
//
// Usage:
//
//	satrun [--solver NAME | --solver-cmd CMD [--dialect D]] [--timeout T]
//	       [--assume LITS] [--all | --max N | --explain] [--project VARS]
//	       [--format competition|minisat] [--relaxed] [--no-verify]
//	       [--certify [--lrat FILE] [--proof-format F]] [--stats]
//	       [-q | -n] [-v] [-o FILE] [FILE|-]
//	satrun --format gcnf [FILE|-]
//	satrun --list-solvers
//
// The CNF is read from FILE, or standard input if FILE is "-" or absent;
// gzip, bzip2, xz and zstd input is recognised by its magic bytes. The
// reader is strict: a malformed formula is an error "file:line:col: ...".
//
// Solvers:
//
//	--solver NAME     auto (default, or $PIPESAT_SOLVER): the first installed
//	                  of kissat, cadical, cryptominisat5, glucose, minisat,
//	                  picosat, else gini (for --all and --max: see "How
//	                  models are listed"); gini: embedded, no program needed;
//	                  or one of kissat, cadical, cryptominisat5, glucose,
//	                  minisat, picosat, lingeling
//	--solver-cmd CMD  run CMD instead, split into words like a shell
//	                  would; {cnf} is the CNF file, {out} the result file
//	                  (minisat dialect). Without {cnf} the CNF is standard
//	                  input (competition dialect) or appended (minisat)
//	--dialect D       how CMD answers: competition ("s"/"v" lines, the
//	                  default) or minisat (CMD in.cnf out.txt, model in out)
//	--list-solvers    print every known solver: installed or not, path,
//	                  version (what the program's --version says, with
//	                  its Debian package's version; minisat has only the
//	                  latter), the same text as satbench's rows
//
// An external solver reads FILE itself when that is safe: when FILE (or
// standard input redirected from a file) is a regular, uncompressed file,
// the solver starts at once on it, as its standard input with /dev/stdin
// for {cnf} (the minisat dialect keeps its result file), while satrun
// parses the same file for the model check. Likewise, on Linux, when
// standard input is a pipe (satrun in a pipeline) and the solver reads
// its standard input (the known solvers but minisat), the solver starts
// at once and reads the pipe's bytes themselves, which tee(2) duplicates
// into its input as satrun reads them. If the input holds anything a
// solver may read differently from satrun (a SATLIB "%" trailer, CR line
// ends, literals with leading zeros, tabs, a clause over several lines or
// two on one, a comment inside a clause, a byte 0xFF in a comment, which
// cryptominisat5 reads as the end of its input, a comment "c --NAME=VALUE",
// which cadical reads as an option, blanks before the header, a header
// not spaced "p cnf V C"), that run is stopped and the solver
// gets a freshly written canonical CNF instead, as it does for compressed
// input, other pipes, --relaxed, --assume, a --solver-cmd program satrun
// does not know that takes {cnf} (it may look at the file's name), and
// every run after the first: on its standard input, written while satrun
// parses the input, for the known solvers that read it (all but minisat)
// on the first run; in a temporary file (removed afterwards) otherwise.
// It runs in its own process group. On timeout or a signal (SIGINT/Ctrl-C,
// SIGTERM, or SIGHUP from a closing terminal) the group gets SIGTERM, then
// SIGKILL half a second later, and whatever is left of the solver's tree
// when it exits, even a process that left the group with setsid, is
// killed: no solver process and no temporary file is left behind. On
// Linux the solver also dies with satrun when satrun itself is killed
// (kill -9: the kernel sends the solver SIGKILL), and the temporary files
// a killed satrun could not remove, which carry their owner in the name
// ("pipesat-PID.START.KEY-N.cnf"), are removed by the next pipesat run that
// makes one in the same folder. --timeout and signals also stop
// decompressing, parsing and loading the input, writing the temporary CNF,
// waiting for input that does not come, and reading a result file.
//
// Limits: a header may declare at most 268435456 (2^28) variables and
// 1073741824 (2^30) clauses; more is an error naming the limit. Memory
// follows what the input holds, not what the header promises: the clauses
// read, about 200 bytes per variable that occurs in a clause for gini, and
// one byte per variable up to the largest in a clause for each model (the
// printed model, completed up to the header's count, is streamed). An
// enumeration (--all, --max) blocks models on at most 4194304 (2^22)
// projection variables; more is an error that suggests --project.
//
// Solving:
//
//	--timeout T       give up after T seconds (5, 2.5) or a duration (30s,
//	                  5m): the answer is UNKNOWN
//	--assume LITS     force literals true, e.g. --assume 3,-7
//	--all             print every model (distinct on the projection)
//	--max N           print at most N models; --max 2 tells whether the
//	                  answer is unique ("c solutions 1")
//	--project VARS    variables the models must differ on, e.g. 1-625 or
//	                  1-5,9; default: the input's "c pipesat primary VARS"
//	                  line, else all variables
//	--relaxed         accept a clause count different from the header's,
//	                  and nothing else: no clause is ever dropped (a clause
//	                  cut before its 0 at the end, a lone CR, text after a
//	                  "%" line are errors, relaxed or not)
//	--no-verify       do not check the models against the formula
//	-o, --output FILE write the answer to FILE (like a shell's >, never
//	                  half-written) instead of standard output
//	-q, --quiet       print only the "s" line (the "s" lines of --all and
//	                  --max): no "v" and no "c" lines, --explain's
//	                  included (not with --format minisat or gcnf)
//	-n, --no-model    print no "v" lines; the "s" and "c" lines stay (not
//	                  with --format minisat or gcnf)
//	-v, --verbose     pass the solver's own messages on to standard error
//	                  as it prints them: its "c" lines (every line of its
//	                  standard output in the minisat dialect); a known
//	                  solver then runs without its quiet option (kissat,
//	                  cadical, lingeling -q; cryptominisat5 --verb 0;
//	                  glucose, minisat -verb=0); with --certify, the
//	                  "c progress:" lines as --stats prints them
//
// How models are listed: cryptominisat5 and picosat list them on their own
// in one run (cryptominisat5 --maxsol, given the projection as "c ind"
// lines; picosat --all, only when the projection is every variable); gini
// is incremental (one solver, a blocking clause per model); any other
// external solver runs again on a fresh CNF with the blocking clauses
// added, so its cost grows with the square of the count, and satrun says
// so once on standard error for --all and --max above 2. From the third
// call on, kissat and cadical run with --plain and minisat with -no-pre
// (no preprocessing or inprocessing, which every start would redo: kissat
// lists 150 models of 10 queens in 0.63 s of CPU instead of 4.2 s, minisat
// 150 of the empty 9x9 sudoku in 1 s instead of 88 s); a version that
// refuses it gets its usual options again. From the second call on,
// kissat, cadical and minisat start where the last model left off: each
// gets the formula with its variables renamed so that its first guess for
// each variable (true for kissat and cadical, false for minisat) is the
// last model's value, and the models are mapped back before they are
// checked (glucose, not packaged here and so untested, is not renamed). A puzzle's second picture is near its first:
// satrun --max 2 on the survey's nonograms "thing", sierp12548 and gettys
// took 0.25-0.70 of the CPU time with kissat, 0.27-0.62 with cadical and
// 0.40-0.52 with minisat (scripts/bench-hard.sh has the uniqueness
// column), and the question whether a unique puzzle has a second picture
// costs the same. With --solver auto an enumeration (--all, --max above 1)
// goes to cryptominisat5 if it is installed, else to picosat when the
// projection is every variable, else to gini, whatever auto picks for a
// plain solve: on 8-rooks' 40320 placements they take 4.4 s, 7.2 s and
// 15 s where kissat restarted per model would take hours. Every model is
// checked as it comes, whoever found it.
//
// Output: first the input's "c pipesat ..." and "c varname ..." lines and
// its group lines ("c pipesat group ID NAME", see below), so a decoder
// after satrun needs no flags, then the answer: "s SATISFIABLE"
// and "v" lines (at most 78 columns, ending in 0), "s UNSATISFIABLE" or
// "s UNKNOWN". With --all or --max, one "s SATISFIABLE" and "v" block per
// model and a last line "c solutions N" (with no model: "s UNSATISFIABLE"
// first). When --max N stops the enumeration, "c limit N reached; more
// models may exist" comes before it, so "c solutions 1" after --max 1 is
// not read as "unique". If the time runs out during an enumeration, the models found so
// far are printed, then "c UNKNOWN: timeout after N models; more may
// exist" and no "c solutions" line. If the solver fails (crashes, exits
// with an error, gives a wrong model) during an enumeration, the verified
// models found so far are printed, then "c ERROR: <reason> after N
// models; more may exist", and satrun exits 1 with the reason on standard
// error: the decoders then know the list is incomplete even when a script
// does not check satrun's exit status. --format minisat prints minisat's
// result file instead: "SAT" and a line of literals, "UNSAT" or "INDET".
//
//	--stats           solver, sizes, times and answer as "c" lines on
//	                  standard error (with --certify: proofs checked,
//	                  check time, the last proof's steps and lemmas;
//	                  and while it runs, a "c progress:" line at least
//	                  every 10 s: solving, or the proof's steps and
//	                  lemmas read and checked, and the time so far; -v
//	                  prints these too)
//
// Proven UNSAT (--certify): every SAT answer is checked against the
// formula; with --certify every UNSAT answer is checked too, through the
// solver's proof. satrun asks the solver for a DRAT proof in a temporary
// file (removed afterwards, also on timeout and signals) and checks it
// with its own checker (package drat: backward from the conflict with
// core-first propagation, only the lemmas the refutation needs, RUP and
// RAT; deletions of unit and reason clauses ignored as drat-trim does)
// against exactly the
// formula that solver call got: the input plus the --assume literals as
// unit clauses, and in an enumeration plus the blocking clauses of the
// models before. A proven answer is followed by the line "c proof
// verified" (after "s UNSATISFIABLE", or before "c solutions N" when the
// last "no more models" of --all or --max is proven, so "unique" and
// "exactly N models" are proven claims; the decoders then print "c unique
// solution (proven)"; --format minisat has no comment lines: the proof is
// checked all the same). A proof that fails is an error (exit 1) naming
// the proof step and its byte offset:
//
//	satrun: cadical: UNSAT answer not proven: cadical proof: step 13 at offset 155: lemma "20 0" is neither RUP nor RAT on 20
//
//	--lrat FILE        write each checked proof again as LRAT to FILE
//	                   (the last one stays; never half-written), so that
//	                   another checker (lrat-check, cake_lpr, lrat-trim)
//	                   can check it against the formula: the CNF's
//	                   clauses are IDs 1, 2, ..., then the call's
//	                   assumptions and blocking clauses; with --explain,
//	                   whose proof is of the conflict's clauses, the file
//	                   deletes the CNF's others first
//	--proof-format F   the format of a --solver-cmd's {proof}: auto (the
//	                   default: text or binary DRAT, told apart as
//	                   drat-trim does), text, binary, or lrat (checked
//	                   along its hints, e.g. --solver-cmd 'cadical --lrat
//	                   {cnf} {proof}' with cadical 1.7 or later)
//
// Proof-writing solvers: kissat and cadical (binary DRAT, "kissat -q
// in.cnf proof"), picosat (a RUP trace, "-R proof"), and a --solver-cmd
// with {proof}, the proof file's path (text or binary DRAT, told apart as
// drat-trim does). --certify with any other solver (gini, minisat,
// cryptominisat5, a --solver-cmd without {proof}) is a usage error; with
// --solver auto it picks the first installed of kissat, cadical, picosat,
// and is a usage error when none is. An enumeration under --certify
// always restarts the proof-writing solver with blocking clauses (a native
// enumeration, cryptominisat5 --maxsol or picosat --all, gives no proof for
// its last answer). The check takes from a third of the solver's own
// time to about twice as long on pigeonhole formulas (php-11-10: cadical
// 52 s, the check of its 143 MB proof 121 s of CPU time, measured with
// package drat's forward check, which the backward one used here matches
// or beats; see the drat package's benchmark, or ONLY=drat
// scripts/bench.sh); --timeout covers solving and checking.
//
// Explaining the answer (--explain): the pipesat encoders mark which
// clauses come from which clue with a line "c pipesat group ID NAME"
// before them (`row 3 "2 1"`, `given r2c5=7`, `clue line 12: same Brit
// red`, `formula 2: a | b`); the clauses before the first group line, or
// after a "c pipesat group 0 encoding" line, are group 0, which only
// defines the encoding and is always kept. --explain on a formula
// without group lines says so and exits 2: so does a nonogram nono2cnf
// presolved (its default), whose unit clauses follow from all the clues
// together (nono2cnf --presolve=false writes the groups; where line logic
// finds no picture fits, nono2cnf writes the full formula anyway).
//
//	--explain         on an unsatisfiable formula, find a conflict: a set
//	                  of groups that with group 0 is still unsatisfiable,
//	                  while dropping any one of them makes it satisfiable
//	                  (a group MUS), and print it after "s UNSATISFIABLE":
//
//	    s UNSATISFIABLE
//	    c conflict group 2 row 2 "0"
//	    c conflict group 6 given r2c3
//	    c conflict: 2 of 6 groups, found by gini in 8 calls (4 models checked), 0.004 s
//
//	                  On a satisfiable formula it prints what --max 2
//	                  would (the model and "c solutions 1" when it is the
//	                  only one on the projection variables, else a second
//	                  model and "c limit 2 reached; ..."), then the groups
//	                  that force the solution: each dropped group leaves it
//	                  unique, and dropping any kept one admits a second
//	                  solution ("c needed group ID NAME" lines and "c
//	                  needed: N of M groups force the solution, ..."), or
//	                  "c needed: none, the solution is not unique". Not with
//	                  --all, --max or --format minisat.
//
// How: with gini, incrementally: each group's clauses get a selector
// variable, each call assumes the selectors of the groups it keeps, and
// gini's failed assumptions shrink the set at once (solved again until
// they stop shrinking), then deletion drops groups, a chunk at a time,
// each unsatisfiable answer dropping with them the groups its failed
// assumptions leave out. With an external solver the same deletion runs
// without failed assumptions, each call on a fresh CNF of group 0 and
// the groups kept: on n groups at most 2n+log2(n)+1 calls, which satrun
// says up front ("c explain: 120 groups: up to 248 calls of cadical, each
// on a fresh CNF") when that is over 100. Every "this group is needed" is
// a model that satrun checked against the clauses that call kept; with
// --certify the solver explains without proofs and the final conflict is
// solved once more with a proof, checked as above ("c proof verified").
// --assume literals count as group 0. When --timeout runs out while the
// conflict shrinks, the answer is still "s UNSATISFIABLE" (exit 20: the
// formula is known to be unsatisfiable), with the smallest conflict found
// so far under "c conflict not minimal (timeout)"; before the first
// answer it is "s UNKNOWN". The decoders say a conflict in the puzzle's
// words (cnf2grid also draws it):
//
//	c no solution: row 2 (0) and given r2c3 cannot all hold; each of the others can be dropped
//
// Times (scripts/bench-explain.sh, one changed clue, 2 shared cores at a
// load of 8-10): gini finds a minimal conflict of a 30x30 random nonogram
// (65% black) in 0.014 s, 60x60 in 0.39 s (16 times one plain solve),
// every testdata nonogram in under 0.35 s, a 9x9 sudoku's in under 0.05 s
// and a 16x16's in 0.1 s; an external solver, restarted for each call,
// takes 0.03-36 s on the same puzzles (cadical 22 s on the 60x60) and
// more than 2 minutes on the 16x16 sudoku.
//
//	--format gcnf     print the formula as group CNF, MUSer2's format for
//	                  MUS extractors: "c group ID NAME" lines, "p gcnf V C
//	                  G" (G the largest group ID), then each clause as
//	                  "{ID} lits 0", "{0}" for group 0; no solving
//
// Every model is checked against the formula (and the assumptions, and the
// models before it) unless --no-verify: a wrong model is an error. The
// model is checked as the solver gave it: a variable it left unassigned
// satisfies no literal. Then every variable of the formula the solver left
// unassigned is printed false, whatever the solver (minisat leaves trailing
// unused variables out of its model: "p cnf 5 1" / "1 0" prints
// "v 1 -2 -3 -4 -5 0"), so each model printed assigns 1 to the header's
// variable count (a header's promise included: "p cnf 268435456 0" prints
// 268435456 literals, in little memory). With --all or --max, the
// blocking clause is made from that completed model on the projection
// variables; there may be at most 4194304 (2^22) of them, since each model
// adds a clause naming them all: name fewer with --project.
//
// A solver's answer is believed only if it is consistent: two answers in
// one run that disagree, in any order and wherever they are ("s
// UNSATISFIABLE" then "s SATISFIABLE", a model then "s UNSATISFIABLE";
// for the minisat dialect two in the result file, or one on standard
// output that differs from the result file's) are an error quoting both;
// a solver's own enumeration in a run that asked for one answer (models,
// then UNSATISFIABLE or "s SOLUTIONS N", as picosat --all prints) is such
// an error too. Several models and nothing else are accepted (the first is
// used). A model whose final 0 never comes (a solver cut off in the middle
// of it) is an error. So is an exit status that contradicts
// the answer: 10 without SATISFIABLE, 20 without UNSATISFIABLE, a solver's
// own code (cryptominisat5's 15, also when called through --solver-cmd)
// without UNKNOWN/INDETERMINATE. Exit status 0 goes with any answer. The
// minisat dialect's result file must still be a regular file when the
// solver exits (a FIFO, directory or symbolic link there is an error, not
// a blocking open), and is read within --timeout plus the half-second
// grace.
//
// Cost: make bench (scripts/bench.sh) runs each solver directly and
// through satrun, alternating, and prints the ratio of the median times,
// satrun / direct (2 shared cores, 2026-11-23, at the load average given):
//
//	cadical, 17.5 MB easy CNF (satbench gen   1.006 (load 0.8), 1.08 (load 3)
//	  --vars 300000 --ratio 2.5)
//	minisat, the same file                    1.043 (load 0.8), 1.045 (load 3)
//	cryptominisat5, the same file             1.20 (load 3)
//	cadical, minisat, cryptominisat5,         1.002, 1.021, 0.982, 0.92 (load 3)
//	  picosat on a 1-5 s random 3-SAT
//	all 724 solutions of 10 queens:
//	  --solver cryptominisat5 --all           1.08 (load 0.8), 1.23 (load 3)
//	    / cryptominisat5 --maxsol
//	  --solver picosat --all / picosat --all  1.09 (load 3)
//	  --solver gini --all / picosat --all     2.57 (load 3)
//	  --all (auto: cryptominisat5)            1.7 (quiet), 2.04 (load 3)
//	    / picosat --all, the fastest
//
// In Go the same flow is package solver (Lookup, Enumerate, External,
// Gini); satrun's own is internal/tools/satrun.
//
// Options may also follow the operands; "--" ends them. --help prints
// this manual, --version the version (the README lists the flag names
// every tool shares).
//
// Exit status: 10 satisfiable (with --all or --max: at least one model,
// even if the time ran out before the end), 20 unsatisfiable (no model;
// with --explain also when the time ran out while the conflict shrank), 0
// unknown (timeout, or the solver said so), 1 error (bad
// input, a solver that crashed, printed nothing or garbage, gave a wrong
// model, contradicted itself or its exit status, or with --certify
// answered UNSAT with a proof that does not check; with --all or --max the
// models found before are printed, then "c ERROR: ..."), 2 usage;
// 129, 130, 143: stopped by SIGHUP, SIGINT, SIGTERM (128 + the signal,
// after "s UNKNOWN" or the models found so far).
//
// Examples:
//
//	satrun --solver gini --stats testdata/cnf/small-sat.cnf
//	sudoku2cnf p.txt | satrun --max 2 | cnf2sudoku
//	satrun --solver-cmd 'minisat -verb=0 {cnf} {out}' --dialect minisat f.cnf
//	satrun --certify --solver cadical php-11-10.cnf   # "c proof verified"
//	nono2cnf gchq.non | satrun --certify --max 2 | cnf2grid
//	nono2cnf bad.non | satrun --explain | cnf2grid     # the clues that contradict
//	zebra2cnf einstein.txt | satrun --explain | cnf2zebra   # the clues it needs
//	sudoku2cnf p.txt | satrun --format gcnf > p.gcnf   # for MUSer2
//	xz -dc big.cnf.xz | satrun --solver cadical --timeout 10m --stats
package main
