// Package mus explains a formula's answer in terms of groups of its
// clauses, such as the clues of a puzzle (see dimacs.Group): which groups
// contradict each other, and which groups a unique solution needs.
//
// # Group MUS
//
// Explain finds a group MUS of an unsatisfiable formula: a set of groups
// that, with group 0 (the clauses in no group, always kept), is still
// unsatisfiable, while dropping any one of them makes it satisfiable.
//
// With gini it works incrementally: the formula is loaded once, each
// group's clauses get a selector variable s (clause C becomes -s | C), and
// each call assumes the selectors of the groups it keeps. The first call
// keeps all groups; its failed assumptions (the selectors gini's conflict
// needed) are a smaller set that is still unsatisfiable, and solving again
// under just those shrinks it further until it stops shrinking (core
// refinement). Deletion then tries to drop groups: an unsatisfiable answer
// drops them for good, together with every group its failed assumptions
// leave out (clause-set refinement); a satisfiable one shows a group is
// needed. With any other solver the same deletion runs without failed
// assumptions, each call on a fresh CNF of group 0 and the kept groups.
//
// Deletion tries chunks of groups rather than one at a time: half the
// candidates first, a chunk twice as large after an unsatisfiable answer,
// half as large after a satisfiable one. A satisfiable answer whose model
// falsifies exactly one group of the chunk shows that group is needed: the
// model satisfies every other group kept. On n groups deletion makes at
// most 2n+log2(n)+1 calls (see CallBound), n+1 when chunks are of one
// group; on a conflict of k groups among many it makes about 2k·log2(n/k).
//
// Every satisfiable answer's model is checked against the clauses that
// call kept (dimacs.Formula.CheckWhere) before it counts, and a model that
// satisfies a set of groups already shown unsatisfiable is an error: no
// group is called needed on a solver's word alone. Options.Prover proves
// the final conflict unsatisfiable, say with a solver.Certified whose DRAT
// proof package drat checks. When ctx ends during shrinking, Explain still
// answers Unsat with the smallest conflict found so far, marked not
// minimal.
//
// # Groups a solution needs
//
// Needed is the other direction: given a solution of a satisfiable
// formula that no other solution matches on the projection variables, it
// finds a minimal set of groups that still forces it: each group dropped
// leaves the solution unique, and dropping any kept group admits a second
// solution, a checked model. This is a group MUS of the formula plus a
// clause that excludes the solution.
package mus
