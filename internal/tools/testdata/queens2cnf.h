usage: queens2cnf [flags] [--n] N

queens2cnf encodes the N-queens (or N-rooks) problem as DIMACS CNF.

Flags:
  -n N                      the board's size N, 1 to 200 (or the operand N)
  --rooks                   rooks instead of queens: no diagonal constraints
  --names none|primary|all  which variables get a "c varname" line (default primary)
  --comments                a "c" line before each group of clauses, saying what it encodes (default true)
  -o, --output FILE         write to FILE instead of standard output (replaced whole, never half-written)

queens2cnf --help prints the manual (also man queens2cnf).
