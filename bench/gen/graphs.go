package gen

import (
	"errors"
	"math/rand/v2"
	"slices"
)

// Limits of the random graphs, checked before anything is allocated: a
// graph is held whole while it is drawn.
const (
	MaxVertices = 1 << 20
	MaxEdges    = 1 << 22
)

// An edge joins vertices u < v (0-based).
type edge struct{ u, v int }

// errNoRegular is regularGraph's failure: so many restarts, each of which
// pairs most points, fail only when no such graph is likely to exist.
var errNoRegular = errors.New("no random regular graph found in 1000 tries")

// regularGraph returns the edges of a random simple d-regular graph on n
// vertices, sorted, by the pairing model with the repairs of Steger and
// Wormald (as networkx's random_regular_graph): pair the n*d points at
// random, keep the pairs that make a new edge, pair the points left over
// again, and start over when none of them can still be joined. n*d must
// be even and d < n.
func regularGraph(n, d int, rng *rand.Rand) ([]edge, error) {
	for range 1000 {
		if edges, ok := tryRegular(n, d, rng); ok {
			slices.SortFunc(edges, func(a, b edge) int {
				if a.u != b.u {
					return a.u - b.u
				}
				return a.v - b.v
			})
			return edges, nil
		}
	}
	return nil, errNoRegular
}

// tryRegular makes one attempt of regularGraph.
func tryRegular(n, d int, rng *rand.Rand) ([]edge, bool) {
	have := make(map[edge]bool, n*d/2)
	edges := make([]edge, 0, n*d/2)
	points := make([]int, 0, n*d)
	for v := range n {
		for range d {
			points = append(points, v)
		}
	}
	left := make([]int, n) // points of each vertex not yet paired
	for len(points) > 0 {
		clear(left)
		rng.Shuffle(len(points), func(i, j int) { points[i], points[j] = points[j], points[i] })
		for i := 0; i+1 < len(points); i += 2 {
			e := edge{min(points[i], points[i+1]), max(points[i], points[i+1])}
			if e.u != e.v && !have[e] {
				have[e] = true
				edges = append(edges, e)
			} else {
				left[e.u]++
				left[e.v]++
			}
		}
		if !canJoin(have, left) {
			return nil, false
		}
		points = points[:0]
		for v, k := range left {
			for range k {
				points = append(points, v)
			}
		}
	}
	return edges, true
}

// canJoin reports whether two of the vertices with points left could
// still be joined by a new edge (or none are left).
func canJoin(have map[edge]bool, left []int) bool {
	var vs []int
	for v, k := range left {
		if k > 0 {
			vs = append(vs, v)
		}
	}
	if len(vs) == 0 {
		return true
	}
	for i, u := range vs {
		for _, v := range vs[i+1:] {
			if !have[edge{u, v}] {
				return true
			}
		}
	}
	return false
}

// randomGraph returns the m edges, sorted, of a graph drawn uniformly from
// those on n vertices with m edges (Erdős–Rényi G(n, m)). It draws m of
// the n(n-1)/2 pair indices by Floyd's algorithm, m steps whatever m, and
// decodes them in order. m must be at most n(n-1)/2.
func randomGraph(n, m int, rng *rand.Rand) []edge {
	pairs := n * (n - 1) / 2
	chosen := make(map[int]bool, m)
	idx := make([]int, 0, m)
	for j := pairs - m; j < pairs; j++ {
		t := rng.IntN(j + 1)
		if chosen[t] {
			t = j
		}
		chosen[t] = true
		idx = append(idx, t)
	}
	slices.Sort(idx)
	edges := make([]edge, 0, m)
	u, first := 0, 0 // first: the index of pair {u, u+1}
	for _, p := range idx {
		for p >= first+n-u-1 {
			first += n - u - 1
			u++
		}
		edges = append(edges, edge{u, u + 1 + p - first})
	}
	return edges
}
