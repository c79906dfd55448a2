package gen

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/pipesat/pipesat/dimacs"
)

// MaxDegree bounds Tseitin's degree and XORChains' k: a constraint on k
// variables takes 2^(k-1) clauses.
const MaxDegree = 16

// Tseitin writes the Tseitin formula of a random d-regular graph on n
// vertices to f: a variable per edge, and at each vertex the XOR of its
// edges equals its charge, 1 at the first vertex and 0 elsewhere. The
// total charge is odd, so the formula is unsatisfiable (summing a
// component's constraints counts each edge twice); on a random regular
// graph, an expander, resolution needs exponential size. Variable e+1
// is the e-th edge {u, v} in sorted order; each vertex gets 2^(d-1)
// clauses. n*d must be even. The same arguments give the same formula on
// every machine. A *dimacs.Formula gets comment lines saying so first.
func Tseitin(f dimacs.Adder, n, d int, seed uint64) error {
	switch {
	case d < 1 || d > MaxDegree:
		return fmt.Errorf("degree %d: need 1 to %d", d, MaxDegree)
	case n <= d || n > MaxVertices || n*d/2 > MaxEdges:
		return fmt.Errorf("%d vertices of degree %d: need more vertices than the degree, at most %d vertices and %d edges", n, d, MaxVertices, MaxEdges)
	case n*d%2 == 1:
		return fmt.Errorf("%d vertices of degree %d: need an even product (each edge has two ends)", n, d)
	case n<<(d-1) > MaxClauses:
		return fmt.Errorf("%d vertices of degree %d: more than %d clauses", n, d, MaxClauses)
	}
	edges, err := regularGraph(n, d, rand.New(rand.NewPCG(seed, 0x74736e)))
	if err != nil {
		return err
	}
	if fm, ok := f.(*dimacs.Formula); ok {
		fm.Commentf("tseitin: random %d-regular graph, %d vertices, %d edges, seed %d;", d, n, len(edges), seed)
		fm.Commentf("charge 1 on vertex 1, 0 on the others (odd total: unsatisfiable)")
		fm.Vars = len(edges)
	}
	incident := make([][]int, n)
	for i, e := range edges {
		incident[e.u] = append(incident[e.u], i+1)
		incident[e.v] = append(incident[e.v], i+1)
	}
	for v, vars := range incident {
		xorClauses(f, vars, v == 0)
	}
	return nil
}

// XORChains writes two chains of k-XOR constraints to f, each computing
// the parity of the variables 1..vars in its own random order, and a
// constraint that their outputs differ (unsatisfiable) or, with sat,
// agree (satisfiable: every assignment of the inputs extends). The first
// link of a chain is t1 = XOR of k-1 inputs, each next one t(i+1) = t(i)
// XOR k-2 more, so every constraint has k variables (the last may have
// fewer). Proving the unsatisfiable ones needs Gaussian elimination in
// effect, which CDCL lacks: they grow hard quickly with vars. Variables:
// the inputs, then the first chain's links, then the second's. A
// *dimacs.Formula gets a comment line saying so first.
func XORChains(f dimacs.Adder, vars, k int, sat bool, seed uint64) error {
	switch {
	case k < 3 || k > MaxDegree:
		return fmt.Errorf("k = %d: need 3 to %d variables per constraint", k, MaxDegree)
	case vars < 2 || vars > MaxVars/2:
		return fmt.Errorf("%d variables: need 2 to %d", vars, MaxVars/2)
	case vars<<(k-1) > MaxClauses:
		return fmt.Errorf("%d variables, k = %d: more than %d clauses", vars, k, MaxClauses)
	}
	links := 1 + (max(vars-(k-1), 0)+k-3)/(k-2)
	if fm, ok := f.(*dimacs.Formula); ok {
		outputs := "differ (unsatisfiable)"
		if sat {
			outputs = "agree (satisfiable)"
		}
		fm.Commentf("xor: two chains of %d-XOR over %d variables in random orders, seed %d; their outputs %s", k, vars, seed, outputs)
		fm.Vars = vars + 2*links
	}
	rng := rand.New(rand.NewPCG(seed, 0x786f72)) // "xor"
	out1 := xorChain(f, rng.Perm(vars), k, vars)
	out2 := xorChain(f, rng.Perm(vars), k, vars+links)
	xorClauses(f, []int{out1, out2}, !sat)
	return nil
}

// xorChain adds the constraints of one chain over the inputs order
// (0-based) whose links are the variables after last, and returns its
// output.
func xorChain(f dimacs.Adder, order []int, k, last int) int {
	vars := make([]int, 0, k)
	link := 0
	for i := 0; i < len(order); {
		vars = vars[:0]
		if link > 0 {
			vars = append(vars, link)
		}
		for ; i < len(order) && len(vars) < k-1; i++ {
			vars = append(vars, order[i]+1)
		}
		last++
		link = last
		vars = append(vars, link)
		xorClauses(f, vars, false)
	}
	return link
}

// xorClauses adds the 2^(len(vars)-1) clauses saying that the XOR of vars
// is odd (or even): one clause ruling out each assignment of the wrong
// parity, in counting order.
func xorClauses(f dimacs.Adder, vars []int, odd bool) {
	for a := range uint64(1) << len(vars) {
		if (bits.OnesCount64(a)%2 == 1) == odd {
			continue
		}
		for i, v := range vars {
			if a>>i&1 == 1 {
				v = -v
			}
			f.Add(v)
		}
		f.Add(0)
	}
}
