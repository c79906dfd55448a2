usage: bool2cnf [flags] [FILE]

bool2cnf turns boolean formulas written by hand into DIMACS CNF.

Flags:
  --names none|primary|all  which variables get a "c varname" line (default primary)
  --comments                a "c" line before each group of clauses, saying what it encodes (default true)
  --polarity                Plaisted-Greenbaum: only the half of each definition its polarity needs
  --dnf                     read tables of allowed rows (cells 0, 1 or -) instead of formulas
  -e FORMULA                encode FORMULA instead of a file
  -o, --output FILE         write to FILE instead of standard output (replaced whole, never half-written)
  --stats                   sizes and times as "c" lines on standard error

bool2cnf --help prints the manual (also man bool2cnf).
