package dimacs

import (
	"strings"
	"testing"
)

func TestGroupComments(t *testing.T) {
	f := &Formula{}
	f.Commentf("pipesat test")
	f.Groupf("first")
	f.AddClause(1, 2)
	f.AddClause(-1)
	f.Groupf("second\nof two lines")
	f.Groupf("nested")
	f.AddClause(2)
	f.Groupf("empty at the end")
	f.Groupf("varname %d: a zebra attribute", 1)
	f.SetName(1, "seq r3 v5 s2")
	var b strings.Builder
	if _, err := f.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	want := `c pipesat test
c varname 1 seq r3 v5 s2
p cnf 2 3
c first
1 2 0
-1 0
c second of two lines
c nested
2 0
c empty at the end
c - varname 1: a zebra attribute
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	g, err := Read(strings.NewReader(b.String()), "t", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if g.NumClauses() != 3 || g.Vars != 2 {
		t.Errorf("read back %d vars %d clauses", g.Vars, g.NumClauses())
	}
}

func TestCleanName(t *testing.T) {
	long := strings.Repeat("é", MaxNameLen) // 2 bytes a rune
	for _, tt := range []struct{ in, want string }{
		{"r1c1", "r1c1"},
		{"tseitin (a & b)", "tseitin (a & b)"},
		{"seq r3 v5 s2", "seq r3 v5 s2"},
		{"  padded  ", "padded"},
		{"tab\there", "tab?here"},
		{"line\nbreak", "line?break"},
		{"bad\xffutf8", "bad?utf8"},
		{"", "?"},
		{"   ", "?"},
		{long, long[:MaxNameLen-4] + "..."},
	} {
		got := CleanName(tt.in)
		if got != tt.want {
			t.Errorf("CleanName(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if !ValidName(got) {
			t.Errorf("CleanName(%q) = %q is not valid", tt.in, got)
		}
		if ValidName(tt.in) != (tt.in == tt.want) {
			t.Errorf("ValidName(%q) = %v", tt.in, ValidName(tt.in))
		}
	}
}
