// zebra2cnf encodes an Einstein ("zebra") puzzle as DIMACS CNF.
//
// The puzzle is read from FILE, or standard input if FILE is "-" or absent:
// attribute lines, then clues one per line, then optional questions; "#"
// starts a comment. Limits: at most 32 houses, 32 attributes and 10000
// clues (each costs up to 2N auxiliaries and 6N+1 clauses), and 64 MiB
// (67108864 bytes) of text, comments aside, since the text is held whole;
// comments may have any length (of each, only what an error quotes of
// its line is kept).
//
//	nationality: Brit Swede Dane Norwegian German
//	colour:      red green white yellow blue
//	same Brit red              # in the same house
//	left-of green white        # green's house is immediately left of white's
//	right-of white green       # the same said the other way round
//	next-to Norwegian blue     # neighbours
//	before Dane German         # somewhere left of (after: somewhere right of)
//	at 1 Norwegian             # house 1 is the leftmost
//	not same Swede red         # "not" negates any relation
//	who: fish                  # first attribute's value in fish's house
//	who: fish colour           # or the named attribute's
//
// Every attribute has as many values as there are houses, and value names
// are unique across attributes (a letter or "_", then letters, digits, "_",
// "-", "'", "."). Errors are "file:line:col: message", exit status 1. The
// grammar is in package encoders/zebra; testdata/zebra/einstein.txt is the
// seed article's Einstein puzzle, its clues numbered as there.
//
// Encoding: variable i*N + h means "value i (all attributes' values
// numbered from 0 in the order written) is in house h"; these primary
// variables are named "value@h" (Brit@1). Each attribute is a permutation
// (at-least-one and pairwise at-most-one clauses both ways). A positive
// relation is a disjunction over the houses; each disjunct gets a Tseitin
// auxiliary p <-> (A@h & B@h') (three clauses) and the relation the clause
// "p1 | p2 | ...", as in the seed article. The header lines "c pipesat zebra
// N A", "c pipesat zebra-text <line>" (the puzzle itself) and "c pipesat
// primary 1-A*N*N" let cnf2zebra decode satrun's output with no flags.
// Einstein's puzzle: 201 variables, 793 clauses. A clue of a two-house
// puzzle, with the auxiliaries named (--names all): next-to(red,cat)@1-2
// is "red in house 1 and cat in house 2".
//
//	$ printf 'colour: red blue\npet: cat dog\nnext-to red cat\n' | zebra2cnf --names all | grep -A7 '^c clue 1'
//	c clue 1: next-to red cat
//	-1 -6 9 0
//	-9 1 0
//	-9 6 0
//	-2 -5 10 0
//	-10 2 0
//	-10 5 0
//	9 10 0
//
// Groups: each clue's clauses are a group, marked by a line "c pipesat
// group ID NAME" before them ("clue line 12: same Brit red", by the clue's
// line in the puzzle file); the permutations (each value in one house,
// each house one value of each attribute) are group 0. satrun --explain
// reads them to say which clues contradict each other, or which clues a
// unique answer needs (zebra2cnf --comments=false keeps these lines).
//
// Exit status: 0 ok, 1 error (bad puzzle), 2 usage.
//
// Examples:
//
//	zebra2cnf einstein.txt | satrun | cnf2zebra
//	zebra2cnf einstein.txt | satrun --max 2 | cnf2zebra     # unique?
//	zebra2cnf einstein.txt > e.cnf; picosat e.cnf | cnf2zebra --puzzle einstein.txt
package main
