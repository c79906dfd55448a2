usage: cube2cnf [flags] --definition NAME --depth K

cube2cnf encodes "this twisty-puzzle state is solvable in at most K turns" as DIMACS CNF.

Flags:
  --definition, --puzzle NAME  the puzzle: a built-in one's NAME, or a YAML file (cube2 or loopover3)
  --state COLOURS           the start state: each sticker's colour, in the definition's order (COLOURS)
  --scramble N              start from N random turns
  --seed SEED               the SEED of --scramble's turns, random if not given
  --moves TURNS             start from the solved state turned by TURNS
  --names none|primary|all  which variables get a "c varname" line (default primary)
  --comments                a "c" line before each group of clauses, saying what it encodes (default true)
  --depth K                 at most K turns
  --code onehot|binary      how a sticker's colour becomes variables (default onehot)
  -o, --output FILE         write to FILE instead of standard output (replaced whole, never half-written)
  --stats                   sizes and times as "c" lines on standard error

cube2cnf --help prints the manual (also man cube2cnf).
