// Package moves decodes a SAT solver's answer to a twisty-puzzle CNF
// (made by package twisty, cmd/cube2cnf) into a turn sequence such as
// "R' F2 U", and checks it by replaying the turns on the start state.
//
// The CNF's header comments ("c pipesat twisty NAME depth K",
// "c pipesat twisty-goal/-start/-target/-turn ...") carry everything the
// decoder needs; satrun forwards them. A raw solver's output has none: the
// caller then rebuilds the same encoding from the puzzle file, the state
// and the depth. Variable numbering: see package twisty.
package moves
