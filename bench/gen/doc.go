// Package gen writes benchmark formulas from their parameters and a seed,
// the same bytes on every machine: uniform random k-SAT (RandomKSAT), the
// pigeonhole principle (Pigeonhole), the ordering principle (Ordering),
// the parity principle (Parity), Tseitin formulas of random regular
// graphs (Tseitin), the k-colouring of a random graph (Colouring) and two
// chains of XOR constraints computing one parity (XORChains), the
// families cnfgen made common. Each writes to a dimacs.Adder; a
// *dimacs.Formula also gets comment lines naming the family, its
// parameters and, where the family decides it, its status. Random
// choices come from math/rand/v2's PCG seeded with the seed.
package gen
