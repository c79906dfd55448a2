package dimacs

import (
	"errors"
	"fmt"
	"slices"
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
			var he *PipesatLineError
			if !errors.As(err, &he) {
				t.Errorf("%q: error %v is not a *PipesatLineError", tt.text, err)
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

func TestReadGroups(t *testing.T) {
	in := `c pipesat nonogram 2 2
p cnf 4 7
-4 0
c pipesat group 17 row 1 "2"
c row 1, clue 2: the human comment stays a comment
1 0
2 0
c pipesat group 3 empty, forgotten
c pipesat group 0 encoding
3 -3 0
c pipesat group 18 column 1 "1"
c pipesat group 19 column 2 "1"
1 3 0
c pipesat group 0 back to the encoding
c pipesat group 20 a last group
4 0
2 4 0
`
	f, err := Read(strings.NewReader(in), "t.cnf", Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []Group{
		{ID: 17, Name: `row 1 "2"`, Start: 1, End: 3},
		{ID: 19, Name: `column 2 "1"`, Start: 4, End: 5},
		{ID: 20, Name: "a last group", Start: 5, End: 7},
	}
	if got := f.Groups(); !slices.Equal(got, want) {
		t.Errorf("groups %v, want %v", got, want)
	}
	if !slices.Equal(f.Comments, []string{"pipesat nonogram 2 2"}) {
		t.Errorf("comments %q: group lines are kept apart", f.Comments)
	}
	var b strings.Builder
	if _, err := f.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	wantOut := `c pipesat nonogram 2 2
p cnf 4 7
-4 0
c pipesat group 17 row 1 "2"
1 0
2 0
c pipesat group 0 encoding
3 -3 0
c pipesat group 19 column 2 "1"
1 3 0
c pipesat group 20 a last group
4 0
2 4 0
`
	if b.String() != wantOut {
		t.Errorf("written\n%s\nwant\n%s", b.String(), wantOut)
	}
	g, err := Read(strings.NewReader(b.String()), "again", Options{})
	if err != nil || !slices.Equal(g.Groups(), want) {
		t.Errorf("read back: %v, %v", g.Groups(), err)
	}
	// Past the bound on the comments kept, group lines are still kept.
	g, err = Read(strings.NewReader(in), "t.cnf", Options{MaxComments: 1})
	if err != nil || !slices.Equal(g.Groups(), want) || g.DroppedComments() != 1 {
		t.Errorf("bounded: %v, %d dropped, %v", g.Groups(), g.DroppedComments(), err)
	}
}

func TestReadGroupErrors(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"p cnf 1 1\nc pipesat group x\n1 0\n", `t.cnf:2:17: want a group number, not "x"`},
		{"p cnf 1 1\n  c pipesat group 5\n1 0\n", `t.cnf:2:20: group 5 has no name`},
		{"c pipesat group 1 a\np cnf 1 2\n1 0\nc pipesat group 1 b\n-1 0\n", `t.cnf:4:17: group 1 again: line 1 started it`},
		{"c pipesat group 0\np cnf 1 1\nc pipesat group 01 a\n1 0\n", `t.cnf:3:17: group number "01" has a leading zero`},
	} {
		_, err := Read(strings.NewReader(tt.in), "t.cnf", Options{})
		if err == nil || err.Error() != tt.want {
			t.Errorf("%q: %v, want %q", tt.in, err, tt.want)
		}
	}
	// An empty group's ID may come again: it was forgotten.
	f, err := Read(strings.NewReader("p cnf 1 1\nc pipesat group 1 a\nc pipesat group 1 b\n1 0\n"), "t.cnf", Options{})
	if err != nil || !slices.Equal(f.Groups(), []Group{{ID: 1, Name: "b", Start: 0, End: 1}}) {
		t.Errorf("%v, %v", f.Groups(), err)
	}
}

// TestGroupLinesMemory checks that group lines without clauses cost no
// memory: a million of them leave one group.
func TestGroupLinesMemory(t *testing.T) {
	var b strings.Builder
	b.WriteString("p cnf 1 1\n")
	for i := 1; i <= 1000000; i++ {
		fmt.Fprintf(&b, "c pipesat group %d a name of some length\n", i)
	}
	b.WriteString("1 0\n")
	f, err := Read(strings.NewReader(b.String()), "t.cnf", Options{})
	if err != nil || len(f.Groups()) != 1 || cap(f.marked) > 4 {
		t.Errorf("%d groups (room for %d), %v", len(f.Groups()), cap(f.marked), err)
	}
}

func TestBeginGroup(t *testing.T) {
	f := &Formula{}
	f.AddClause(1)
	f.BeginGroup(4, "given r1c1=1")
	f.Groupf("a human comment")
	f.AddClause(2)
	f.BeginGroup(5, "never used")
	f.BeginGroup(0, "")
	f.AddClause(3)
	f.BeginGroup(6, "box 1\nrule")
	f.AddClause(-3, 1)
	want := []Group{{ID: 4, Name: "given r1c1=1", Start: 1, End: 2}, {ID: 6, Name: "box 1?rule", Start: 3, End: 4}}
	if got := f.Groups(); !slices.Equal(got, want) {
		t.Errorf("groups %v, want %v", got, want)
	}
	f.BeginGroup(7, "open, no clause yet")
	if got := f.Groups(); !slices.Equal(got, want) {
		t.Errorf("groups %v with an empty one open, want %v", got, want)
	}
	f.AddClause(2, 3)
	want = append(want, Group{ID: 7, Name: "open, no clause yet", Start: 4, End: 5})
	if got := f.Groups(); !slices.Equal(got, want) {
		t.Errorf("groups %v, want %v", got, want)
	}
	var b strings.Builder
	f.WriteTo(&b)
	wantOut := `p cnf 3 5
1 0
c pipesat group 4 given r1c1=1
c a human comment
2 0
c pipesat group 0 encoding
3 0
c pipesat group 6 box 1?rule
-3 1 0
c pipesat group 7 open, no clause yet
2 3 0
`
	if b.String() != wantOut {
		t.Errorf("written\n%s\nwant\n%s", b.String(), wantOut)
	}
}
