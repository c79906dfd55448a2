package dimacs

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestExplainLines(t *testing.T) {
	how := ExplainStats{Solver: "gini", Calls: 14, Models: 9, Wall: 123 * time.Millisecond}.String()
	for _, tt := range []struct {
		name   string
		answer string
		e      Explanation
		want   string
	}{
		{"conflict", "s UNSATISFIABLE\n",
			Explanation{Groups: []Group{{ID: 3, Name: `row 3 "2 1"`}, {ID: 42, Name: `column 12 "1 1 3"`}}, Of: 60, How: how},
			`c conflict group 3 row 3 "2 1"
c conflict group 42 column 12 "1 1 3"
c conflict: 2 of 60 groups, found by gini in 14 calls (9 models checked), 0.123 s
`},
		{"timeout", "s UNSATISFIABLE\n",
			Explanation{Groups: []Group{{ID: 1, Name: "a"}}, Of: 2, NotMinimal: true, How: "found by cadical in 3 calls (1 models checked), 9.000 s, proof verified"},
			`c conflict not minimal (timeout)
c conflict group 1 a
c conflict: 1 of 2 groups, found by cadical in 3 calls (1 models checked), 9.000 s, proof verified
`},
		{"encoding", "s UNSATISFIABLE\n", Explanation{Of: 7}, "c conflict: 0 of 7 groups\n"},
		{"needed timeout", "s SATISFIABLE\nv 1 -2 0\n",
			Explanation{Needed: true, NotMinimal: true, Groups: []Group{{ID: 2, Name: "b"}}, Of: 2},
			"c needed not minimal (timeout)\nc needed group 2 b\nc needed: 1 of 2 groups force the solution\n"},
		{"needed", "s SATISFIABLE\nv 1 -2 0\n",
			Explanation{Needed: true, Groups: []Group{{ID: 2, Name: "clue line 4: x"}}, Of: 9, How: how},
			"c needed group 2 clue line 4: x\nc needed: 1 of 9 groups force the solution, " + how + "\n"},
		{"not unique", "s SATISFIABLE\nv 1 -2 0\n", Explanation{Needed: true, NotUnique: true}, "c needed: none, the solution is not unique\n"},
	} {
		var b strings.Builder
		for _, l := range ExplainLines(&tt.e) {
			b.WriteString("c " + l + "\n")
		}
		if b.String() != tt.want {
			t.Errorf("%s: lines\n%s\nwant\n%s", tt.name, b.String(), tt.want)
			continue
		}
		o, err := ReadAnswer(strings.NewReader(tt.answer+tt.want+"c done\n"), "out")
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		got := *o.Explain
		got.Line, got.size, got.done, got.first, got.last = 0, 0, false, 0, 0
		if !reflect.DeepEqual(got, tt.e) {
			t.Errorf("%s: read back %+v, want %+v", tt.name, got, tt.e)
		}
	}
}

func TestExplainLinesRead(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"s UNSATISFIABLE\nc conflict group 1 a\n", "out:2:1: the conflict lines end without their summary \"c conflict: N of M groups\""},
		{"s UNSATISFIABLE\nc conflict group 1 a\nc conflict: 2 of 5 groups\n", "out:3:1: the summary says 2 groups, the lines before it name 1"},
		{"s UNSATISFIABLE\nc conflict group 4 a\nc conflict group 2 b\nc conflict: 2 of 5 groups\n", "out:4:1: group 2 after group 4: want increasing IDs"},
		{"s UNSATISFIABLE\nc conflict group 1 a\nc conflict: 1 of 0 groups\n", "out:3:1: the summary says 1 groups of 0"},
		{"s UNSATISFIABLE\nc conflict: 0 of 5 groups\nc conflict group 1 a\n", "out:3:1: explanation line out of place: after the summary, or \"conflict\" and \"needed\" lines mixed"},
		{"s UNSATISFIABLE\nc needed group 1 a\nc conflict: 1 of 5 groups\n", "out:3:1: explanation line out of place: after the summary, or \"conflict\" and \"needed\" lines mixed"},
		{"s SATISFIABLE\nv 1 0\nc conflict: 0 of 5 groups\n", "out:3:1: \"conflict\" lines need UNSATISFIABLE, but the answer is SATISFIABLE"},
		{"s UNSATISFIABLE\nc needed: 0 of 5 groups force the solution\n", "out:2:1: \"needed\" lines need a solution, but the answer is UNSATISFIABLE"},
		// Other comments that start alike are a solver's.
		{"s UNSATISFIABLE\nc conflicts: 1234\nc conflict group x\nc conflict analysis\nc needed group 0 encoding\n", ""},
		// Before the answer they are header chatter.
		{"c conflict group 1 a\ns UNSATISFIABLE\n", ""},
	} {
		o, err := ReadAnswer(strings.NewReader(tt.in), "out")
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%q: %q, want %q", tt.in, got, tt.want)
		}
		if tt.want == "" && o.Explain != nil {
			t.Errorf("%q: explanation %+v, want none", tt.in, o.Explain)
		}
	}
}

func TestExplanationSentence(t *testing.T) {
	g := func(names ...string) []Group {
		var gs []Group
		for i, n := range names {
			gs = append(gs, Group{ID: i + 1, Name: n})
		}
		return gs
	}
	words := func(n string) string { return strings.ReplaceAll(n, `"`, "") }
	for _, tt := range []struct {
		e    Explanation
		want string
	}{
		{Explanation{Groups: g(`row 3 "2 1"`, `row 7 "5"`, `column 12 "1 1 3"`), Of: 40}, "no solution: row 3 2 1, row 7 5 and column 12 1 1 3 cannot all hold; each of the others can be dropped"},
		{Explanation{Groups: g("a", "b"), Of: 2}, "no solution: a and b cannot all hold"},
		{Explanation{Groups: g("a"), Of: 5}, "no solution: a cannot hold; each of the others can be dropped"},
		{Explanation{Of: 5}, "no solution: the rules contradict each other, whatever the clues"},
		{Explanation{Groups: g("a", "b"), Of: 5, NotMinimal: true}, "no solution: a and b cannot all hold; each of the others can be dropped (not minimal: the search for a smaller one ran out of time)"},
		{Explanation{Needed: true, Groups: g("a", "b"), Of: 5}, "the solution needs a and b: without any one of them there is another; the other 3 can be dropped"},
		{Explanation{Needed: true, Groups: g("a"), Of: 1}, "the solution needs a: without it there is another"},
		{Explanation{Needed: true, Of: 3}, "the solution needs no clue: the rules alone force it"},
		{Explanation{Needed: true, NotUnique: true}, "the solution is not unique: no set of clues forces it"},
		{Explanation{Needed: true, Groups: g("a", "b"), Of: 3, NotMinimal: true}, "the solution is forced by a and b; the other 1 can be dropped (not minimal: the search for fewer ran out of time)"},
	} {
		if got := tt.e.Sentence(words); got != tt.want {
			t.Errorf("%+v:\n got %q\nwant %q", tt.e, got, tt.want)
		}
	}
}
