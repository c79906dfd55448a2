usage: satbench run|plan|exec|merge|report|gen [flags] ...

satbench races SAT solvers and encodings, scores them and draws them.

Commands:
  run
  plan
  exec
  merge
  report
  gen

satbench COMMAND -h lists the flags of COMMAND.
satbench --help prints the manual (also man satbench).

usage: satbench run [flags]

Flags:
  --solver-cmd TEXT
  --suite TEXT
  --encode TEXT
  --reps N                   (default 1)
  --timeout T               give up after T: seconds (5, 2.5) or a duration (90s, 1m30s) (default 1m0s)
  --memory TEXT
  --grace T                  (default 1s)
  --seed N                   (default 1)
  --no-verify
  --satrun TEXT
  --certify                 prove every UNSAT answer: check the solver's DRAT proof
  --solvers TEXT             (default auto)
  --jobs N                   (default 1)
  -o, --output, --out FILE  write to FILE instead of standard output (replaced whole, never half-written) (default results.jsonl)
  --resume
  -q, --quiet

satbench --help prints the manual (also man satbench).

usage: satbench plan [flags]

Flags:
  --solver-cmd TEXT
  --suite TEXT
  --encode TEXT
  --reps N            (default 1)
  --timeout T        give up after T: seconds (5, 2.5) or a duration (90s, 1m30s) (default 1m0s)
  --memory TEXT
  --grace T           (default 1s)
  --seed N            (default 1)
  --no-verify
  --satrun TEXT
  --certify          prove every UNSAT answer: check the solver's DRAT proof
  --solvers TEXT      (default auto)
  --out-dir TEXT      (default results)
  --satbench TEXT     (default satbench)
  --slurm
  --chunk N

satbench --help prints the manual (also man satbench).

usage: satbench exec [flags]

Flags:
  --solver-cmd TEXT
  --suite TEXT
  --encode TEXT
  --reps N                   (default 1)
  --timeout T               give up after T: seconds (5, 2.5) or a duration (90s, 1m30s) (default 1m0s)
  --memory TEXT
  --grace T                  (default 1s)
  --seed N                   (default 1)
  --no-verify
  --satrun TEXT
  --certify                 prove every UNSAT answer: check the solver's DRAT proof
  --solver TEXT
  --rep N                    (default 1)
  -o, --output, --out FILE  write to FILE instead of standard output (replaced whole, never half-written)

satbench --help prints the manual (also man satbench).

usage: satbench merge [flags]

Flags:
  -o, --output, --out FILE  write to FILE instead of standard output (replaced whole, never half-written)
  --plan TEXT

satbench --help prints the manual (also man satbench).

usage: satbench report [flags]

Flags:
  --format TEXT    (default md)
  --instances
  --cactus TEXT
  --scatter TEXT
  --title TEXT
  --suite TEXT
  --by TEXT

satbench --help prints the manual (also man satbench).

usage: satbench gen [flags]

Flags:
  -k N                       (default 3)
  --vars N
  --ratio X                  (default 4.26)
  --seed N                   (default 1)
  --php N
  -o, --output, --out FILE  write to FILE instead of standard output (replaced whole, never half-written)

satbench --help prints the manual (also man satbench).
