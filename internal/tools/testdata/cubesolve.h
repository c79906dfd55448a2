usage: cubesolve [flags] --definition NAME

cubesolve finds a shortest turn sequence that solves a twisty-puzzle state, by asking a SAT solver about depths 0, 1, 2, ... in turn.

Flags:
  --definition, --puzzle NAME  the puzzle: a built-in one's NAME, or a YAML file (cube2 or loopover3)
  --state COLOURS     the start state: each sticker's colour, in the definition's order (COLOURS)
  --scramble N        start from N random turns
  --seed SEED         the SEED of --scramble's turns, random if not given
  --moves TURNS       start from the solved state turned by TURNS
  --solver SOLVER     the solver: auto (an installed one, else gini), gini, or a known SOLVER (or a path to one) (default auto)
  --dialect competition|minisat  how the --solver-cmd program answers (default competition)
  --solver-cmd CMD    run CMD as the solver: {cnf}, {out} and {proof} name its files
  --timeout T         give up after T: seconds (5, 2.5) or a duration (90s, 1m30s)
  --certify           prove every UNSAT answer: check the solver's DRAT proof
  --max-depth K       give up after depth K (default the definition's maxDepth, else 20)
  --status plain|sat  exit STATUSES: plain (0 solution printed, 20 no solution, 3 no answer) or sat (satrun's 10, 20, 0) (default plain)

cubesolve --help prints the manual (also man cubesolve).
