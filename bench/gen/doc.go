// Package gen writes benchmark formulas from their parameters and a seed,
// the same bytes on every machine: uniform random k-SAT (RandomKSAT) and
// the pigeonhole principle (Pigeonhole). Each writes to a dimacs.Adder; a
// *dimacs.Formula also gets a comment naming the family and parameters.
package gen
