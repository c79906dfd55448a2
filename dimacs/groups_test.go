package dimacs

import (
	"errors"
	"fmt"
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

var groupLineTests = []struct {
	text, name string
	id         int
	wantErr    string
}{
	{text: `pipesat group 17 row 3 "2 1"`, id: 17, name: `row 3 "2 1"`},
	{text: `pipesat group 1 clue line 7: "The Englishman lives in the red house."`, id: 1, name: `clue line 7: "The Englishman lives in the red house."`},
	{text: `pipesat group 0 encoding`, id: 0, name: "encoding"},
	{text: `pipesat group 0`, id: 0, name: ""},
	{text: `pipesat group 999999999 x`, id: 999999999, name: "x"},
	{text: `pipesat group x row 1`, wantErr: `15: want a group number, not "x"`},
	{text: `pipesat group -3 row 1`, wantErr: `15: want a group number, not "-3"`},
	{text: `pipesat group `, wantErr: `15: want a group number, not ""`},
	{text: `pipesat group 017 row 1`, wantErr: `15: group number "017" has a leading zero`},
	{text: `pipesat group 1000000000 row 1`, wantErr: `15: group number "1000000000" is over 999999999`},
	{text: `pipesat group 4`, wantErr: `16: group 4 has no name`},
	{text: `pipesat group 4 `, wantErr: `16: group 4 has no name`},
	{text: `pipesat group 4x row`, wantErr: `16: want a space after the group number, not "x"`},
	{text: `pipesat group 4  row`, wantErr: `17: group 4's name " row" is not a name: printable text without spaces at its ends`},
	{text: "pipesat group 4 row\t1", wantErr: `17: group 4's name "row\t1" is not a name: printable text without spaces at its ends`},
	{text: "pipesat group 4 " + strings.Repeat("x", MaxGroupName+1), wantErr: `17: group 4's name is longer than 1000 bytes`},
	{text: `pipesat grouping 4 x`, wantErr: `1: want "pipesat group ID NAME"`},
}

func TestParseGroupLine(t *testing.T) {
	for _, tt := range groupLineTests {
		id, name, err := ParseGroupLine(tt.text)
		got := ""
		if err != nil {
			var he *HeaderLineError
			if !errors.As(err, &he) {
				t.Errorf("%q: error %v is not a *HeaderLineError", tt.text, err)
				continue
			}
			got = fmt.Sprintf("%d: %v", he.Col, he.Err)
		}
		if got != tt.wantErr || id != tt.id || name != tt.name {
			t.Errorf("%q: %d %q %q, want %d %q %q", tt.text, id, name, got, tt.id, tt.name, tt.wantErr)
		}
		if err == nil && id > 0 && GroupLine(id, name) != tt.text {
			t.Errorf("GroupLine(%d, %q) = %q, want %q", id, name, GroupLine(id, name), tt.text)
		}
	}
	for _, tt := range []struct {
		id         int
		name, want string
	}{
		{3, "box 3 rule", "pipesat group 3 box 3 rule"},
		{0, "whatever", "pipesat group 0 encoding"},
		{5, "two\nlines ", "pipesat group 5 two?lines"},
		{6, "", "pipesat group 6 ?"},
		{7, strings.Repeat("é", MaxGroupName), "pipesat group 7 " + strings.Repeat("é", (MaxGroupName-4)/2) + "..."},
	} {
		if got := GroupLine(tt.id, tt.name); got != tt.want {
			t.Errorf("GroupLine(%d, %q) = %q, want %q", tt.id, tt.name, got, tt.want)
		}
	}
}

// FuzzParseGroupLine checks that ParseGroupLine never panics, and that a
// group line it reads is written back the same by GroupLine.
func FuzzParseGroupLine(f *testing.F) {
	for _, tt := range groupLineTests {
		f.Add(tt.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		id, name, err := ParseGroupLine(text)
		if err != nil {
			return
		}
		if id < 0 || id > 999999999 {
			t.Fatalf("%q: id %d", text, id)
		}
		if id > 0 && GroupLine(id, name) != text {
			t.Errorf("%q reads as %d %q, written back as %q", text, id, name, GroupLine(id, name))
		}
	})
}
