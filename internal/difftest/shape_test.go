package difftest

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

// TestReferenceRead pins the reference reading on the shapes of issue 20:
// what it reads, strictly and relaxed, or "refused".
func TestReferenceRead(t *testing.T) {
	for _, tc := range []struct {
		in             string
		strict, relaxd string
	}{
		{"p cnf 2 1\n1 0\n%\n0\n\n", "[[1]]", "[[1]]"},
		{"p cnf 2 1\n1 0\n%\n-1 0\n", "refused", "refused"},
		{"p cnf 2 2\n1 0\n%\n0\n", "refused", "[[1]]"},
		{"p cnf 2 1\n1 0\n%\n0\n-1 0\n", "refused", "refused"},
		{"p cnf 2 1\n1 0\n%\n\n0\n", "refused", "refused"},
		{"p cnf 2 1\r\n1 0\r\n", "[[1]]", "[[1]]"},
		{"p cnf 2 2\n1 0\r-2 0\n", "refused", "refused"},
		{"p cnf 1 1\n\r", "refused", "refused"},
		{"p cnf 1 1", "refused", "refused"},
		{"p cnf 1 1  \t  \r", "refused", "refused"},
		{"p cnf 2 2\n1 0\n2", "refused", "refused"},
		{"p cnf 2 3\n1 0\n2 0\n", "refused", "[[1] [2]]"},
		{"p cnf 2 1\n1 0\n2 0\n", "refused", "[[1] [2]]"},
		{"c x\np cnf 2 1\n-1 2 0", "[[-1 2]]", "[[-1 2]]"},
	} {
		for _, relaxed := range []bool{false, true} {
			want := tc.strict
			if relaxed {
				want = tc.relaxd
			}
			got := "refused"
			if c, ok := referenceRead([]byte(tc.in), relaxed); ok {
				got = fmt.Sprint(c.Clauses)
			}
			if got != want {
				t.Errorf("referenceRead(%q, relaxed %v) = %s, want %s", tc.in, relaxed, got, want)
			}
		}
	}
}

// TestShapesReadAsReference writes generated formulas in every shape and
// checks that dimacs.Read, strictly and relaxed, accepts exactly what the
// reference reading accepts, with the same clauses: the in-process half of
// what Run checks through satrun.
func TestShapesReadAsReference(t *testing.T) {
	applied := map[string]int{}
	for i := range 200 {
		c, _ := Generate(7, i)
		for _, s := range shapes {
			text := s.write(rand.New(rand.NewPCG(7, uint64(i))), c)
			if text == nil {
				continue
			}
			applied[s.name]++
			for _, relaxed := range []bool{false, true} {
				want, ok := referenceRead(text, relaxed)
				f, err := dimacs.Read(bytes.NewReader(text), "shaped.cnf", dimacs.Options{Relaxed: relaxed})
				switch {
				case ok && err != nil:
					t.Fatalf("formula %d shaped as %s, relaxed %v: Read refused what the reference reads: %v\n%s", i, s.name, relaxed, err, head(text))
				case !ok && err == nil:
					t.Fatalf("formula %d shaped as %s, relaxed %v: Read accepted what the reference refuses:\n%s", i, s.name, relaxed, head(text))
				case ok:
					got := FromFormula(f)
					if got.Vars != want.Vars || !slices.EqualFunc(got.Clauses, want.Clauses, slices.Equal[[]int]) {
						t.Fatalf("formula %d shaped as %s, relaxed %v: Read found %v, the reference %v", i, s.name, relaxed, got.Clauses, want.Clauses)
					}
				}
			}
		}
	}
	for _, s := range shapes {
		if applied[s.name] < 50 {
			t.Errorf("shape %s applied to %d formulas of 200", s.name, applied[s.name])
		}
	}
}

// head quotes the start of text for a message.
func head(text []byte) string {
	if len(text) > 200 {
		return fmt.Sprintf("%q... (%d bytes)", text[:200], len(text))
	}
	return fmt.Sprintf("%q", text)
}
