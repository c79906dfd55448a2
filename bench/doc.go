// Package bench is the library behind satbench, which races SAT solvers
// and encodings. It holds no code of its own: the work is in rooms, each
// a package, named for what it does, the arrows pointing one way (a room
// uses only those listed before it):
//
//	gbd      the GBD hash of a CNF formula (Global Benchmark Database)
//	gen      benchmark formulas from a seed: random k-SAT, pigeonhole
//	measure  a process tree under time and memory limits (cgroups, /proc
//	         sampling, CPU pinning), and what it cost
//	results  one Row per run in a JSON-lines results file: read, append,
//	         merge, disagreements
//	suite    instances (CNF files, puzzles with an encoder) and suite files
//	run      the runner: solvers x instances x repetitions, progress, ETA
//	         (uses measure, results, suite, gbd)
//	stats    mean and σ, outliers, bootstrap intervals, the Wilcoxon
//	         signed-rank test (gonum's stat; knows only times)
//	score    PAR-2, virtual best solver, configurations, families, by
//	         wall or CPU time; two configurations compared; the report as
//	         Markdown, CSV, JSON (uses results, suite, stats)
//	plot     cactus and scatter plots (uses score)
//	html     the report as one self-contained HTML page: sortable,
//	         filterable tables, inline SVG plots (uses score, plot)
//	plan     runs as GNU parallel lines or a Slurm array script, and the
//	         Slurm results merged back (uses run, results)
//
// None of them knows satbench's command line: internal/tools/satbench
// reads the flags, calls the rooms, and words their errors in its flags.
//
// Tested: fake solvers with known times (shell scripts with sleep and a
// fixed answer) pin the counts and PAR-2; a benchmark killed with SIGKILL
// and resumed has the same rows as an uninterrupted one; timeouts and
// memory limits leave no process of a forking fake solver (one ignoring
// SIGTERM, one in its own session); a plan run by GNU parallel and merged
// gives the rows of run --jobs 2, and so does a plan --slurm script on a
// real one-node Slurm (CI runs internal/tools/satbench's
// slurm_cluster_test.go on scripts/slurm-local.sh). go test -run '^$'
// -bench Overhead -benchtime 7x ./bench/run measures what satbench and
// satrun add to a 1-second run.
package bench
