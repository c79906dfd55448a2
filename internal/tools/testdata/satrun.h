usage: satrun [flags] [FILE]

satrun runs a SAT solver on a DIMACS CNF and prints its checked answer.

Flags:
  --solver SOLVER        the solver: auto (an installed one, else gini), gini, or a known SOLVER (or a path to one) (default $PIPESAT_SOLVER, else auto)
  --dialect competition|minisat  how the --solver-cmd program answers (default competition)
  --solver-cmd CMD       run CMD as the solver: {cnf}, {out} and {proof} name its files
  --timeout T            give up after T: seconds (5, 2.5) or a duration (90s, 1m30s)
  --certify              prove every UNSAT answer: check the solver's DRAT proof
  --list-solvers         list the known solvers: installed or not, version, path
  --assume LITS          force the literals LITS true, e.g. 3,-7
  --all                  print every model
  --max N                print at most N models (--max 2: is the answer unique?)
  --project VARS         the VARS models must differ on, e.g. 1-625 or 1-5,9 (default: the "c pipesat primary" line's)
  --explain              UNSAT: the groups (clues) that conflict; SAT: the groups that force the solution
  --format FORMAT        the answer's FORMAT (gcnf: the formula as group CNF, no solving) (competition, minisat or gcnf; default competition)
  --relaxed              accept a clause count different from the header's
  --no-verify            do not check the models against the formula
  --stats                sizes and times as "c" lines on standard error
  -o, --output FILE      write to FILE instead of standard output (replaced whole, never half-written)
  -q, --quiet            print only the "s" lines
  -n, --no-model         print no "v" lines
  -v, --verbose          pass the solver's own messages on to standard error
  --lrat FILE            with --certify: write each checked proof as LRAT to FILE
  --proof-format FORMAT  the FORMAT of a --solver-cmd's {proof} (auto, text, binary or lrat; default auto)

satrun --help prints the manual (also man satrun).
