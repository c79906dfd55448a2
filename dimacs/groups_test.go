package dimacs

import (
	"errors"
	"strings"
	"testing"
)

func TestWriteGCNF(t *testing.T) {
	f := &Formula{Vars: 4}
	f.AddClause(1, 2)
	f.AddClause(-1)
	f.AddClause(-2, 3)
	f.AddClause(-3)
	f.AddClause(4)
	groups := []Group{
		{ID: 17, Name: `row 3 "2 1"`, Start: 1, End: 3},
		{ID: 2, Name: "given r2c5=7", Start: 3, End: 4},
	}
	var b strings.Builder
	if err := WriteGCNF(&b, f, groups); err != nil {
		t.Fatal(err)
	}
	want := `c group 17 row 3 "2 1"
c group 2 given r2c5=7
p gcnf 4 5 17
{0} 1 2 0
{17} -1 0
{17} -2 3 0
{2} -3 0
{0} 4 0
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	if err := WriteGCNF(&b, &Formula{}, nil); err != nil || b.String() != "p gcnf 0 0 0\n" {
		t.Errorf("empty: %q, %v", b.String(), err)
	}
	if err := WriteGCNF(&b, f, []Group{{ID: 1, Name: "a", Start: 4, End: 6}}); err == nil || err.Error() != `group 1 "a": clauses 5..6 outside the formula's 5` {
		t.Errorf("bad group: %v", err)
	}
	if err := WriteGCNF(failWriter{}, f, groups); err == nil || err.Error() != "disk full" {
		t.Errorf("failing writer: %v", err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestCheckGroups(t *testing.T) {
	for _, tt := range []struct {
		groups []Group
		want   string
	}{
		{nil, ""},
		{[]Group{{ID: 3, Name: "a", Start: 0, End: 0}, {ID: 1, Name: "b", Start: 0, End: 2}}, ""},
		{[]Group{{ID: 2, Name: "late", Start: 1, End: 2}, {ID: 1, Name: "early", Start: 0, End: 1}}, ""},
		{[]Group{{ID: -1, Name: "a", Start: 0, End: 1}}, `group -1 "a": id must be positive`},
		{[]Group{{ID: 1, Name: "a", Start: -1, End: 1}}, `group 1 "a": clauses 0..1 outside the formula's 2`},
		{[]Group{{ID: 4, Name: "a", Start: 0, End: 1}, {ID: 4, Name: "b", Start: 1, End: 2}}, `group 4 "b": id used by group "a" too`},
		{[]Group{{ID: 2, Name: "b", Start: 1, End: 2}, {ID: 1, Name: "a", Start: 0, End: 2}}, `group 2 "b": clause 2 is in group 1 "a" too`},
	} {
		err := CheckGroups(tt.groups, 2)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%v: %q, want %q", tt.groups, got, tt.want)
		}
	}
}
