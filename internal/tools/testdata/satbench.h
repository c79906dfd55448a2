usage: satbench run|plan|exec|merge|report|gen [flags] ...

satbench races SAT solvers and encodings, scores them and draws them.

Commands:
  run     race the solvers on the instances, appending a row a run to a results file
  plan    write the runs as satbench exec lines for GNU parallel, or a Slurm array script
  exec    make one run of a plan and append its row
  merge   merge results files, or a Slurm plan's task files, into one
  report  score the results: PAR-2, the virtual best solver, tables and plots
  gen     write a benchmark formula: random k-SAT, pigeonhole, ordering, tseitin, ...

satbench COMMAND -h lists the flags of COMMAND.
satbench --help prints the manual (also man satbench).

usage: satbench run [flags] [INSTANCE...]

race the solvers on the instances, appending a row a run to a results file

Flags:
  --solver-cmd NAME=COMMAND  a solver as a command line, NAME=COMMAND ({cnf}, {proof} for its files); repeatable
  --suite FILE               suite FILE listing instances, PATH or PATH | ENCODER per line; repeatable
  --encode COMMAND           encoder COMMAND making the CNF of each puzzle instance ({} for its path); repeatable
  --reps N                   runs of each solver on each instance (default 1)
  --timeout T                wall-time limit of each run, encoder and solver (seconds or 90s, 2m) (default 1m0s)
  --memory SIZE              memory limit of each run's process tree, SIZE such as 512M or 2G
  --grace T                  time between SIGTERM and SIGKILL for a run past its timeout (default 1s)
  --seed N                   seed of the run order's shuffle (0: the suite's order) (default 1)
  --no-verify                take SAT answers without checking their models
  --satrun PROGRAM           the satrun PROGRAM for gini, --solver-cmd, --certify (default: next to satbench, or on PATH)
  --certify                  check every UNSAT answer's DRAT proof (proof-writing solvers only)
  --solvers SOLVERS          SOLVERS to race, comma-separated (auto: the installed ones and gini) (default auto)
  --jobs N                   runs at a time, each pinned to a CPU of its own when they fit (default 1)
  -o, --output, --out FILE   results FILE the rows are appended to (- for standard output) (default results.jsonl)
  --resume                   add to a results file that has rows, skipping the runs it has
  -q, --quiet                no progress on standard error

satbench --help prints the manual (also man satbench).

usage: satbench plan [flags] [INSTANCE...]

write the runs as satbench exec lines for GNU parallel, or a Slurm array script

Flags:
  --solver-cmd NAME=COMMAND  a solver as a command line, NAME=COMMAND ({cnf}, {proof} for its files); repeatable
  --suite FILE               suite FILE listing instances, PATH or PATH | ENCODER per line; repeatable
  --encode COMMAND           encoder COMMAND making the CNF of each puzzle instance ({} for its path); repeatable
  --reps N                   runs of each solver on each instance (default 1)
  --timeout T                wall-time limit of each run, encoder and solver (seconds or 90s, 2m) (default 1m0s)
  --memory SIZE              memory limit of each run's process tree, SIZE such as 512M or 2G
  --grace T                  time between SIGTERM and SIGKILL for a run past its timeout (default 1s)
  --seed N                   seed of the run order's shuffle (0: the suite's order) (default 1)
  --no-verify                take SAT answers without checking their models
  --satrun PROGRAM           the satrun PROGRAM for gini, --solver-cmd, --certify (default: next to satbench, or on PATH)
  --certify                  check every UNSAT answer's DRAT proof (proof-writing solvers only)
  --solvers SOLVERS          SOLVERS to race, comma-separated (auto: the installed ones and gini) (default auto)
  --out-dir DIR              DIR of each run's results file (default results)
  --satbench PROGRAM         the satbench PROGRAM the plan's lines run (default satbench)
  --slurm                    write an sbatch array script instead of shell lines
  --chunk N                  runs per Slurm array task (default 1)

