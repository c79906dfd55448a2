// Package zebra decodes a SAT solver's answer to a puzzle encoded by
// encoders/zebra: it rebuilds the puzzle from the puzzle lines satrun
// forwards (or takes it from the caller, for a raw solver's output), reads
// the houses from each model, re-checks every clue on them, and prints one
// table per distinct solution, the answers to the puzzle's questions and,
// after an enumeration, whether the solution is unique.
package zebra
