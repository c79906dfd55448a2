package zebra

import (
	"bytes"
	"slices"
	"testing"

	"github.com/pipesat/pipesat/internal/enctest"
)

// TestGroups checks the group lines: one group per clue, named by its
// line, the permutations group 0 (enctest.Groups); and that contradictory
// clues are explained by those clues, never group 0.
func TestGroups(t *testing.T) {
	p := readPuzzle(t, "../../testdata/zebra/einstein.txt")
	f := formula(t, p)
	var got, want []string
	for _, g := range enctest.Groups(t, f) {
		got = append(got, g.Name)
	}
	for _, c := range p.Clues {
		want = append(want, p.ClueGroupName(c))
	}
	if !slices.Equal(got, want) || want[0] != "clue line 12: same Brit red" {
		t.Errorf("groups %q,\nwant %q", got, want)
	}
	src := "colour: red blue\npet: dog cat\nsame red dog\nnext-to red blue\nsame red cat\n"
	q, err := Parse(bytes.NewReader([]byte(src)), "two.txt")
	if err != nil {
		t.Fatal(err)
	}
	want = []string{"clue line 3: same red dog", "clue line 5: same red cat"}
	if got := enctest.Explain(t, formula(t, q)); !slices.Equal(got, want) {
		t.Errorf("conflict %q, want %q", got, want)
	}
}
