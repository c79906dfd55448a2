package twisty

import (
	"slices"
	"testing"

	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/internal/enctest"
)

// TestGroups checks the group lines of a 2x2x2 cube, in both colour
// codes: a group per moving sticker of the start state, the clues; the
// steps and the target are the rules, in group 0. A scramble that needs 5
// turns is explained by the start stickers that no fewer turns can all
// bring home: at depth 0 one out of place, at depth 4 several.
func TestGroups(t *testing.T) {
	p := loadCube2(t)
	_, st := scramble(p, 57) // optimum 5
	for _, code := range []Code{OneHot, Binary} {
		for depth, want := range map[int][]string{
			0: {"start sticker 1 is Y"},
			4: {"start sticker 17 is B", "start sticker 21 is W", "start sticker 22 is Y", "start sticker 24 is R"},
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
