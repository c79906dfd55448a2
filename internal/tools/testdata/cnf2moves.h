usage: cnf2moves [flags] [FILE]

cnf2moves prints the turn sequence in a SAT solver's answer to a cube2cnf formula, after checking that it solves the start state.

Flags:
  --definition, --puzzle NAME  the puzzle: a built-in one's NAME, or a YAML file (cube2 or loopover3)
  --state COLOURS     the start state: each sticker's colour, in the definition's order (COLOURS)
  --scramble N        start from N random turns
  --seed SEED         the SEED of --scramble's turns, random if not given
  --depth K           at most K turns
  -o, --output FILE   write to FILE instead of standard output (replaced whole, never half-written)
  --status plain|sat  exit STATUSES: plain (0 solution printed, 20 no solution, 3 no answer) or sat (satrun's 10, 20, 0) (default plain)

cnf2moves --help prints the manual (also man cnf2moves).
