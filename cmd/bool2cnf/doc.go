// bool2cnf turns boolean formulas written by hand into DIMACS CNF.
//
// The formulas are read from FILE, or standard input if FILE is "-" or
// absent, or taken from -e. Formulas are separated by ";" or line breaks and
// all must hold; "#" starts a comment. Operators, loosest first:
//
//	<-> <=> ↔        equivalence (left-associative)
//	->  =>  →        implication (right-associative)
//	|   ||  \/  ∨    or
//	^   ⊕            exclusive or
//	&   &&  /\  ∧    and
//	!   ~   ¬        not
//
// with parentheses, the constants 0 1 true false, and names (a letter or "_",
// then letters, digits, "_", "." or "@") as variables. A line break inside
// parentheses or after a binary operator continues the formula.
//
// Limits: the formulas (or --dnf tables) may be at most 64 MiB (67108864
// bytes) of text, comments aside, since they are held whole; comments may
// have any length (of each, only what an error quotes of its line is
// kept). Parentheses, "!" and "->" may nest at
// most 10000 deep, so that the walks over the formula's tree cannot run
// out of stack; a chain "a <-> b <-> ..." of any length nests nothing, as
// "<->" is associative (so is a chain of "&", "|" or "^").
//
// The CNF comes from the Tseitin transformation: one auxiliary variable per
// distinct compound subformula, defined by an equivalence, so that the CNF
// has exactly one model per satisfying assignment. The named inputs come
// first, as variables 1..N, with "c varname" lines and
// "c pipesat primary 1-N"; the header starts "c pipesat bool". With
// --polarity (Plaisted–Greenbaum) only the half of each definition that
// the subformula's polarity needs is written: fewer clauses (6 instead of
// 8 for (a & b & !c) | (a & !b)), and models are then counted projected
// on the primary range, as satrun --all does.
//
// With --dnf the input is tables of allowed rows instead of formulas: a
// header line of variable names, then one row per line of 0, 1 or -
// (either) cells, together ("110") or apart ("1 1 0"); a new header
// starts another table, and all tables must hold. Each row gets a
// selector variable equivalent to "the inputs match this row", and each
// table the clause "some selector".
//
// Groups: each input formula's own clauses (those that assert it) are a
// group, marked by a line "c pipesat group ID NAME" before them ("formula
// 2: a | b", its text cut to 100 bytes); the Tseitin definitions, shared
// by the formulas, are group 0; with --dnf each table's "some selector"
// clause is the group "table 1: NAMES". satrun --explain reads them to say
// which formulas contradict each other (bool2cnf --comments=false keeps
// these lines):
//
//	bool2cnf -e 'p -> q; q -> r; p; !r; s' | satrun --explain   # formulas 1-4, not 5
//
// A syntax error is reported as "file:line:col: message" (standard input is
// "<stdin>", -e is "<-e>"), then the line with a caret under the column,
// with exit status 1; usage errors exit with 2:
//
//	$ echo 'a & (b | & c)' | bool2cnf 2>&1
//	bool2cnf: <stdin>:1:10: expected a name, a constant or "(", got "&"
//	a & (b | & c)
//	         ^
//
// Examples:
//
//	bool2cnf <<< '(a & b & !c) | (a & !b)' | satrun --all | cnf2vals
//	bool2cnf -e 'p -> q; q -> r; p; !r' | satrun        # exit 20: unsatisfiable
//	bool2cnf --dnf rows.txt | picosat | cnf2vals --cnf <(bool2cnf --dnf rows.txt)
package main
