package queens_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/pipesat/pipesat/encoders/queens"
	"github.com/pipesat/pipesat/internal/enctest"
)

// TestGroups checks the group lines of queens and rooks: one group per
// row, column and diagonal (enctest.Groups); 3 queens, which have no
// placement, are explained by some of them, never group 0.
func TestGroups(t *testing.T) {
	for _, rooks := range []bool{false, true} {
		_, f := encode(t, 4, queens.Options{Rooks: rooks})
		var got, want []string
		for _, g := range enctest.Groups(t, f) {
			got = append(got, g.Name)
		}
		for _, kind := range []string{"row", "column"} {
			for i := 1; i <= 4; i++ {
				want = append(want, fmt.Sprintf("%s %d rule", kind, i))
			}
		}
		if !rooks {
			for d := -2; d <= 2; d++ {
				want = append(want, fmt.Sprintf("diagonal row-column=%d rule", d))
			}
			for s := 3; s <= 7; s++ {
				want = append(want, fmt.Sprintf("anti-diagonal row+column=%d rule", s))
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("rooks %v: groups %q,\nwant %q", rooks, got, want)
		}
	}
	_, f := encode(t, 3, queens.Options{})
	if got := enctest.Explain(t, f); len(got) < 3 {
		t.Errorf("3 queens: conflict %q, want at least 3 rules", got)
	}
}
