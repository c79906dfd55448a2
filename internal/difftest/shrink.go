package difftest

import (
	"slices"

	"github.com/pipesat/pipesat/dimacs"
)

// shrink returns a formula no larger than c on which persists still holds:
// it drops chunks of clauses (halving the chunk size down to single
// clauses), then single literals, then lowers the declared variable count
// to the largest variable used (not below minVars) and, if renumber,
// renumbers the variables used to 1..k; it repeats while a pass shrinks
// anything and at most budget calls of persists remain. It returns the
// number of calls made. persists(c) is assumed true.
func shrink(c CNF, minVars int, renumber bool, persists func(CNF) bool, budget int) (CNF, int) {
	calls := 0
	try := func(d CNF) bool {
		if calls >= budget {
			return false
		}
		calls++
		return persists(d)
	}
	for changed := true; changed && calls < budget; {
		changed = false
		for chunk := max(len(c.Clauses)/2, 1); chunk >= 1; chunk /= 2 {
			for i := 0; i < len(c.Clauses); {
				d := c.clone()
				d.Clauses = slices.Delete(d.Clauses, i, min(i+chunk, len(d.Clauses)))
				if try(d) {
					c, changed = d, true
				} else {
					i += chunk
				}
			}
		}
		for i := range c.Clauses {
			for j := 0; j < len(c.Clauses[i]); {
				d := c.clone()
				d.Clauses[i] = slices.Delete(d.Clauses[i], j, j+1)
				if try(d) {
					c, changed = d, true
				} else {
					j++
				}
			}
		}
		if n := max(c.maxVar(), minVars); n < c.Vars {
			d := c.clone()
			d.Vars = n
			if try(d) {
				c, changed = d, true
			}
		}
		if renumber {
			if d, ok := compact(c); ok && try(d) {
				c, changed = d, true
			}
		}
	}
	return c, calls
}

// compact returns c with the variables it uses renumbered 1..k in order and
// k declared, and whether that changed anything.
func compact(c CNF) (CNF, bool) {
	used := make([]bool, c.Vars+1)
	for _, cl := range c.Clauses {
		for _, l := range cl {
			used[abs(l)] = true
		}
	}
	to := make([]int, c.Vars+1)
	k := 0
	for v := 1; v <= c.Vars; v++ {
		if used[v] {
			k++
			to[v] = k
		}
	}
	if k == c.Vars {
		return c, false
	}
	d := c.clone()
	d.Vars = k
	if c.Planted != nil {
		d.Planted = dimacs.NewModel(k)
		for v := 1; v <= c.Vars && v < len(c.Planted); v++ {
			if to[v] > 0 {
				d.Planted[to[v]] = c.Planted[v]
			}
		}
	}
	for _, cl := range d.Clauses {
		for j, l := range cl {
			if l < 0 {
				cl[j] = -to[-l]
			} else {
				cl[j] = to[l]
			}
		}
	}
	return d, true
}
