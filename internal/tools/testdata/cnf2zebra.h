usage: cnf2zebra [flags] [FILE]

cnf2zebra prints the houses of an Einstein puzzle from a SAT solver's answer.

Flags:
  --puzzle FILE      check the answer against the puzzle in FILE (- is standard input)
  -o, --output FILE  write to FILE instead of standard output (replaced whole, never half-written)

cnf2zebra --help prints the manual (also man cnf2zebra).
