// satbench races SAT solvers and encodings, scores them and draws them.
//
// run solves every instance with every solver (--reps times) and appends
// one JSON line per run to -o (--output, --out; default results.jsonl, a
// file rather than standard output because it is the benchmark's state) as
// each run ends, synced to disk, so a killed benchmark continues with
// --resume (finished runs, keyed by solver, instance and rep, are skipped),
// and a second run without --resume refuses (exit 2) to mix its rows into a
// file that has some. A run holds an exclusive lock (flock) on its
// results file from start to end, on FILE.lock beside it, which holds its
// PID and goes when the run ends: a
// second run on the same file refuses at once (exit 2) rather than run
// everything twice:
//
//	satbench: results.jsonl is in use by another satbench run (PID 4242): wait for it to end, or use another -o FILE
//
// --resume takes only a run with the flags the rows were made with, and
// names each difference (exit 2): a solver or an --encode command of the
// rows that this run lacks (it may have more: an interrupted run may not
// have reached every solver), another --timeout, --memory, --reps or
// --certify:
//
//	satbench: --resume: r.jsonl was made with other flags: --solvers lacks kissat (in the rows); --timeout 30s (rows: 10s); --reps 3 (rows: 1)
//
// It goes ahead, with one line of warning, when rows ran a solver through
// satrun ("via":"satrun", an older satbench's) on an instance that this
// run gives the solver by its own command line, and this run has runs of
// that solver to do: the file then mixes two ways of measuring it, and the
// times through satrun include satrun's start:
//
//	satbench: warning: --resume mixes measurement methods: 3 of r.jsonl's 6 rows ran their solver through satrun (the first: minisat on a.cnf), this run by its own command line; times through satrun include its start
//
// Each row is written with one write and synced. A partial last line a
// kill left is named on standard error and cut off before the first new
// row (its run is done again); exec says the same ending in "cut it off",
// and merge and report, which change no file, skip it:
//
//	satbench: results.jsonl:7: the last line has no newline (a run killed while writing it): cut it off; its run is done again
//	satbench: r.jsonl:17: the last line has no newline (a run killed while writing it): skipped it; satbench run --resume repairs the file
//
// "-o -" writes the rows to standard output instead, as does -o
// /dev/stdout (or any path that is not a regular file: a pipe, a
// terminal), which satbench then writes in place and never reads back;
// such a run cannot be resumed, and a signal ends it even while the pipe
// is full and its reader reads nothing (the row being written is lost). Like hyperfine's --export-json, the rows
// are for tools; the summary a person reads is satbench report. The checkout's .gitignore lists results.jsonl and
// results/ (plan's default --out-dir), so a run there leaves nothing
// untracked.
//
// Progress goes to standard error. On a terminal, redrawn every second: a
// status line with the time so far, a bar, runs done, the ETA and the
// answers so far, then one line per worker (--jobs) naming the run it does
// (solver, instance, rep) and for how long; when all is done, one summary
// line is left:
//
//	satbench 2m29s [==========          ] 65/120 runs  ETA 2m06s  37 solved (27 SAT, 10 UNSAT), 28 timeouts
//	  1: cryptominisat5 on suite/php8.cnf rep 1  0s
//	  2: cadical on suite/r350-s1.cnf rep 2  1s
//
//	satbench: 120 runs in 4m26s: 75 solved (51 SAT, 24 UNSAT), 45 timeouts
//
// Otherwise one line per finished run, a heartbeat line naming the runs
// going on and the ETA when 30 s pass without a line, and the summary
// line:
//
//	satbench: [31/120] minisat on suite/php9.cnf rep 1: UNSAT 2.480s
//	satbench: 1m42s: 31/120 runs; running cadical on suite/r350-s1.cnf rep 2 (30s); ETA 3m10s
//
// The ETA counts what the runs took, timeouts included: a run not
// started is expected to take the mean time of the same solver's runs
// on the same instance (its other reps), else of every solver's runs on
// the instance, else of the solver's runs, else of all runs; a running
// run as long beyond its time so far as the finished runs that ran longer
// (else until its timeout); the sum is shared among the workers.
//
// --solvers names the solvers to race (gini, kissat, cadical,
// cryptominisat5, glucose, minisat, picosat, lingeling; auto, the
// default, is every installed one and gini); --solver-cmd 'NAME=CMD'
// races any command too, run by satrun --solver-cmd ({cnf} is the file),
// and --solvers "" races only commands. --encode CMD makes the INSTANCE
// files puzzles: CMD turns each into CNF on its standard output ({} is the
// file, else its standard input); each --encode is an instance of its
// own, so encodings race too, and encoder and solver are timed together
// (the encoder's share is "encode"). --timeout and --memory limit each
// run (encoder included; --timeout 0 is none). With 1 < --jobs N <= the
// CPUs satbench may use, each worker pins its runs to a CPU of its own,
// recorded in the rows (jobs, cpu). --certify runs each solver as satrun
// --certify --stats, which checks its DRAT proof: only kissat, cadical,
// picosat and a --solver-cmd with {proof} may run, the row records
// "proven" and "check" (the check's seconds, part of wall), and plan
// passes the flag on to each exec line. An UNSAT answer whose proof fails
// its check is an UNPROVEN row, a claim as suspect as a wrong model: run
// says so loudly and exits 1 (see Exit status), and the summary line
// counts it:
//
//	satbench: !!! UNPROVEN UNSAT from liar on a.cnf rep 1: solver exited 1: satrun: liar: UNSAT answer not proven: ...
//
// An INSTANCE operand that is a folder means every CNF file under it, as
// BenchExec's include patterns do: names ending in .cnf, .cnf.gz, .cnf.xz,
// .cnf.bz2, .cnf.zst or .cnf.lzma, in every subfolder, sorted by path;
// files and folders whose names start with "." are skipped. A folder
// with none is an error naming it:
//
//	satbench run --solvers kissat,cadical --timeout 60s cnf/
//
// A named solver other than gini runs by its own command line, the one
// satrun would give it (minisat -verb=0 FILE RESULT, kissat -q FILE, ...),
// with no satrun between: a row's times are the solver's own process
// tree, as runlim and hyperfine measure it, and satbench reads its answer
// in the solver's own form (minisat's result file, the others' "s" and
// "v" lines) and checks its exit code against it. gini (built into
// satrun), --solver-cmd commands, compressed CNF files (satrun
// decompresses them) and every run under --certify go through satrun as
// a child process, whose own few milliseconds of CPU count in the row.
// Either way every solver is measured and limited the same way: each run
// is a process group of its own; on timeout the whole
// tree gets SIGTERM, then SIGKILL after --grace; over the memory limit it
// gets SIGKILL at once (or the kernel's OOM killer, where the machine
// delegates a cgroup v2 subtree with the memory controller, e.g. under
// systemd-run --user --scope -p Delegate=yes; the rows' mem_method says
// which, and run says on stderr why not cgroups). Peak memory is the
// whole tree's, sampled from /proc. User and system time are the whole
// tree's too: where satbench's cgroup v2 group is delegated to it
// (writable, and no other process in it), each run gets a group of its
// own and its cpu.stat counts every process that ran there, even one no
// one waited for (the rows' cpu_method "cgroup"); elsewhere they are
// wait4's rusage of every descendant waited for, orphans included: the
// run's supervisor (see below) reaps them ("rusage"). To get the
// cgroup way, start satbench in a scope of its own with delegation:
//
//	systemd-run --user --scope -p Delegate=yes satbench run ...
//
// or, without systemd, give it a subtree of its own: as root, mkdir
// /sys/fs/cgroup/bench, chown it (and its cgroup.procs,
// cgroup.subtree_control) to the user, move the shell there (echo $$ >
// /sys/fs/cgroup/bench/cgroup.procs), and start satbench from that shell.
//
// A row's wall time that exceeds its CPU time (user plus sys) by more
// than half, and by more than 0.2 s, marks the run "contended": it waited
// for a CPU (or the disk), so the machine's load, not the solver, made
// its wall time; the rule is meant for single-threaded solvers, which
// all the named ones are. The progress log says "(contended: 2.900s
// CPU)" beside such a run, and run warns at the end how many there were.
// It warns at the start, at any --jobs, when the one-minute load average
// is above the cores its runs leave free (the CPUs less --jobs):
//
//	satbench: warning: load 3.20 on 4 cores leaves fewer than --jobs 2 free: runs will wait for a CPU, and wall times will exceed CPU times
//	satbench: warning: 12 of 40 runs were contended (wall time over 1.5 times CPU time): the machine's load decided their times; rank by CPU time, or run again on a quiet machine
//
// satbench reads the answer from the solver's (or satrun's) output and
// checks a SAT model against the CNF itself, after the timed run: a wrong
// model, one cut before its final 0, an exit code that contradicts the
// answer, a missing result file, a crash ("solver exited 3: ...", "solver
// killed by a signal: ...") are ERROR rows.
//
// Results: one JSON object per line with solver, instance, rep, status
// (SAT, UNSAT, UNKNOWN, ERROR, TIMEOUT, MEMOUT, UNPROVEN), verified,
// model (the SHA-256 of a verified model's literals over the formula's variables,
// "1 -2 3 ": runs with the same model found the same assignment), wall,
// user, sys, encode (seconds), maxrss_kib, exit, version, start (RFC
// 3339), timeout, memory_mib, host, jobs (runs at a time on that host;
// absent from exec's rows), cpu (when pinned), mem_method, error, gbd and
// tags; with run --certify also proven (true for an UNSAT answer whose
// proof was checked) and check (the check's seconds). Rows also record
// reps and certify (run's --reps and --certify, which --resume compares),
// cpu_method (cgroup or rusage), via ("satrun" when the run went
// through satrun, whose start is then in its times; absent when the
// solver ran by its own command line), contended, load (the one-minute load
// average when the run started) and machine, what BenchExec records of
// the machine: cpu_model, cpus (logical) and cores (physical), governor
// (cpu0's frequency governor, where cpufreq is readable), mhz (its
// highest frequency, else /proc/cpuinfo's), kernel and mem_kib
// (MemTotal). Older rows lack them; every reader takes both.
//
// report and merge read results.jsonl (run's default -o) when given no
// file, and check every row as they read it: a row needs solver,
// instance, rep, status and wall; times (wall, user, sys, encode, check,
// timeout) are numbers not below 0, rep is at least 1 and the status one
// of those above. A row that is not stops them (exit 1) at its line:
//
//	satbench: r.jsonl:2: "wall" is -5: a time cannot be negative
//	satbench: r.jsonl:3: status "MAYBE" is not one of SAT, UNSAT, UNKNOWN, ERROR, TIMEOUT, MEMOUT, UNPROVEN
//
// A run found twice (the same solver, instance and rep, in one file or
// two) is kept once, the last one read, and both warn how many there were.
//
// gbd is the instance's GBD hash, the identifier of the Global Benchmark
// Database (benchmark-database.de), so results join with its metadata (go
// doc ./bench/gbd gives its definition); an encoded instance gets the
// hash of the CNF its encoder wrote for the run. report shows it in JSON
// and as the last column of the CSV instances table. tags are the
// suite's tags when the row has them.
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
// folder. The encoders must be on PATH (make build; export
// PATH=$PWD/bin:$PATH). testdata/bench/small.txt (a few seconds for all
// five solvers) and medium.txt (minutes) hold random 3-SAT at the
// threshold and pigeonhole formulas from satbench gen (regenerated by
// testdata/bench/gen.sh), nonograms from 5x10 to 45x45 in two encodings,
// sudoku 9x9 to 25x25, queens and 2x2x2-cube depths.
//
// A line "#tags: TAG..." (spaces or commas between tags) tags the
// instances below it up to the next "#tags:" line ("#tags:" alone stops
// tagging); to older readers it is a comment. report --suite FILE
// (repeatable) reads them and makes the tags the instances' families:
//
//	#tags: random, sat-threshold
//	random/k3-v150-s1.cnf
//	#tags: crafted
//	../cnf/small-unsat.cnf
//
// report scores configurations: a configuration is a solver, or a solver
// and an --encode command where encodings race (a puzzle encoded by two
// commands; an instance is then its path, so two encodings of one puzzle
// race on the same instance). A puzzle only one command encoded counts
// for the solver alone, so a suite whose puzzles each have an encoder of
// their own (p.non | nono2cnf, s.sud | sudoku2cnf) makes one
// configuration per solver; --by encoder keeps every encoder in the
// configurations. --by
// COLUMNS adds row columns to it (a comma list of encoder, version, host,
// jobs, mem_method, timeout, memory_mib): --by version races two versions
// of one solver, --by host one solver on two machines; the solver is then
// named "cadical [version=1.9.5]" in the tables, the plots and --scatter's
// picks.
//
// --score wall (the default, as the SAT competition ranks) times each run
// by its wall time; --score cpu by its CPU time, user plus sys of its
// process tree, which the machine's load hardly changes: PAR-2, medians,
// the VBS, the statistics and the plots all follow it (an unsolved run
// still costs twice its timeout). It prints these tables:
//
//	Configurations  per configuration: instances, solved (SAT, UNSAT),
//	                PAR-2, median time over solved instances, unique
//	                solves (instances no other configuration solved),
//	                and a VBS row, the virtual best solver: per instance
//	                the best configuration
//	Doubts          per configuration, the runs whose times or answers
//	                are in doubt: contended (rows run marked so: wall
//	                time over 1.5 times CPU time), wrong models, UNPROVEN
//	                answers (an UNSAT whose proof failed its check) and
//	                statistical outliers
//	Families        the same per family: each tag the suite gives the
//	                instance (--suite), else the folder of its path
//	Repetitions     per configuration and instance, the --reps runs
//	                folded: runs solved, answer, median time, mean ± σ
//	                (sample standard deviation), min and max, relative
//	                speed (the median over the fastest configuration's,
//	                1.00 for it) with its 95% confidence interval, and
//	                the runs that are outliers
//	Disagreements   instances answered SAT by one configuration and UNSAT
//	                by another
//	Solvers         single runs per solver, nothing folded: runs, solved,
//	                timeouts, memouts, unknowns, errors, unproven, PAR-2,
//	                total and geometric mean
//	Instances       per instance name (path and encoder): the answer and
//	                the fastest solver
//	Proofs          per solver that answered UNSAT: UNSAT answers, how
//	                many were proven (run --certify) and unproven (taken
//	                on trust), and the total proof check time
//	Machines        per host, how the runs shared it: runs at a time
//	                (run --jobs; unknown for exec's rows), runs pinned
//	                to a CPU, and how memory limits were enforced
//	                (cgroup or proc)
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
// bench/score/testdata/report-configs.*.golden show the formats for 2
// solvers x 2 encodings x 2 puzzles x 3 reps.
//
// The statistics: the relative speed's interval is a bootstrap percentile
// interval: both configurations' runs on the instance are drawn again
// with replacement and the ratio of their medians taken; the interval
// runs from the 2.5th to the 97.5th percentile of those ratios. With up
// to 7 runs a side every resample is counted with its probability (the
// exact bootstrap, as if resampled for ever); with more, 1000 are drawn
// with a seed made of the instance's and the two configurations' names.
// Either way the same rows give the same bytes, and the interval assumes
// nothing about how run times are distributed (they are skewed, and a
// timeout is a censored time). With 3 reps it can only be as wide as the
// runs are apart: give --reps 5 or more for an interval that means
// something.
// A run is an outlier, as hyperfine counts them, when its modified
// Z-score, 0.6745 |time - median| / MAD (the median absolute deviation;
// at least 1% of the median or 1 ms), is over 14. report warns on
// standard error, after the tables, when runs were contended (add --score
// cpu) or are outliers (rerun on a quiet machine), and names each
// UNPROVEN run and wrong model loudly ("!!!"), as it does disagreements;
// its exit status stays 0.
//
// report holds each row in about 330 bytes (strings that many rows share,
// such as solver and instance names, kept once; no model hashes) and
// keeps its heap under a soft limit of 150 MiB (unless
// GOMEMLIMIT sets one), raised to 512 bytes a line for larger files:
// 300,000 rows take 162 MB at peak and 7 s of CPU time, a million rows
// 509 MB and 27 s of CPU time (144 s on two cores shared at a load of
// 20; docs/benchmarks.md).
//
// --compare A,B compares two configurations (named as for --scatter)
// instead of printing the tables: over the instances both ran, how many
// both, one or neither solved; over those that one solved (an unsolved
// one counting its PAR-2 penalty), how often each was faster, the median
// of the ratios A/B with its 95% bootstrap interval (resampling
// instances, fixed seed), and the Wilcoxon signed-rank test of log(A/B):
// a p-value below 0.05 says that one is faster than the other over this
// suite more often, and by more, than chance would make it. The test is
// exact up to 30 instances without ties, else the normal approximation
// corrected for ties. --format json writes the same as one object:
//
//	satbench report --compare kissat,cadical --score cpu results.jsonl
//
// Plots are per configuration, each instance's repetitions folded as in
// the tables (median time; solved when most runs were). --cactus PLOT
// draws one line per configuration: its k-th point is the time of its
// k-th fastest solved instance, so further right solved more and lower
// solved faster; a grey dotted line is the virtual best solver. --scatter A,B PLOT draws configuration A's time (x)
// against B's (y) per instance on equal log axes with a dashed diagonal;
// an instance a configuration did not solve sits on the timeout line, and
// markers tell SAT, UNSAT, unsolved and disagreeing answers apart. A and
// B are configurations as the Configurations table names them ("minisat
// + nono2cnf --encoding runs {}"), or a solver that ran one only
// ("minisat"). Titles give --title (default "suite NAME" from --suite)
// and what was run: instances, configurations, runs each, the timeout and memory
// limit, the host, and the most runs that overlapped in time on one host
// (from the rows' start and wall times: --jobs as it happened). Lines differ in colour (Okabe and Ito's colour-blind-
// safe palette), marker and dash; counts are labelled in steps of 1, 2
// or 5 times a power of ten, times on a log axis (when they span a decade
// or more) at powers of ten, and 2 and 5 times them on a short axis. The
// legend sits below the axes, covering no data. The plot format follows
// the file's extension: .svg, .png, .pdf or .eps. An SVG's text names
// Liberation Sans, the plots' font, then the fonts of its widths (Arimo,
// Arial, Helvetica) and sans-serif, so it keeps its size where Liberation
// is missing. A PDF is a page, --paper a4 (default) or letter, the plot
// at its size at the top, scaled down if it does not fit, the font
// embedded as a subset of the glyphs it uses (a plot is some 15 KB), its
// text searchable.
//
// --format html writes the report as one page, with no link outside it
// (its style, script and plots are inline), in the spirit of BenchExec's
// table-generator: what was run (the command, solvers and versions,
// instances, repetitions, limits, runs at a time, checked proofs, when),
// each machine's facts (the fields its rows share), the cactus plot and
// the scatter plot of --scatter A,B (no plot file needed) or else of the
// two best configurations, then every table above. A click on a column
// header sorts its rows (again: the other way; numbers as numbers, "-"
// last), the box above a table shows only the rows holding its text, and
// each instance's runs open under it on a click. The same rows give the
// same bytes. -o FILE writes the report, in any format, to FILE:
//
//	satbench report --format html -o report.html results.jsonl
//
// plan prints one shell command per run, each "satbench exec" of that run
// appending its row to a file of its own in --out-dir (default results);
// exec does exactly one run (and nothing if its file has the row already;
// -o - writes the row to standard output);
// merge combines result files, sorted, a run found twice kept once. The
// lines are POSIX sh, for dash as for bash: a name with control
// characters is single-quoted as it is, and a run whose line would hold a
// newline is an error (the --slurm script, where a quoted word may span
// two lines, takes it). Run a plan with GNU parallel, on this machine or
// several:
//
//	satbench plan --suite testdata/bench/small.txt > plan.txt
//	parallel --jobs 2 < plan.txt
//	parallel --sshloginfile hosts --workdir . < plan.txt   # shared folder
//	satbench merge -o results.jsonl results/*.jsonl
//
// Without a shared folder, add --transferfile and --return to parallel,
// or use relative paths and copy the tree.
//
// plan --slurm writes an sbatch array script instead: one array task per
// run, or per --chunk N consecutive runs, with --cpus-per-task=1, --time
// from the runs' --timeout (N times timeout plus grace plus 10s, plus 5
// minutes) and --mem from --memory (plus 1 GiB for satbench itself); its
// log goes to DIR/slurm-JOB_TASK.out, and plan creates DIR for it. Task
// N appends its rows to DIR/task-N.jsonl.part and renames that to
// DIR/task-N.jsonl when all its runs are done; a task whose file exists
// does nothing and an unfinished one skips the runs it has, so
// submitting the script again runs only what is missing. The script ends
// with the plan's runs in the suite's order ("#satbench-run" comment
// lines). merge --plan SCRIPT, run in the same folder, reads every task's
// file and writes the rows in that order; it refuses (exit 1, nothing
// written) when a task has no file yet, naming them, or when a task's
// file lacks a run, has one twice, or has a run of another task or of no
// task:
//
//	satbench plan --slurm --chunk 10 --suite s.txt --timeout 5m > s.sbatch
//	sbatch --wait s.sbatch
//	satbench merge --plan s.sbatch -o s.jsonl
//
// Submit the script from the folder plan ran in (its paths are relative
// to it); options given to sbatch (sbatch --partition=long --mem=8G
// s.sbatch) override its #SBATCH lines. scripts/slurm-local.sh starts a
// one-node cluster on this machine (see its header; scripts/install-slurm.sh
// installs Debian's slurm-wlm and munge).
//
// On several machines the same script runs; do by hand what the one-node
// setup does:
//
//  1. A shared filesystem (NFS, Lustre, ...) mounted at the same path on
//     every node, holding the instances, the results folder and the
//     script: tasks read instances and write results/task-N.jsonl by
//     relative path from the submission folder. Install the same satbench,
//     satrun and solvers on every node (go install ./cmd/... into a shared
//     bin, and plan --satbench /shared/bin/satbench), so rows compare like
//     with like; rows record the host they ran on.
//  2. One MUNGE key everywhere: create it once (mungekey --create writes
//     /etc/munge/munge.key), copy it to every node's /etc/munge/munge.key
//     (owner munge, mode 0400, e.g. scp, then chown munge: and chmod 400),
//     and start munged on each; "munge -n | ssh NODE unmunge" checks that
//     two nodes trust each other. The clocks must agree too (NTP).
//  3. One slurm.conf on every node (the same file: /etc/slurm/slurm.conf
//     on Debian), with SlurmctldHost= the controller and one NodeName line
//     per kind of node, taken from slurmd -C run on that node, e.g.
//     "NodeName=n[01-16] CPUs=32 Boards=1 SocketsPerBoard=2
//     CoresPerSocket=16 ThreadsPerCore=1 RealMemory=128000". For
//     benchmarking, make each task own its core and its memory:
//     SelectType=select/cons_tres with
//     SelectTypeParameters=CR_Core_Memory, and
//     TaskPlugin=task/affinity,task/cgroup with
//     ProctrackType=proctrack/cgroup (plus ConstrainCores=yes and
//     ConstrainRAMSpace=yes in cgroup.conf), so neighbours do not steal
//     cycles or memory; the one-node setup uses proctrack/linuxproc and
//     task/none, which need no cgroups from the machine it runs on.
//  4. A partition of identical nodes, e.g. "PartitionName=bench
//     Nodes=n[01-16] Default=YES MaxTime=INFINITE State=UP", and submit
//     with sbatch --partition=bench: mixing CPU models in one benchmark
//     makes times incomparable.
//  5. Start slurmctld on the controller and slurmd on every node
//     (systemctl enable --now slurmctld, or slurmd), check with sinfo that
//     the nodes are idle, then plan, submit and merge as above. Slurm's
//     default MaxArraySize is 1001: above 1000 runs, use --chunk.
//
// gen writes a benchmark formula of the --family named, the families
// cnfgen made common. Its first comment lines name the family and its
// parameters, and the status where the family decides it; a "c made by:"
// line gives the satbench gen command that writes the same bytes again
// (the same seed gives the same file on every machine):
//
//	random     uniform random k-SAT: round(ratio*vars) clauses of --k
//	           distinct variables, signs at random (--vars, --k, --ratio,
//	           --seed); near ratio 4.26, 3-SAT is hardest, below it mostly
//	           satisfiable, above it mostly not. The default family.
//	php        pigeonhole: --n+1 pigeons in --n holes (also --php N);
//	           unsatisfiable, exponential for resolution.
//	ordering   ordering principle: a partial order on --n elements with
//	           no minimal element; unsatisfiable, polynomial for
//	           resolution but not for tree-like resolution.
//	parity     parity principle: a perfect matching of --n vertices;
//	           unsatisfiable for odd --n (satisfiable for even, as the
//	           header says).
//	tseitin    Tseitin formula of a random regular graph of --n vertices
//	           and --degree (3; --n times --degree even), charge 1 on
//	           vertex 1: odd total, unsatisfiable, exponential for
//	           resolution.
//	colouring  colouring in --k colours (3) of a random graph with --n
//	           vertices and --edges edges; satisfiable or not by the
//	           graph: for 3 colours the threshold is near 2.3n edges.
//	xor        two chains of XOR constraints on --k variables (3) computing
//	           the parity of --vars variables in two random orders, their
//	           outputs told to differ: unsatisfiable, and seconds for
//	           CDCL solvers from about 25 variables (docs/benchmarks.md);
//	           with --sat they agree, satisfiable.
//
// A flag the family does not take is a usage error, so a typo does not
// silently make another formula.
//
// Exit status: 0 ok; 1 error, or solvers disagreed (one SAT, another
// UNSAT on the same instance), a model was wrong or an UNSAT answer
// unproven: run, exec and merge print these loudly ("!!!") after writing
// every row; run and exec exit 1 too when no run ended without ERROR
// ("satbench: all 6 runs ended in ERROR; the first: ..."), so a plan's
// exec lines fail in GNU parallel, and a plan --slurm task with such a
// run does all its runs, then fails without renaming its .part file
// (submitted again, it renames the rows it has); 2 usage, a results file
// another run holds, or --resume with other flags. SIGINT (Ctrl-C),
// SIGTERM and SIGHUP (a closing terminal) stop every run's process tree and
// remove the temporary files; satbench then exits with 128 plus the
// signal's number: 130, 143, 129 (run keeps the rows written: --resume).
// Killed by SIGKILL, satbench takes every run's whole tree with it all the
// same: on Linux each run is started by a supervisor, a second satbench
// process (pipesat-supervise in ps) that kills the run's tree when the run
// ends and when satbench dies. A supervisor starts once and then serves
// run after run, one at a time (one for each of --jobs); its own CPU and
// memory are in no row, and satbench waits for it before it exits, so
// that time(1) counts it in satbench's.
//
// Examples:
//
//	satbench run --suite testdata/bench/small.txt --timeout 10s -o r.jsonl
//	satbench report --cactus cactus.svg r.jsonl
//	satbench report --cactus cactus.png --scatter minisat,gini scatter.svg r.jsonl
//	satbench run --solver-cmd 'mine=./mysolver --quiet {cnf}' --solvers kissat f.cnf.xz
//	satbench run --solvers minisat,gini --encode 'nono2cnf --encoding runs {}' \
//	    --encode 'nono2cnf --encoding automaton {}' puzzles/*.non
//	satbench gen --vars 200 --ratio 4.26 --seed 7 > r200.cnf
//	satbench gen --family tseitin --n 30 --degree 4 -o tseitin30.cnf
package main
