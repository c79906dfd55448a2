package gen

import (
	"fmt"

	"github.com/pipesat/pipesat/dimacs"
)

// MaxElements bounds the size of Ordering and Parity: their clauses grow
// as its cube, 16 million at 256.
const MaxElements = 256

// Ordering writes the ordering principle OP(n) to f: a strict partial
// order on n elements in which every element has a smaller one. It is
// unsatisfiable (a finite order has a minimal element); its resolution
// proofs are polynomial but tree-like ones exponential, so it separates
// solvers that learn well from those that do not. Variable
// i*(n-1) + j' + 1, with j' = j below i and j-1 above, means element i is
// below element j (0-based, i ≠ j): n(n-1) variables. Clauses:
// antisymmetry for each pair, transitivity for each ordered triple, and
// for each element j "some element is below j". A *dimacs.Formula gets a
// comment line saying so first.
func Ordering(f dimacs.Adder, n int) error {
	if n < 2 || n > MaxElements {
		return fmt.Errorf("%d elements: need 2 to %d", n, MaxElements)
	}
	below := func(i, j int) int {
		if j > i {
			j--
		}
		return i*(n-1) + j + 1
	}
	if fm, ok := f.(*dimacs.Formula); ok {
		fm.Commentf("ordering principle: %d elements, each with a smaller one (unsatisfiable)", n)
		fm.Vars = n * (n - 1)
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			clause(f, -below(i, j), -below(j, i))
		}
	}
	for i := range n {
		for j := range n {
			for k := range n {
				if i != j && j != k && i != k {
					clause(f, -below(i, j), -below(j, k), below(i, k))
				}
			}
		}
	}
	for j := range n {
		for i := range n {
			if i != j {
				f.Add(below(i, j))
			}
		}
		f.Add(0)
	}
	return nil
}

// Parity writes the parity principle on n vertices to f: a perfect
// matching of the complete graph K_n, each vertex matched exactly once.
// It is unsatisfiable for odd n, the principle's case, and hard for
// resolution; for even n it is satisfiable. Variable pairIndex(u, v, n)+1
// means edge {u, v} (0-based, u < v, in lexicographic order) is in the
// matching: n(n-1)/2 variables. A *dimacs.Formula gets a comment line
// saying so first.
func Parity(f dimacs.Adder, n int) error {
	if n < 2 || n > MaxElements {
		return fmt.Errorf("%d vertices: need 2 to %d", n, MaxElements)
	}
	edge := func(u, v int) int {
		if u > v {
			u, v = v, u
		}
		return pairIndex(u, v, n) + 1
	}
	if fm, ok := f.(*dimacs.Formula); ok {
		status := "unsatisfiable: n is odd"
		if n%2 == 0 {
			status = "satisfiable: n is even"
		}
		fm.Commentf("parity principle: a perfect matching of %d vertices (%s)", n, status)
		fm.Vars = n * (n - 1) / 2
	}
	for v := range n {
		for u := range n {
			if u != v {
				f.Add(edge(u, v))
			}
		}
		f.Add(0)
		for u := range n {
			for w := u + 1; w < n; w++ {
				if u != v && w != v {
					clause(f, -edge(v, u), -edge(v, w))
				}
			}
		}
	}
	return nil
}

// pairIndex returns the 0-based index of the pair {u, v}, u < v < n, in
// the lexicographic order of all pairs of 0..n-1.
func pairIndex(u, v, n int) int { return u*(2*n-u-1)/2 + v - u - 1 }

// clause adds lits and the 0 ending them to f.
func clause(f dimacs.Adder, lits ...int) {
	for _, l := range lits {
		f.Add(l)
	}
	f.Add(0)
}
