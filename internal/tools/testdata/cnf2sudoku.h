usage: cnf2sudoku [flags] [FILE]

cnf2sudoku prints the sudoku grid in a SAT solver's answer.

Flags:
  --index K               read the K-th puzzle of a file of several, from 1
  --symbols auto|1-G|0-F  the symbols of the grid (default auto)
  --puzzle FILE           check the answer against the puzzle in FILE (- is standard input)
  --size N                the grid is Nx`N` (4, 9, 16 or 25), for a raw solver's answer
  --line                  print each grid as one line of symbols
  -o, --output FILE       write to FILE instead of standard output (replaced whole, never half-written)
  --status plain|sat      exit STATUSES: plain (0 solution printed, 20 no solution, 3 no answer) or sat (satrun's 10, 20, 0) (default plain)

cnf2sudoku --help prints the manual (also man cnf2sudoku).
