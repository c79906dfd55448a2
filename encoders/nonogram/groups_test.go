package nonogram

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/enctest"
)

// TestGroups checks the group lines of every testdata puzzle in every
// encoding that applies: one group per line and per given, named as
// GroupName and GivenGroupName say, partitioning the clauses with group 0
// (enctest.Groups).
func TestGroups(t *testing.T) {
	for path, encs := range testPuzzles(t) {
		p := readFile(t, path)
		for _, enc := range encs {
			if enc == Patterns && checkPatterns(p, 20000) != nil {
				continue
			}
			t.Run(filepath.Base(path)+"/"+enc.String(), func(t *testing.T) {
				_, f := encode(t, p, Options{Encoding: enc})
				var got []string
				for _, g := range enctest.Groups(t, f) {
					got = append(got, g.Name)
				}
				var want []string
				for r := range p.Height {
					want = append(want, p.GroupName(true, r))
				}
				for c := range p.Width {
					want = append(want, p.GroupName(false, c))
				}
				for g := range p.Givens {
					want = append(want, p.GivenGroupName(g))
				}
				if !slices.Equal(got, want) {
					t.Errorf("groups %q,\nwant %q", got, want)
				}
			})
		}
	}
}

// TestGroupsExplain explains contradictory puzzles in each encoding: the
// conflict names the lines and givens at fault, never group 0.
func TestGroupsExplain(t *testing.T) {
	all := []Encoding{Automaton, Runs, Patterns}
	for _, tt := range []struct {
		puzzle string
		encs   []Encoding
		want   [][]string // one of them
	}{
		// Row 1 is all black, column 2 all blank.
		{"width 2\nheight 2\nrows\n2\n0\ncolumns\n2\n0\n", all, [][]string{{`row 1 "2"`, `column 2 "0"`}, {`row 2 "0"`, `column 1 "2"`}}},
		// The given r2c3 in an empty row 2; or against row 1's one black
		// cell, which columns 1 and 2 put in column 3.
		{"width 3\nheight 2\nrows\n1\n0\ncolumns\n0\n0\n1\ngivens\n1,2\n", all, [][]string{
			{`row 2 "0"`, "given r2c3"},
			{`row 1 "1"`, `column 1 "0"`, `column 2 "0"`, `column 3 "1"`, "given r2c3"},
		}},
		// Colour: row 1 red then blue, the columns blue then red.
		{"width 2\nheight 1\ncolor r #ff0000\ncolor b #0000ff\nrows\n1r,1b\ncolumns\n1b\n1r\n", []Encoding{Automaton}, [][]string{
			{`row 1 "1r 1b"`, `column 1 "1b"`},
			{`row 1 "1r 1b"`, `column 2 "1r"`},
		}},
	} {
		p, err := Read(strings.NewReader(tt.puzzle), "bad.non", NON)
		if err != nil {
			t.Fatal(err)
		}
		for _, enc := range tt.encs {
			_, f := encode(t, p, Options{Encoding: enc})
			got := enctest.Explain(t, f)
			if !slices.ContainsFunc(tt.want, func(w []string) bool { return slices.Equal(got, w) }) {
				t.Errorf("%q %s: conflict %q, want one of %q", tt.puzzle, enc, got, tt.want)
			}
		}
	}
}

func TestParseGroupName(t *testing.T) {
	for _, tt := range []struct {
		name string
		want LineGroup
		ok   bool
	}{
		{`row 3 "2 1"`, LineGroup{IsRow: true, Index: 2, Clue: "2 1"}, true},
		{`column 12 "1 1 3"`, LineGroup{Index: 11, Clue: "1 1 3"}, true},
		{`row 2 "2a 1""`, LineGroup{IsRow: true, Index: 1, Clue: `2a 1"`}, true},
		{`row 0 "1"`, LineGroup{}, false},
		{`row 03 "1"`, LineGroup{}, false},
		{`row 3 1`, LineGroup{}, false},
		{`given r2c5`, LineGroup{}, false},
		{`box 3 rule`, LineGroup{}, false},
	} {
		got, ok := ParseGroupName(tt.name)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseGroupName(%q) = %+v, %v; want %+v, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
	p, err := Read(strings.NewReader("width 2\nheight 1\ncolor r #ff0000\nrows\n1r,1\ncolumns\n1r\n1\n"), "c.non", NON)
	if err != nil {
		t.Fatal(err)
	}
	if g, ok := ParseGroupName(p.GroupName(true, 0)); !ok || g.Clue != "1r 1" {
		t.Errorf("%q reads as %+v %v", p.GroupName(true, 0), g, ok)
	}
}
