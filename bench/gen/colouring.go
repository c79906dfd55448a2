package gen

import (
	"fmt"
	"math/rand/v2"

	"github.com/pipesat/pipesat/dimacs"
)

// Colouring writes the k-colouring formula of a random graph to f: the
// graph has n vertices and edges edges, drawn uniformly (G(n, m)); each
// vertex gets exactly one of k colours and the ends of each edge differ.
// It is satisfiable exactly when the graph is k-colourable: for k = 3
// most graphs with fewer than about 2.3n edges are, most with more are
// not, and formulas near there are hard. Variable v*k + c + 1 means
// vertex v has colour c (both 0-based). Clauses: per vertex, one "some
// colour" and the k(k-1)/2 "not both"; per edge, one per colour. The same
// arguments give the same formula on every machine. A *dimacs.Formula
// gets a comment line saying so first.
func Colouring(f dimacs.Adder, n, edges, k int, seed uint64) error {
	switch {
	case k < 1 || k > 1000:
		return fmt.Errorf("%d colours: need 1 to 1000", k)
	case n < 1 || n > MaxVertices:
		return fmt.Errorf("%d vertices: need 1 to %d", n, MaxVertices)
	case edges < 0 || edges > n*(n-1)/2 || edges > MaxEdges:
		return fmt.Errorf("%d edges: need 0 to %d on %d vertices", edges, min(n*(n-1)/2, MaxEdges), n)
	case n*(1+k*(k-1)/2)+edges*k > MaxClauses:
		return fmt.Errorf("%d vertices, %d edges, %d colours: more than %d clauses", n, edges, k, MaxClauses)
	}
	g := randomGraph(n, edges, colouringRNG(seed))
	if fm, ok := f.(*dimacs.Formula); ok {
		fm.Commentf("colouring: %d colours, random graph of %d vertices and %d edges, seed %d", k, n, edges, seed)
		fm.Vars = n * k
	}
	colour := func(v, c int) int { return v*k + c + 1 }
	for v := range n {
		for c := range k {
			f.Add(colour(v, c))
		}
		f.Add(0)
		for c := range k {
			for d := c + 1; d < k; d++ {
				clause(f, -colour(v, c), -colour(v, d))
			}
		}
	}
	for _, e := range g {
		for c := range k {
			clause(f, -colour(e.u, c), -colour(e.v, c))
		}
	}
	return nil
}

// colouringRNG returns the random source of Colouring's graph for seed.
func colouringRNG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x636f6c)) } // "col"
