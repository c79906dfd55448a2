// Package dimacs reads and writes DIMACS CNF and reads the answers SAT
// solvers print.
//
// # CNF
//
// Parse reads a formula in one streaming pass over a bufio.Reader and hands
// each clause to a Handler; Read collects the clauses into a Formula. The
// reader is strict by default: every deviation from "p cnf V C" followed by
// exactly C zero-terminated clauses over literals in ±1..V is an error of the
// form "name:line:col: message", a *textpos.Error (the one error type of
// every pipesat reader: columns count bytes, and Caret shows the offending
// line with a "^" under the column when the line is short).
// Options.Relaxed accepts a clause
// count that differs from the header. Comment lines ("c ...") may appear
// anywhere. Read keeps the header lines among them ("c pipesat ...", "c
// varname ...") up to Options.MaxComments and drops the rest (all of them
// with Options.AllComments): memory follows the clauses, not the comments.
//
// The SATLIB trailer, a line starting with "%" followed by a line "0" at
// the end of the input, ends the formula. (Other tools read that "0" as an
// empty clause and answer UNSAT for satisfiable SATLIB benchmarks.) Anything
// else after a "%" line is an error: relaxed or strict, the reader never
// drops a clause, and never reads a cut file (a header line or a CRLF cut
// short, a clause without its final 0) as a shorter formula.
//
// Input compressed with gzip, bzip2, xz or zstd is recognised by its magic
// bytes (see Decompress). xz and zstd are read only by programs that import
// package dimacs/compressed, so that the others do not pay for the two
// decoders' initialisation at every start; Parse then decodes xz with the
// system's "xz -dc" in a child process when xz is on PATH.
//
// # Writing
//
// Formula.WriteTo writes canonical DIMACS: comment lines, variable names as
// "c varname <id> <name>" (cnfgen's convention), the header "p cnf V C"
// with exact counts, then one clause per line, literals separated by
// single spaces and ended by " 0". An encoder (an EncodeFunc) writes the
// same parts through an Adder: Build holds them in a Formula, Stream
// writes the very bytes WriteTo would without holding the clauses, in two
// passes over the encoder (count, then write).
//
// # Pipesat lines
//
// Encoders describe their output in comments that start "c pipesat ", for
// example "c pipesat nonogram 25 25" and "c pipesat primary 1-625" (the
// puzzle lines) and "c pipesat tool nono2cnf v0.3.1" (the provenance), and
// name variables with "c varname" lines. Decoders read them back; satrun
// copies them through to its output (Output.Pipesat), so that "encoder |
// satrun | decoder" needs no flags. "Header" means only the "p cnf" line.
//
// # Groups
//
// Encoders mark which clauses come from which clue: before a group's
// clauses, a line "c pipesat group ID NAME" (GroupLine), ID a positive
// number unique in the file and NAME what a person calls the clue, such as
// `row 3 "2 1"`. A group line applies to the clauses that follow it, up
// to the next group line; "c pipesat group 0 encoding" (or no group line
// yet) means group 0, the clauses that only define the encoding. Read
// keeps the groups (Formula.Groups), apart from the comments and whatever
// Options.MaxComments says, and forgets a group without clauses, so their
// memory follows the clauses; WriteTo writes their lines back. WriteGCNF
// writes the groups as MUSer2's group CNF.
//
// # Solver output
//
// ReadOutput understands every dialect the common solvers print: the SAT
// competition's "s"/"v" lines (kissat, cadical, cryptominisat5, picosat,
// glucose, lingeling, satrun), several models in one stream
// (picosat --all, cryptominisat5 --maxsol), minisat's stdout and its result
// file ("SAT\n1 -2 0", "UNSAT", "INDET"). A variable that no "v" line
// mentions is unassigned in the Model, never silently false.
package dimacs
