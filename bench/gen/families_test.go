package gen

import (
	"bytes"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

// bruteSat reports whether some assignment of f's variables satisfies
// every clause: the tests' oracle, independent of any solver.
func bruteSat(t *testing.T, f *dimacs.Formula) bool {
	t.Helper()
	if f.Vars > 20 {
		t.Fatalf("%d variables: too many to try all", f.Vars)
	}
next:
	for a := range uint64(1) << f.Vars {
		for i := range f.NumClauses() {
			ok := false
			for _, l := range f.Clause(i) {
				v := l
				if v < 0 {
					v = -v
				}
				if (a>>(v-1)&1 == 1) == (l > 0) {
					ok = true
					break
				}
			}
			if !ok {
				continue next
			}
		}
		return true
	}
	return false
}

// write returns f in DIMACS.
func write(t *testing.T, f *dimacs.Formula) string {
	t.Helper()
	var b bytes.Buffer
	if _, err := f.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestFamilyStatus checks each family's known status at small sizes by
// trying every assignment, and that a seed gives the same bytes twice.
func TestFamilyStatus(t *testing.T) {
	for _, tt := range []struct {
		name string
		gen  func(f *dimacs.Formula) error
		sat  bool
	}{
		{"php 3", func(f *dimacs.Formula) error { return Pigeonhole(f, 3) }, false},
		{"ordering 4", func(f *dimacs.Formula) error { return Ordering(f, 4) }, false},
		{"parity 5", func(f *dimacs.Formula) error { return Parity(f, 5) }, false},
		{"parity 4", func(f *dimacs.Formula) error { return Parity(f, 4) }, true},
		{"tseitin 8 3", func(f *dimacs.Formula) error { return Tseitin(f, 8, 3, 1) }, false},
		{"tseitin 10 2", func(f *dimacs.Formula) error { return Tseitin(f, 10, 2, 5) }, false},
		{"tseitin 6 4", func(f *dimacs.Formula) error { return Tseitin(f, 6, 4, 2) }, false},
		{"xor 6 3", func(f *dimacs.Formula) error { return XORChains(f, 6, 3, false, 1) }, false},
		{"xor 6 3 sat", func(f *dimacs.Formula) error { return XORChains(f, 6, 3, true, 1) }, true},
		{"xor 7 4", func(f *dimacs.Formula) error { return XORChains(f, 7, 4, false, 3) }, false},
		{"xor 7 4 sat", func(f *dimacs.Formula) error { return XORChains(f, 7, 4, true, 3) }, true},
		{"colouring K4 3", func(f *dimacs.Formula) error { return Colouring(f, 4, 6, 3, 1) }, false},
		{"colouring K4 4", func(f *dimacs.Formula) error { return Colouring(f, 4, 6, 4, 1) }, true},
		{"colouring empty", func(f *dimacs.Formula) error { return Colouring(f, 6, 0, 1, 1) }, true},
		{"colouring 6 1 edge", func(f *dimacs.Formula) error { return Colouring(f, 6, 1, 1, 1) }, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var f, g dimacs.Formula
			if err := tt.gen(&f); err != nil {
				t.Fatal(err)
			}
			if err := tt.gen(&g); err != nil {
				t.Fatal(err)
			}
			if a, b := write(t, &f), write(t, &g); a != b {
				t.Errorf("two runs differ:\n%s\n%s", a, b)
			}
			if got := bruteSat(t, &f); got != tt.sat {
				t.Errorf("satisfiable %v, want %v", got, tt.sat)
			}
		})
	}
}

// TestColouringRandom checks random colouring formulas against the
// chromatic number of their graph, found by trying every colouring.
func TestColouringRandom(t *testing.T) {
	for seed := range uint64(8) {
		for _, k := range []int{2, 3} {
			var f dimacs.Formula
			if err := Colouring(&f, 6, 7, k, seed); err != nil {
				t.Fatal(err)
			}
			g := randomGraph(6, 7, colouringRNG(seed))
			if got, want := bruteSat(t, &f), colourable(g, 6, k); got != want {
				t.Errorf("seed %d, %d colours, graph %v: satisfiable %v, want %v", seed, k, g, got, want)
			}
		}
	}
}

// colourable reports whether the graph g on n vertices has a k-colouring.
func colourable(g []edge, n, k int) bool {
	colour := make([]int, n)
	var try func(v int) bool
	try = func(v int) bool {
		if v == n {
			for _, e := range g {
				if colour[e.u] == colour[e.v] {
					return false
				}
			}
			return true
		}
		for c := range k {
			if colour[v] = c; try(v + 1) {
				return true
			}
		}
		return false
	}
	return try(0)
}

// TestGraphs checks that the random graphs are what they claim: regular
// and simple, or of m distinct edges, in sorted order.
func TestGraphs(t *testing.T) {
	for seed := range uint64(20) {
		for _, nd := range [][2]int{{4, 3}, {5, 4}, {10, 3}, {50, 5}, {7, 2}, {12, 11}} {
			n, d := nd[0], nd[1]
			g, err := regularGraph(n, d, colouringRNG(seed))
			if err != nil {
				t.Fatal(err)
			}
			deg := make([]int, n)
			for i, e := range g {
				if e.u >= e.v || i > 0 && (g[i-1].u > e.u || g[i-1].u == e.u && g[i-1].v >= e.v) {
					t.Fatalf("n %d d %d seed %d: edges not sorted and simple: %v", n, d, seed, g)
				}
				deg[e.u]++
				deg[e.v]++
			}
			for v, k := range deg {
				if k != d {
					t.Fatalf("n %d d %d seed %d: vertex %d has degree %d", n, d, seed, v, k)
				}
			}
		}
		for _, nm := range [][2]int{{5, 10}, {5, 0}, {30, 100}, {30, 400}} {
			g := randomGraph(nm[0], nm[1], colouringRNG(seed))
			if len(g) != nm[1] {
				t.Fatalf("G(%d, %d): %d edges", nm[0], nm[1], len(g))
			}
			for i, e := range g {
				if e.u >= e.v || e.v >= nm[0] || i > 0 && (g[i-1].u > e.u || g[i-1].u == e.u && g[i-1].v >= e.v) {
					t.Fatalf("G(%d, %d) seed %d: edges not sorted and simple: %v", nm[0], nm[1], seed, g)
				}
			}
		}
	}
}

// TestFamilyText checks the exact formulas of the smallest cases.
func TestFamilyText(t *testing.T) {
	for _, tt := range []struct {
		name string
		gen  func(f *dimacs.Formula) error
		want string
	}{
		{"ordering 2", func(f *dimacs.Formula) error { return Ordering(f, 2) },
			"c ordering principle: 2 elements, each with a smaller one (unsatisfiable)\np cnf 2 3\n-1 -2 0\n2 0\n1 0\n"},
		{"parity 3", func(f *dimacs.Formula) error { return Parity(f, 3) },
			"c parity principle: a perfect matching of 3 vertices (unsatisfiable: n is odd)\np cnf 3 6\n" +
				"1 2 0\n-1 -2 0\n1 3 0\n-1 -3 0\n2 3 0\n-2 -3 0\n"},
		// K4 is the only 3-regular graph on 4 vertices: edges 01 02 03 12 13 23.
		{"tseitin 4 3", func(f *dimacs.Formula) error { return Tseitin(f, 4, 3, 9) },
			"c tseitin: random 3-regular graph, 4 vertices, 6 edges, seed 9;\n" +
				"c charge 1 on vertex 1, 0 on the others (odd total: unsatisfiable)\np cnf 6 16\n" +
				"1 2 3 0\n-1 -2 3 0\n-1 2 -3 0\n1 -2 -3 0\n" +
				"-1 4 5 0\n1 -4 5 0\n1 4 -5 0\n-1 -4 -5 0\n" +
				"-2 4 6 0\n2 -4 6 0\n2 4 -6 0\n-2 -4 -6 0\n" +
				"-3 5 6 0\n3 -5 6 0\n3 5 -6 0\n-3 -5 -6 0\n"},
		// Inputs 1 2; each chain one link, 3 = 1 xor 2 and 4 = 1 xor 2;
		// 3 xor 4. Each XOR rules out its wrong-parity assignments in
		// counting order.
		{"xor 2 3", func(f *dimacs.Formula) error { return XORChains(f, 2, 3, false, 1) },
			"c xor: two chains of 3-XOR over 2 variables in random orders, seed 1; their outputs differ (unsatisfiable)\np cnf 4 10\n" +
				"-1 2 3 0\n1 -2 3 0\n1 2 -3 0\n-1 -2 -3 0\n" +
				"-1 2 4 0\n1 -2 4 0\n1 2 -4 0\n-1 -2 -4 0\n" +
				"3 4 0\n-3 -4 0\n"},
		{"colouring 2 1 2", func(f *dimacs.Formula) error { return Colouring(f, 2, 1, 2, 1) },
			"c colouring: 2 colours, random graph of 2 vertices and 1 edges, seed 1\np cnf 4 6\n" +
				"1 2 0\n-1 -2 0\n3 4 0\n-3 -4 0\n-1 -3 0\n-2 -4 0\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var f dimacs.Formula
			if err := tt.gen(&f); err != nil {
				t.Fatal(err)
			}
			got := write(t, &f)
			if got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestFamilyErrors checks the generators' refusals, word for word.
func TestFamilyErrors(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want string
	}{
		{Ordering(&dimacs.Formula{}, 1), "1 elements: need 2 to 256"},
		{Ordering(&dimacs.Formula{}, 257), "257 elements: need 2 to 256"},
		{Parity(&dimacs.Formula{}, 1), "1 vertices: need 2 to 256"},
		{Tseitin(&dimacs.Formula{}, 5, 3, 1), "5 vertices of degree 3: need an even product (each edge has two ends)"},
		{Tseitin(&dimacs.Formula{}, 3, 3, 1), "3 vertices of degree 3: need more vertices than the degree, at most 1048576 vertices and 4194304 edges"},
		{Tseitin(&dimacs.Formula{}, 10, 0, 1), "degree 0: need 1 to 16"},
		{Tseitin(&dimacs.Formula{}, 1<<20, 16, 1), "1048576 vertices of degree 16: need more vertices than the degree, at most 1048576 vertices and 4194304 edges"},
		{Tseitin(&dimacs.Formula{}, 1<<19, 12, 1), "524288 vertices of degree 12: more than 67108864 clauses"},
		{XORChains(&dimacs.Formula{}, 10, 2, false, 1), "k = 2: need 3 to 16 variables per constraint"},
		{XORChains(&dimacs.Formula{}, 1, 3, false, 1), "1 variables: need 2 to 8388608"},
		{XORChains(&dimacs.Formula{}, 1<<22, 16, false, 1), "4194304 variables, k = 16: more than 67108864 clauses"},
		{Colouring(&dimacs.Formula{}, 4, 7, 3, 1), "7 edges: need 0 to 6 on 4 vertices"},
		{Colouring(&dimacs.Formula{}, 0, 0, 3, 1), "0 vertices: need 1 to 1048576"},
		{Colouring(&dimacs.Formula{}, 4, 0, 0, 1), "0 colours: need 1 to 1000"},
		{Colouring(&dimacs.Formula{}, 1<<20, 1<<22, 1000, 1), "1048576 vertices, 4194304 edges, 1000 colours: more than 67108864 clauses"},
	} {
		if tt.err == nil || tt.err.Error() != tt.want {
			t.Errorf("%v, want %q", tt.err, tt.want)
		}
	}
}
