package vals

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/boolexpr"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
)

// TestAuxiliaryNames reads back the names bool2cnf --names all --comments
// writes, Tseitin variables with spaces and parentheses included, from a
// CNF whose group comments sit among the clauses.
func TestAuxiliaryNames(t *testing.T) {
	file, err := boolexpr.ParseString("(a & b) | c\n!(a ^ c) | (b & !c)", "t")
	if err != nil {
		t.Fatal(err)
	}
	var cnf bytes.Buffer
	s := &dimacs.Stream{Encode: func(dst dimacs.Adder) (int, error) {
		return boolexpr.Encode(dst, file, boolexpr.Options{Style: cnfstyle.Style{Names: cnfstyle.All, Comments: true,
			Provenance: cnfstyle.Provenance{Tool: "bool2cnf", Args: []string{"t"}}}}), nil
	}}
	if _, err := s.WriteTo(&cnf); err != nil {
		t.Fatal(err)
	}
	h, g, err := ReadCNF(strings.NewReader(cnf.String()), "t.cnf")
	if err != nil {
		t.Fatal(err)
	}
	// a, b true, c false: x4 = a & b, x5 = a ^ c, x6 = b & !c.
	out, err := dimacs.ReadAnswer(strings.NewReader("s SATISFIABLE\nv 1 2 -3 4 5 6 0\n"), "out")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := Write(&b, out, h, Options{Formula: g}); err != nil {
		t.Fatalf("%v\n%s", err, cnf.String())
	}
	want := "a = true\nb = true\nc = false\ntseitin (a & b) = true\ntseitin (a ^ c) = true\ntseitin (b & !c) = true\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s\nfrom\n%s", b.String(), want, cnf.String())
	}
}

// TestNameText pins what ParseVarInfo makes of name lines: the rest of the
// line, spaces inside kept, ends trimmed, control characters shown as '?'.
func TestNameText(t *testing.T) {
	for _, tt := range []struct{ line, want string }{
		{"varname 1 seq r3 v5 s2", "seq r3 v5 s2"},
		{"varname 1 tseitin (a & !b)", "tseitin (a & !b)"},
		{"varname 1 next-to(red,cat)@1-2 (clue 2)", "next-to(red,cat)@1-2 (clue 2)"},
		{"varname 1   spaced  ", "spaced"},
		{"varname 1 tab\there", "tab?here"},
		{"varname 1 state3 s17=red", "state3 s17=red"},
	} {
		h, err := ParseVarInfo([]string{tt.line})
		if err != nil {
			t.Fatal(err)
		}
		if h.Names[1] != tt.want {
			t.Errorf("%q: name %q, want %q", tt.line, h.Names[1], tt.want)
		}
	}
}
