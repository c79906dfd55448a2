usage: cnf2vals [flags] [FILE]

cnf2vals prints the values a SAT solver's answer gives to named variables.

Flags:
  --primary           only the primary variables (the "c pipesat primary" line's)
  --true              only the variables that are true, by name
  --cnf FILE          read the names from the CNF in FILE
  -o, --output FILE   write to FILE instead of standard output (replaced whole, never half-written)
  --status plain|sat  exit STATUSES: plain (0 solution printed, 20 no solution, 3 no answer) or sat (satrun's 10, 20, 0) (default plain)

cnf2vals --help prints the manual (also man cnf2vals).