satbench --help prints the manual (also man satbench).

usage: satbench exec [flags] INSTANCE

make one run of a plan and append its row

Flags:
  --solver-cmd NAME=COMMAND  a solver as a command line, NAME=COMMAND ({cnf}, {proof} for its files); repeatable
  --suite FILE               suite FILE listing instances, PATH or PATH | ENCODER per line; repeatable
  --encode COMMAND           encoder COMMAND making the CNF of each puzzle instance ({} for its path); repeatable
  --reps N                   runs of each solver on each instance (default 1)
  --timeout T                wall-time limit of each run, encoder and solver (seconds or 90s, 2m) (default 1m0s)
  --memory SIZE              memory limit of each run's process tree, SIZE such as 512M or 2G
  --grace T                  time between SIGTERM and SIGKILL for a run past its timeout (default 1s)
  --seed N                   seed of the run order's shuffle (0: the suite's order) (default 1)
  --no-verify                take SAT answers without checking their models
  --satrun PROGRAM           the satrun PROGRAM for gini, --solver-cmd, --certify (default: next to satbench, or on PATH)
  --certify                  check every UNSAT answer's DRAT proof (proof-writing solvers only)
  --solver SOLVER            the SOLVER to run, by name
  --rep N                    the repetition's number, for its row (default 1)
  -o, --output, --out FILE   results FILE the row is appended to (- for standard output)

satbench --help prints the manual (also man satbench).

usage: satbench merge [flags] [RESULTS...]

merge results files, or a Slurm plan's task files, into one

Flags:
  -o, --output, --out FILE  write the merged results to FILE (default: standard output)
  --plan FILE               merge the task files of the Slurm plan FILE, in its order

satbench --help prints the manual (also man satbench).

usage: satbench report [flags] [RESULTS...]

score the results: PAR-2, the virtual best solver, tables and plots

Flags:
  --format md|csv|json|html  the report's FORMAT (html: one page with the plots) (default md)
  -o, --output, --out FILE   write the report to FILE (default: standard output)
  --instances                csv: the instances table alone
  --cactus FILE              write the cactus plot to FILE (.svg, .png, .pdf or .eps)
  --scatter A,B              plot configuration A against B (A,B) to the plot file given as the first operand (html: on the page)
  --title TITLE              the plots' TITLE
  --paper a4|letter          the PAGE of a PDF plot (default a4)
  --suite FILE               suite FILE whose #tags: lines make the families; repeatable
  --by COLUMNS               row COLUMNS that split configurations, comma-separated (encoder, version, host, ...)
  --score wall|cpu           the time that scores runs: wall, or cpu (user + sys) (default wall)
  --compare A,B              compare configurations A,B: who wins, the median ratio, a Wilcoxon test

satbench --help prints the manual (also man satbench).

usage: satbench gen [flags]

write a benchmark formula: random k-SAT, pigeonhole, ordering, tseitin, ...

Flags:
  --family FAMILY           FAMILY of formula: random, php, ordering, parity, tseitin, colouring, xor (default random)
  -k N                      literals per clause (random), colours (colouring), variables per constraint (xor) (default 3)
  --vars N                  variables (random, xor)
  --ratio X                 clauses per variable (random) (default 4.26)
  -n N                      size: holes (php), elements (ordering), vertices (parity, tseitin, colouring)
  --degree N                degree of the random regular graph (tseitin) (default 3)
  --edges N                 edges of the random graph (colouring)
  --sat                     the chains' outputs agree: satisfiable (xor; default: they differ, unsatisfiable)
  --seed N                  seed of the random formula (random, tseitin, colouring, xor) (default 1)
  --php N                   holes of a pigeonhole formula: --family php --n HOLES
  -o, --output, --out FILE  write the formula to FILE (default: standard output)

satbench --help prints the manual (also man satbench).
