usage: nonosolve [flags] [FILE]

nonosolve solves a nonogram in one process.

Flags:
  --input-format FORMAT  the input's FORMAT (auto: by the file's suffix, else its content) (auto, non, xml, keen, g, mk, nin or cwd; default auto)
  --index K              read the K-th puzzle of a file of several, from 1
  --encoding ENCODING    how the clues become clauses, the ENCODING (automaton, runs, patterns or order; default automaton)
  --max-patterns N       --encoding patterns: stop when the lines have more than N patterns (default 200000)
  --solver SOLVER        the solver: auto (an installed one, else gini), gini, or a known SOLVER (or a path to one) (default gini)
  --dialect competition|minisat  how the --solver-cmd program answers (default competition)
  --solver-cmd CMD       run CMD as the solver: {cnf}, {out} and {proof} name its files
  --timeout T            give up after T: seconds (5, 2.5) or a duration (90s, 1m30s)
  --certify              prove every UNSAT answer: check the solver's DRAT proof
  --all                  print every model
  --max N                print at most N models (--max 2: is the answer unique?)
  --explain              UNSAT: the groups (clues) that conflict; SAT: the groups that force the solution
  --format FORMAT        the picture's FORMAT (default: text; -o FILE.png, .svg or .pdf draws one) (text, unicode, goal, png, svg or pdf)
  --title TEXT           draw TEXT above a PNG, SVG or PDF picture
  --colour, --color auto|always|never  colour a colour picture on a terminal with ANSI escapes (default auto)
  -o, --output FILE      write to FILE instead of standard output (replaced whole, never half-written)
  --status plain|sat     exit STATUSES: plain (0 solution printed, 20 no solution, 3 no answer) or sat (satrun's 10, 20, 0) (default plain)

nonosolve --help prints the manual (also man nonosolve).
