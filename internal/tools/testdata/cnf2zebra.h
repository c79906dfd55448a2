usage: cnf2zebra [flags] [FILE]

cnf2zebra prints the houses of an Einstein puzzle from a SAT solver's answer.

Flags:
  --puzzle FILE       check the answer against the puzzle in FILE (- is standard input)
  -o, --output FILE   write to FILE instead of standard output (replaced whole, never half-written)
  --status plain|sat  exit STATUSES: plain (0 solution printed, 20 no solution, 3 no answer) or sat (satrun's 10, 20, 0) (default plain)

cnf2zebra --help prints the manual (also man cnf2zebra).
