package twisty

import (
	"slices"
	"testing"

	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/internal/enctest"
)

// TestGroups checks the group lines of a 2x2x2 cube at depth 1, in both
// colour codes: the start state, one group per step, the target
// (enctest.Groups); a scramble that needs 5 turns is explained by all of
// them, never group 0.
func TestGroups(t *testing.T) {
	p := loadCube2(t)
	_, st := scramble(p, 57) // optimum 5
	for _, code := range []Code{OneHot, Binary} {
		for depth, want := range map[int][]string{
			0: {"start state", "target state"},
			1: {"start state", "depth 1", "target state"},
		} {
			e, err := NewEncoding(p, st, depth)
			if err != nil {
				t.Fatal(err)
			}
			e.Code = code
			_, f := encode(t, e, cnfstyle.Style{})
			if got := enctest.Explain(t, f); !slices.Equal(got, want) {
				t.Errorf("%v depth %d: conflict %q, want %q", code, depth, got, want)
			}
		}
	}
}
