usage: nono2cnf [flags] [FILE]

nono2cnf turns a nonogram into DIMACS CNF.

Flags:
  --input-format FORMAT     the input's FORMAT (auto: by the file's suffix, else its content) (auto, non, xml, keen, g, mk, nin or cwd; default auto)
  --index K                 read the K-th puzzle of a file of several, from 1
  --encoding ENCODING       how the clues become clauses, the ENCODING (automaton, runs, patterns or order; default automaton)
  --max-patterns N          --encoding patterns: stop when the lines have more than N patterns (default 200000)
  --names none|primary|all  which variables get a "c varname" line (default primary)
  --comments                a "c" line before each group of clauses, saying what it encodes (default true)
  --presolve                fix the cells line logic (and probing) settle before encoding (default true)
  --probe                   presolve with probing too, not line logic alone (default true)
  --no-comments             bare DIMACS: no comment line at all (and so no header for the decoders)
  --stats                   sizes and times as "c" lines on standard error
  -o, --output FILE         write to FILE instead of standard output (replaced whole, never half-written)

nono2cnf --help prints the manual (also man nono2cnf).
