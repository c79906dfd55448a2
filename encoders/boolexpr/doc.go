// Package boolexpr parses boolean formulas written by hand and encodes them
// as CNF by the Tseitin transformation, or by Plaisted–Greenbaum when only
// one polarity of each subformula is needed.
//
// # Formula syntax
//
// A file holds formulas separated by ";" or line breaks; the file means
// their conjunction. A line break ends a formula unless it comes inside
// parentheses or right after a binary operator, so a long formula may be
// split after an operator. "#" starts a comment that runs to the end of the
// line. Operators, from the loosest binding to the tightest:
//
//	file     = [ formula ] { ( ";" | newline ) [ formula ] } .
//	formula  = iff .
//	iff      = implies { ( "<->" | "<=>" | "↔" ) implies } .   (left-assoc.)
//	implies  = or [ ( "->" | "=>" | "→" ) implies ] .         (right-assoc.)
//	or       = xor { ( "|" | "||" | `\/` | "∨" ) xor } .
//	xor      = and { ( "^" | "⊕" ) and } .
//	and      = unary { ( "&" | "&&" | `/\` | "∧" ) unary } .
//	unary    = { "!" | "~" | "¬" } atom .
//	atom     = name | "0" | "1" | "true" | "false" | "(" formula ")" .
//	name     = ( letter | "_" ) { letter | digit | "_" | "." | "@" } .
//
// So "a | b & !c -> d" reads "(a | (b & (!c))) -> d". The spellings `/\`,
// `\/` and "~" are the ones the SAT tutorials write by hand.
//
// # Table syntax (--dnf)
//
// ParseTable reads a function given as its list of allowed rows, the form
// one writes when generating all the possibilities of a line of a puzzle:
//
//	tables = { header { row } } .
//	header = name { name } newline .        (starts with a letter)
//	row    = cell { cell } newline .        (one cell per header name)
//	cell   = "0" | "1" | "-" .              ("-": either value)
//
// Cells may be written together ("110") or apart ("1 1 0"). Each header
// starts a new table; the tables are conjoined, variables with the same name
// being the same variable. A table allows exactly the assignments that match
// one of its rows.
//
// # Variable numbering
//
// The named inputs come first, numbered from 1 in order of first appearance;
// "c pipesat primary 1-N" names that range and each gets a
// "c varname <id> <name>" line. The auxiliary variables follow: one per
// distinct compound subformula (shared subformulas share it), or one
// selector per table row with --dnf.
//
// Without polarity optimisation every auxiliary variable is defined by an
// equivalence, so it is a function of the inputs and the CNF has exactly as
// many models as the formula. Plaisted–Greenbaum writes only the implication
// each occurrence needs (about half the clauses), so an auxiliary may be free
// in some models: count models projected on the primary range (satrun --all
// does).
//
// # Readable CNF
//
// Encode (formulas) and EncodeTables (--dnf truth tables) are the one way
// to encode each input: to gini, to a dimacs.Formula (dimacs.Build) or as
// text (dimacs.Stream, what bool2cnf writes). They take a cnfstyle.Style:
// names none, primary (the inputs) or all (each Tseitin variable named
// after its subformula, "tseitin (a & !b)", an operand longer than 60
// bytes written "#V"; --dnf selectors "table 1 row 3"), a group comment
// before each definition ("Tseitin: x7 <-> (a & b)") and each formula's
// own clauses, and the provenance.
package boolexpr
