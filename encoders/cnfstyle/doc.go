// Package cnfstyle holds what every pipesat encoder writes into a CNF
// besides its clauses, so that all encoders write it alike. The parts of a
// CNF an encoder writes, in order, and their names across pipesat:
//
//   - the provenance: three comment lines saying which tool made the file
//     and how, enough to make it again (Provenance, ReadProvenance):
//
//     c pipesat tool nono2cnf v0.3.1
//     c pipesat args --encoding runs gchq.non
//     c pipesat encoding runs
//
//     The args line quotes each argument as a POSIX shell would read it
//     back.
//
//   - the puzzle lines: what a decoder needs to read a model back
//     ("c pipesat nonogram W H", "c pipesat primary 1-625", ...). Each
//     encoder package writes and reads its own (PuzzleLines and
//     ReadPuzzleLines there).
//
//   - the variable names, "c varname V NAME" (Names: none, the primary
//     variables, or all).
//
//   - the group comments between the clauses, one before each group
//     saying what it encodes (Style.Comments), written through
//     dimacs.Grouper.
//
// The provenance, puzzle and name lines together are the "pipesat lines"
// satrun forwards to the decoders (dimacs.Output.Pipesat). Encoders write
// through a Sink, which a Style makes from the encoder's destination: see
// dimacs.EncodeFunc for the order and dimacs.Stream for how the tools
// write it.
//
// A variable name is what dimacs.ValidName accepts: printable UTF-8,
// spaces and parentheses allowed, no space at either end, at most
// dimacs.MaxNameLen bytes.
package cnfstyle
