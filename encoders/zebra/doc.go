// Package zebra reads Einstein ("zebra") puzzles in a small text format and
// encodes them as CNF.
//
// # Puzzle format
//
// A puzzle names its attributes, each with one value per house, then gives
// clues, one per line, and optional questions. "#" starts a comment.
//
//	puzzle    = { line } .
//	line      = [ attribute | clue | question ] [ "#" { any } ] newline .
//	attribute = name ":" value { value } .
//	question  = "who" ":" value [ name ] .
//	clue      = [ "not" ] relation .
//	relation  = "same" value value
//	          | "left-of" value value
//	          | "right-of" value value
//	          | "next-to" value value
//	          | "before" value value
//	          | "after" value value
//	          | "at" house value .
//	house     = digit { digit } .
//	name      = ( letter | "_" ) { letter | digit | "_" | "-" | "'" | "." } .
//	value     = name .
//
// Every attribute has the same number of values, the number of houses N
// (1 to MaxHouses; at most MaxAttributes attributes and MaxClues clues). A
// value names itself in clues, so value names are unique across
// attributes. Houses are numbered 1..N from the left. The relations:
//
//	same A B       A and B are in the same house
//	left-of A B    A's house is immediately left of B's (A at h, B at h+1)
//	right-of A B   A's house is immediately right of B's
//	next-to A B    A and B are in neighbouring houses
//	before A B     A's house is somewhere left of B's
//	after A B      A's house is somewhere right of B's
//	at N A         A is in house N
//
// "not" negates a relation. A question "who: fish" asks for the value of
// the first attribute (or of the named one, "who: fish nationality") in
// the house of fish.
//
// # Variable numbering
//
// Value i (0-based, counting the values of all attributes in the order they
// are written) in house h (1-based) is variable i*N + h; these are the
// primary variables 1..A*N*N, named "value@h" (Brit@1). Each attribute is a
// permutation: every value in exactly one house, every house exactly one
// value of the attribute (at-least-one clauses and pairwise at-most-one).
//
// A positive relation is a disjunction over the houses, "(A@1 & B@1) |
// (A@2 & B@2) | ...", which is not CNF. As in the seed article, each
// disjunct gets a Tseitin auxiliary p with p <-> (A@h & B@h'), three
// clauses, and the relation becomes the clause "p1 | p2 | ...". The
// auxiliaries follow the primary variables in clue order and are named after
// their clue: "same(Brit,red)@1", "next-to(Blends,cats)@2-3". A negated
// relation needs no auxiliary: one binary clause per excluded pair.
//
// The puzzle lines "c pipesat zebra N A", one "c pipesat zebra-text
// <line>" per line of the puzzle as Format writes it, and
// "c pipesat primary 1-A*N*N" let a decoder rebuild the puzzle from the
// solver's output alone (PuzzleLines; ReadPuzzleLines reads them back).
//
// Encode is the one way to encode: to gini, to a dimacs.Formula
// (dimacs.Build) or as text (dimacs.Stream, what zebra2cnf writes). It
// takes a cnfstyle.Style: names none, primary ("Norwegian@1") or all
// (zebra2cnf's default; also the clue auxiliaries
// "next-to(Norwegian,blue)@1-2"), a group comment per value, house and
// clue ("clue 14: next-to Norwegian blue"), and the provenance.
package zebra
