package nonogram

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
)

// TestClauseLong: sink.clause writes a clause of any length as the scan
// of the clause so far would (which it does below longClause, and looks
// literals up in marks from there): each literal once, in first-seen
// order, and nothing when a literal's negation is in it too; several long
// clauses one after another, so that the marks of one do not leak into
// the next.
func TestClauseLong(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 7))
	f := &dimacs.Formula{}
	s := &sink{out: cnfstyle.Style{}.Sink(f), vars: 300}
	var want [][]int
	for k := range 400 {
		n := 1 + r.IntN(3*longClause)
		vars := 1 + r.IntN(300)
		lits := make([]int, n)
		for i := range lits {
			lits[i] = 1 + r.IntN(vars)
			if k%3 == 0 || r.IntN(8) == 0 {
				lits[i] = -lits[i] // a third of the clauses all negative: few tautologies
			}
		}
		// The reference: a scan of the clause so far.
		var c []int
		taut := false
	lits:
		for _, l := range lits {
			for _, x := range c {
				if x == l {
					continue lits
				}
				if x == -l {
					taut = true
					break lits
				}
			}
			c = append(c, l)
		}
		if !taut {
			want = append(want, c)
		}
		s.clause(lits...)
	}
	if f.NumClauses() != len(want) {
		t.Fatalf("%d clauses written, want %d", f.NumClauses(), len(want))
	}
	long := 0
	for i, w := range want {
		got := make([]int, 0, len(w))
		for _, l := range f.Clause(i) {
			got = append(got, int(l))
		}
		if !slices.Equal(got, w) {
			t.Fatalf("clause %d: %v, want %v", i, got, w)
		}
		if len(w) > longClause {
			long++
		}
	}
	if long < 50 {
		t.Errorf("only %d clauses longer than %d", long, longClause)
	}
	t.Logf("%d clauses, %d long", len(want), long)
}
