package dimacs

import (
	"fmt"
	"testing"
)

func TestDistinct(t *testing.T) {
	sols := [][]int{{1, 2}, {1, 2}, {2, 1}, {1}, {2, 1}, {1, 2}}
	kept, reps := Distinct(sols)
	if got := fmt.Sprint(kept, reps); got != "[[1 2] [2 1] [1]] [{2 1} {5 3} {6 1}]" {
		t.Errorf("got %s", got)
	}
	if got := repeatLine(reps); got != "c 3 solutions repeat earlier ones, each counted once: 2 (of 1), 5 (of 3), 6 (of 1)\n" {
		t.Errorf("got %q", got)
	}
	many := make([][]bool, 23)
	_, reps = Distinct(many)
	if got := repeatLine(reps); got != "c 22 solutions repeat earlier ones, each counted once: 2 (of 1), 3 (of 1), 4 (of 1), 5 (of 1), 6 (of 1), 7 (of 1), 8 (of 1), 9 (of 1), 10 (of 1), "+
		"11 (of 1), 12 (of 1), 13 (of 1), 14 (of 1), 15 (of 1), 16 (of 1), 17 (of 1), 18 (of 1), 19 (of 1), 20 (of 1), 21 (of 1), ...\n" {
		t.Errorf("got %q", got)
	}
	if got := repeatLine(nil); got != "" {
		t.Errorf("got %q", got)
	}
}
