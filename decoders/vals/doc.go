// Package vals prints the values a SAT solver's models give to named
// variables: "name = true" or "name = false", one per line, one block per
// model.
//
// The names come from "c varname <id> <name>" comment lines, which every
// pipesat encoder writes and satrun forwards from its input to its output;
// the primary range from "c pipesat primary A-B" (several ranges may be
// given, separated by commas). A raw solver's output carries neither, so
// they can be read from the CNF instead (ReadCNF), which also lets Write
// check each model against the formula.
package vals
