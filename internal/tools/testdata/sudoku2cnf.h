usage: sudoku2cnf [flags] [FILE]

sudoku2cnf encodes a sudoku puzzle as DIMACS CNF.

Flags:
  --index K                 read the K-th puzzle of a file of several, from 1
  --symbols auto|1-G|0-F    the symbols of the grid (default auto)
  --names none|primary|all  which variables get a "c varname" line (default primary)
  --comments                a "c" line before each group of clauses, saying what it encodes (default true)
  --amo ENCODING            the ENCODING of "at most one" (value per cell, cell per value) (pairwise, sequential or commander; default pairwise)
  -o, --output FILE         write to FILE instead of standard output (replaced whole, never half-written)
  --stats                   sizes and times as "c" lines on standard error

sudoku2cnf --help prints the manual (also man sudoku2cnf).
