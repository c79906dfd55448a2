package cnfstyle

import (
	"reflect"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

func TestProvenanceLines(t *testing.T) {
	h := Provenance{Tool: "nono2cnf", Version: "v0.3.1", Args: []string{"--encoding", "runs", "gchq.non"}, Encoding: "runs"}
	want := []string{"pipesat tool nono2cnf v0.3.1", "pipesat args --encoding runs gchq.non", "pipesat encoding runs"}
	if got := h.Lines(); !reflect.DeepEqual(got, want) {
		t.Errorf("Lines() = %q, want %q", got, want)
	}
	if got := (Provenance{Tool: "queens2cnf"}).Lines(); !reflect.DeepEqual(got, []string{"pipesat tool queens2cnf", "pipesat args"}) {
		t.Errorf("no args: %q", got)
	}
	if got := (Provenance{}).Lines(); got != nil {
		t.Errorf("no tool: %q", got)
	}
}

func TestReadProvenance(t *testing.T) {
	h := Provenance{Tool: "bool2cnf", Version: "(devel)", Args: []string{"-e", "a & !b", "-o", "x.cnf"}, Encoding: "tseitin"}
	f := &dimacs.Formula{}
	f.Commentf("pipesat bool")
	Style{}.Sink(f).WriteProvenance(h, "ignored")
	var b strings.Builder
	f.WriteTo(&b)
	g, err := dimacs.Read(strings.NewReader(b.String()), "t", dimacs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, ok, err := ReadProvenance(g.Comments)
	if err != nil || !ok || !reflect.DeepEqual(got, h) {
		t.Errorf("ReadProvenance = %+v, %v, %v; want %+v", got, ok, err, h)
	}
	if _, ok, err := ReadProvenance([]string{"pipesat bool"}); ok || err != nil {
		t.Errorf("ReadProvenance without tool line: %v %v", ok, err)
	}
	_, _, err = ReadProvenance([]string{"pipesat tool a b c"})
	if err == nil || err.Error() != `provenance "c pipesat tool a b c": want "pipesat tool NAME [VERSION]"` {
		t.Errorf("err %v", err)
	}
	_, _, err = ReadProvenance([]string{"pipesat tool a", "pipesat args 'x"})
	if err == nil || err.Error() != `provenance "c pipesat args 'x": unterminated ' quote` {
		t.Errorf("err %v", err)
	}
}

func TestNames(t *testing.T) {
	for _, s := range []string{"none", "primary", "all"} {
		n, err := ParseNames(s)
		if err != nil || n.String() != s {
			t.Errorf("ParseNames(%q) = %v, %v", s, n, err)
		}
	}
	if _, err := ParseNames("cells"); err == nil || err.Error() != `"cells" is not none, primary or all` {
		t.Errorf("ParseNames(cells): %v", err)
	}
}

// adderOnly takes clauses and nothing else, as gini does.
type adderOnly struct{ lits []int }

func (a *adderOnly) Add(l int) { a.lits = append(a.lits, l) }

func TestSink(t *testing.T) {
	for _, tt := range []struct {
		st                            Style
		comment, primary, aux, groups bool
	}{
		{Style{}, true, true, false, false},
		{Style{Names: None}, true, false, false, false},
		{Style{Names: All, Comments: true}, true, true, true, true},
	} {
		f := &dimacs.Formula{}
		k := tt.st.Sink(f)
		if got := [4]bool{k.Comment != nil, k.Primary != nil, k.Aux != nil, k.Group != nil}; got != [4]bool{tt.comment, tt.primary, tt.aux, tt.groups} {
			t.Errorf("%+v: comment, primary, aux, group = %v", tt.st, got)
		}
	}
	a := &adderOnly{}
	k := Style{Names: All, Comments: true, Provenance: Provenance{Tool: "t"}}.Sink(a)
	if k.Comment != nil || k.Primary != nil || k.Aux != nil || k.Group != nil {
		t.Errorf("an Adder only: %+v", k)
	}
	k.WriteProvenance(Provenance{Tool: "t"}, "e")
	k.Commentf("x")
	k.Groupf("g")
	k.Clause(1, -2)
	if !reflect.DeepEqual(a.lits, []int{1, -2, 0}) {
		t.Errorf("clauses %v", a.lits)
	}
	f := &dimacs.Formula{}
	k = Style{Comments: true}.Sink(f)
	k.WriteProvenance(Provenance{Tool: "t", Args: []string{"a b"}}, "e")
	k.Commentf("x %d", 1)
	k.Groupf("g")
	k.Clause(1)
	var b strings.Builder
	f.WriteTo(&b)
	if want := "c pipesat tool t\nc pipesat args 'a b'\nc pipesat encoding e\nc x 1\np cnf 1 1\nc g\n1 0\n"; b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
