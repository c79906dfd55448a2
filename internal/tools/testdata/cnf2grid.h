usage: cnf2grid [flags] [FILE]

cnf2grid turns a SAT solver's answer for a nonogram (or an N-queens board) back into a picture.

Flags:
  --format FORMAT     the picture's FORMAT (default: board for queens, else text; -o FILE.png, .svg or .pdf draws one) (text, unicode, goal, png, svg, pdf or board)
  --title TEXT        draw TEXT above a PNG, SVG or PDF picture
  --colour, --color auto|always|never  colour a colour picture on a terminal with ANSI escapes (default auto)
  -o, --output FILE   write to FILE instead of standard output (replaced whole, never half-written)
  --puzzle FILE       check the answer against the puzzle in FILE (- is standard input)
  --index K           read the K-th puzzle of a file of several, from 1
  -W N                the grid is N cells wide (with -H, for a raw solver's answer)
  -H N                the grid is N cells high (with -W)
  --count             print only the number of solutions
  --status plain|sat  exit STATUSES: plain (0 solution printed, 20 no solution, 3 no answer) or sat (satrun's 10, 20, 0) (default plain)

cnf2grid --help prints the manual (also man cnf2grid).
