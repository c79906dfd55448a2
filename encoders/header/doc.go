// Package header holds what every pipesat encoder writes into a CNF
// besides its clauses, so all encoders write it alike:
//
//   - the provenance header, three comment lines that say which tool made
//     the file and how, enough to make it again:
//
//     c pipesat tool nono2cnf v0.3.1
//     c pipesat args --encoding runs gchq.non
//     c pipesat encoding runs
//
//     (Header, Header.Lines, Read). The args line quotes each argument as
//     a POSIX shell would read it back. Each puzzle's own header lines
//     ("c pipesat nonogram W H", ...) are written and read by its encoder
//     package, next to these.
//
//   - the names option, --names none|primary|all (Names): no "c varname"
//     lines, names for the primary variables only, or for every variable
//     including auxiliaries.
//
//   - group comments (--comments): a comment line before each group of
//     clauses saying what it encodes, written through dimacs.Grouper.
//
// A variable name is what dimacs.ValidName accepts: printable UTF-8,
// spaces and parentheses allowed, no space at either end, at most
// dimacs.MaxNameLen bytes.
package header
