package boolexpr

import (
	"slices"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/enctest"
)

// TestGroups checks the group lines of bool2cnf: one group per input
// formula (its asserting clauses), the Tseitin definitions group 0, shared
// by every formula (enctest.Groups); in the Tseitin and polarity
// encodings a conflict names the formulas at fault. A table's clause
// "some row" is its group, the rows' selectors group 0.
func TestGroups(t *testing.T) {
	src := "a & b\n(a & b) -> c\nd | e\n!c | !(a & b)\n"
	file, err := Parse(strings.NewReader(src), "bad.bool")
	if err != nil {
		t.Fatal(err)
	}
	for _, pol := range []bool{false, true} {
		_, f := encode(t, file, Options{Polarity: pol})
		var got []string
		for _, g := range enctest.Groups(t, f) {
			got = append(got, g.Name)
		}
		want := []string{"formula 1: a & b", "formula 2: a & b -> c", "formula 3: d | e", "formula 4: !c | !(a & b)"}
		if !slices.Equal(got, want) {
			t.Errorf("polarity %v: groups %q,\nwant %q", pol, got, want)
		}
		want = []string{"formula 1: a & b", "formula 2: a & b -> c", "formula 4: !c | !(a & b)"}
		if got := enctest.Explain(t, f); !slices.Equal(got, want) {
			t.Errorf("polarity %v: conflict %q, want %q", pol, got, want)
		}
	}
	ts, err := ParseTablesString("x y\n10\n01\nx\n1\ny\n1\n", "bad.dnf")
	if err != nil {
		t.Fatal(err)
	}
	_, f := encodeTables(t, ts, Options{}.Style)
	want := []string{"table 1: x y", "table 2: x", "table 3: y"}
	if got := enctest.Explain(t, f); !slices.Equal(got, want) {
		t.Errorf("tables: conflict %q, want %q", got, want)
	}
}
