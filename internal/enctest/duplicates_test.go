package enctest

import (
	"slices"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

func TestDuplicates(t *testing.T) {
	for _, tt := range []struct {
		clauses       [][]int
		first, second int // -1: none
	}{
		{[][]int{{1, 2}, {2, 3}, {-1}}, -1, -1},
		{[][]int{{1, 2}, {2, 1}}, 0, 1},
		{[][]int{{1, 2, 2}, {3}, {2, 1}}, 0, 2},
		{[][]int{{3}, {-5, -6}, {4}, {-6, -5}, {3}}, 1, 3},
		{[][]int{{1}, {2}, {3}, {2}, {1}}, 1, 3},
		{[][]int{{1, -1}, {-1, 1}}, 0, 1},
		{[][]int{{1, 2}, {1, 2, 3}, {1}}, -1, -1},
	} {
		f := &dimacs.Formula{}
		for _, c := range tt.clauses {
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
