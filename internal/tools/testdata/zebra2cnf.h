usage: zebra2cnf [flags] [FILE]

zebra2cnf encodes an Einstein ("zebra") puzzle as DIMACS CNF.

Flags:
  --names none|primary|all  which variables get a "c varname" line (default all)
  --comments                a "c" line before each group of clauses, saying what it encodes (default true)
  -o, --output FILE         write to FILE instead of standard output (replaced whole, never half-written)
  --stats                   sizes and times as "c" lines on standard error

zebra2cnf --help prints the manual (also man zebra2cnf).
