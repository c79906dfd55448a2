package enctest

import (
	"fmt"
	"slices"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

func TestDuplicates(t *testing.T) {
	for _, tt := range []struct {
		pairs         bool // clauses 2k and 2k+1 are group k (group 0 first)
		clauses       [][]int
		first, second int // -1: none
	}{
		{false, [][]int{{1, 2}, {2, 3}, {-1}}, -1, -1},
		{false, [][]int{{1, 2}, {2, 1}}, 0, 1},
		{false, [][]int{{1, 2, 2}, {3}, {2, 1}}, 0, 2},
		{false, [][]int{{3}, {-5, -6}, {4}, {-6, -5}, {3}}, 1, 3},
		{false, [][]int{{1}, {2}, {3}, {2}, {1}}, 1, 3},
		{false, [][]int{{1, -1}, {-1, 1}}, 0, 1},
		{false, [][]int{{1, 2}, {1, 2, 3}, {1}}, -1, -1},
		// A clause may repeat one of another group, not one of its own.
		{true, [][]int{{1}, {2}, {1}, {3}}, -1, -1},
		{true, [][]int{{1}, {2}, {1}, {3}, {4}, {4}}, 4, 5},
		{true, [][]int{{1}, {2}, {1}, {3}, {3}, {1}}, -1, -1},
		{true, [][]int{{1}, {2}, {2}, {3}, {4}, {-4}, {3}, {3}}, 6, 7},
	} {
		f := &dimacs.Formula{}
		for i, c := range tt.clauses {
			if tt.pairs && i%2 == 0 {
				f.BeginGroup(i/2, fmt.Sprintf("g%d", i/2))
			}
			f.AddClause(c...)
		}
		i, j, c, ok := Duplicates(f)
		if tt.second < 0 {
			if ok {
				t.Errorf("%v: clause %d repeats %d", tt.clauses, j, i)
			}
			continue
		}
		want := tt.clauses[tt.second]
		got := make([]int, len(c))
		for k, l := range c {
			got[k] = int(l)
		}
		if !ok || i != tt.first || j != tt.second || !slices.Equal(got, want) {
			t.Errorf("%v: %d, %d, %v, %v; want %d, %d, %v", tt.clauses, i, j, c, ok, tt.first, tt.second, want)
		}
	}
}
