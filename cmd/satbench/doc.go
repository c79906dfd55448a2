// satbench races SAT solvers and encodings, scores them and draws them.
//
// Usage:
//
//	satbench run    [RUN FLAGS] [--jobs N] [-o results.jsonl] [--resume] [INSTANCE...]
//	satbench report [--format md|csv|json] [--instances] [--cactus PLOT]
//	                [--scatter A,B PLOT] RESULTS...
//	satbench plan   [RUN FLAGS] [--out-dir DIR] [--satbench PROG] [INSTANCE...] > plan.txt
//	satbench exec   [RUN FLAGS] --rep N -o FILE (--solver NAME | --solver-cmd CMD) INSTANCE
//	satbench merge  [-o FILE] RESULTS...
//	satbench gen    [--k 3] --vars N [--ratio 4.26] [--seed S] [-o FILE]
//	satbench gen    --php HOLES [-o FILE]
//
// run solves every instance with every solver (--reps times) and appends
// one JSON line per run to -o (--output, --out; default results.jsonl, a
// file rather than standard output because it is the benchmark's state) as
// each run ends, synced to disk, so a killed benchmark continues with
// --resume (finished runs, keyed by solver, instance and rep, are skipped). Progress goes to standard error: a bar
// with the ETA and the number solved on a terminal, one line per run
// otherwise.
//
// Run flags:
//
//	--solvers LIST      comma-separated names: gini, kissat, cadical,
//	                    cryptominisat5, glucose, minisat, picosat, lingeling;
//	                    auto (default) = every installed one and gini
//	--solver-cmd CMD    also race a command, run by satrun --solver-cmd
//	                    ({cnf} is the file); "NAME=CMD" names its rows.
//	                    Repeatable. --solvers "" races only commands
//	--suite FILE        instances listed in FILE (repeatable); see below
//	--encode CMD        the INSTANCE files are puzzles: CMD turns each into
//	                    CNF on its stdout ({} is the file, else its stdin).
//	                    Repeatable: each encoder is an instance of its own,
//	                    so encodings race too. Encoder and solver are timed
//	                    together (the encoder's share is "encode")
//	--reps N            repetitions of each run (default 1)
//	--timeout T         wall-time limit per run, encoder included (default
//	                    60s; 0 = none)
//	--memory SIZE       resident-memory limit per run, e.g. 2G (default none)
//	--grace T           time between SIGTERM and SIGKILL on timeout (1s)
//	--seed S            shuffle the run order with this seed (default 1;
//	                    0 = solvers in order inside instances in order)
//	--no-verify         do not check SAT models against the CNF
//	--satrun PROG       the satrun to use (default: next to satbench, else
//	                    on PATH)
//	--jobs N            runs at a time (default 1; a warning when N is more
//	                    than the cores not busy now)
//	-q, --quiet         no progress
//	--certify           (run only) prove every UNSAT answer: each solver
//	                    runs as satrun --certify --stats, which checks the
//	                    solver's DRAT proof; the row records "proven" and
//	                    "check" (the check's seconds, part of wall). Only
//	                    kissat, cadical, picosat and --solver-cmd with
//	                    {proof} may run (--solvers auto: the installed
//	                    ones; any other is a usage error); a proof that
//	                    fails is an ERROR row. plan and exec do not take it
//
// Every run goes through satrun as a child process, so gini runs out of
// process like the others and every solver is measured and limited the
// same way. Each run is a process group of its own; on timeout the whole
// tree (the group and every descendant, whatever its group) gets SIGTERM,
// then SIGKILL after --grace; over the memory limit it gets SIGKILL at
// once; when the solver exits, anything left in its group is killed.
// Memory is measured by sampling /proc/PID/stat of every process of the
// tree (every 10 ms for the first 0.2 s, then every 50 ms, then 100 ms after
// 5 s) and summing their resident sizes; the recorded peak is the larger of
// that and the kernel's maxrss of the largest process (wait4). User and
// system time come from wait4 and cover every descendant that was waited
// for. satbench then reads the answer from satrun's output and checks a
// SAT model against the CNF itself, after the timed run (satrun gets
// --no-verify): a wrong model is an ERROR row.
//
// Results: one JSON object per line with solver, instance, rep, status
// (SAT, UNSAT, UNKNOWN, ERROR, TIMEOUT, MEMOUT), verified, wall, user, sys,
// encode (seconds), maxrss_kib, exit, version, start (RFC 3339), timeout,
// memory_mib, host and error; with run --certify also proven (true for
// an UNSAT answer whose proof was checked) and check.
//
// Suite files list one instance per line, relative to the suite file;
// "#" starts a comment line; " | CMD" after a path makes it a puzzle
// encoded by CMD:
//
//	random/k3-v150-s1.cnf
//	../cnf/small-unsat.cnf
//	../../puzzles/p.non | nono2cnf --encoding runs {}
//	- | queens2cnf --n 50
//	./-
//
// A bare "-" means no input file: CMD makes the CNF by itself, so "-"
// without " | CMD" is an error at its line ("suite.txt:4:1: ..."). Every
// other entry is a path: "./-" is the file named "-" in the suite's
// folder.
//
// report scores configurations: a configuration is a solver, or a solver
// and an --encode command (an instance is then its path, so two encodings
// of one puzzle race on the same instance). It prints these tables:
//
//	Configurations  per configuration: instances, solved (SAT, UNSAT),
//	                PAR-2, median time over solved instances, unique
//	                solves (instances no other configuration solved),
//	                and a VBS row, the virtual best solver: per instance
//	                the best configuration
//	Families        the same per family, the folder of the instance path
//	Repetitions     per configuration and instance, the --reps runs
//	                folded: runs solved, answer, median time, spread
//	                (min and max wall time) and relative speed, the median
//	                over the fastest configuration's (1.00 for it)
//	Disagreements   instances answered SAT by one configuration and UNSAT
//	                by another
//	Solvers         single runs per solver, nothing folded: runs, solved,
//	                timeouts, memouts, unknowns, errors, PAR-2, total and
//	                geometric mean
//	Instances       per instance name (path and encoder): the answer and
//	                the fastest solver
//	Proofs          per solver that answered UNSAT: UNSAT answers, how
//	                many were proven (run --certify) and unproven (taken
//	                on trust), and the total proof check time
//
// An instance counts as solved by a configuration when most of its runs
// (more than half) answered; its time is then the median of the runs'
// PAR-2 scores. PAR-2 charges an unsolved run twice its own timeout (the
// rows' "timeout"; runs without one, the largest timeout among the rows,
// else the longest wall time). --format md (default) writes Markdown,
// csv every table after a "# Title" comment line, blank lines between
// (--instances: only the instances table, no comment), json one object
// with the same content. Output is sorted: configurations by solved
// (most first), PAR-2, name; rows by instance, then configuration.
// --cactus draws solved runs against time per solver;
// --scatter A,B PLOT draws A's time against B's per instance, log axes,
// unsolved instances on the border at the time limit. The plot format
// follows the file's extension: .svg, .png, .pdf or .eps.
//
// plan prints one shell command per run, each "satbench exec" of that run
// appending its row to a file of its own in --out-dir (default results);
// exec does exactly one run (and nothing if its file has the row already);
// merge combines result files, sorted, a run found twice kept once. Run a
// plan with GNU parallel, on this machine or several:
//
//	satbench plan --suite testdata/bench/small.txt > plan.txt
//	parallel --jobs 2 < plan.txt
//	parallel --sshloginfile hosts --workdir . < plan.txt   # shared folder
//	satbench merge -o results.jsonl results/*.jsonl
//
// gen writes a uniform random k-SAT formula (round(ratio*vars) clauses of k
// distinct variables, signs at random; the same seed gives the same file
// everywhere) or the pigeonhole formula of HOLES+1 pigeons.
//
// Options may also follow the operands; "--" ends them. --help prints
// this manual, --version the version (the README lists the flag names
// every tool shares).
//
// Exit status: 0 ok; 1 error, or solvers disagreed (one SAT, another
// UNSAT on the same instance) or a model was wrong: run and merge print
// these loudly ("!!!") after writing every row; 2 usage. SIGINT (Ctrl-C),
// SIGTERM and SIGHUP (a closing terminal) stop every run's process tree and
// remove the temporary files; satbench then exits with 128 plus the
// signal's number: 130, 143, 129 (run keeps the rows written: --resume).
//
// Examples:
//
//	satbench run --suite testdata/bench/small.txt --timeout 10s -o r.jsonl
//	satbench report --cactus cactus.svg r.jsonl
//	satbench run --solvers minisat,gini --encode 'nono2cnf --encoding runs {}' \
//	    --encode 'nono2cnf --encoding automaton {}' puzzles/*.non
//	satbench gen --vars 200 --ratio 4.26 --seed 7 > r200.cnf
package main
