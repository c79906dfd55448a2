package sudoku_test

import (
	"slices"
	"testing"

	"github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/internal/enctest"
)

// TestGroups checks the group lines of a 4x4 sudoku in every at-most-one
// encoding: a group per given and none for the rules, which stay in group
// 0 (enctest.Groups); and that a conflict of two givens is explained by
// them alone.
func TestGroups(t *testing.T) {
	p, err := sudoku.New(4)
	if err != nil {
		t.Fatal(err)
	}
	p.Cells[0], p.Cells[6] = 1, 3 // r1c1=1, r2c3=3
	for _, amo := range []sudoku.AMO{sudoku.Pairwise, sudoku.Sequential, sudoku.Commander} {
		_, f := encode(t, p, sudoku.Options{AMO: amo})
		var got []string
		for _, g := range enctest.Groups(t, f) {
			got = append(got, g.Name)
		}
		want := []string{"given r1c1=1", "given r2c3=3"}
		if !slices.Equal(got, want) {
			t.Errorf("%v: groups %q,\nwant %q", amo, got, want)
		}
		// Two 1s in row 1 (a reader refuses them; the encoder takes them).
		q := *p
		q.Cells = slices.Clone(p.Cells)
		q.Cells[2] = 1
		_, f = encode(t, &q, sudoku.Options{AMO: amo})
		want = []string{"given r1c1=1", "given r1c3=1"}
		if got := enctest.Explain(t, f); !slices.Equal(got, want) {
			t.Errorf("%v: conflict %q, want %q", amo, got, want)
		}
	}
	if got := sudoku.GivenGroupName(16, 17, 12); got != "given r2c2=C" {
		t.Errorf("GivenGroupName(16, 17, 12) = %q", got)
	}
}
