package nonogram

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/enctest"
	"github.com/pipesat/pipesat/solver"
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
	all := []Encoding{Automaton, Runs, Patterns, Order}
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

// TestGroupsAlone checks that each group, with group 0 and no other group,
// says exactly what its clue or given says: a line's cells can take just
// the patterns (in colour, the colourings) that fit its clue, and a given's
// cell just what the given allows. The encoder drops a clause it wrote
// before only within one group (cellClauses in dedupe.go): a unit that a
// row, a column and a given all force is written in each, so satrun
// --explain can drop any two of them and the third still holds.
func TestGroupsAlone(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	var puzzles []string
	for range 6 {
		puzzles = append(puzzles, randomNON(rng, 4, 3, 0))
	}
	// All black: every line forces each of its cells, as a row and a
	// column do, and a given as well.
	puzzles = append(puzzles, "width 3\nheight 2\nrows\n3\n3\ncolumns\n2\n2\n2\ngivens\n0,0\n1,2\n")
	for range 4 {
		puzzles = append(puzzles, randomNON(rng, 3, 3, 2))
	}
	// One colour everywhere but the middle row, with givens.
	puzzles = append(puzzles, "width 3\nheight 3\ncolor a #ff0000\ncolor b #0000ff\nrows\n3a\n1a,1b,1a\n3a\ncolumns\n3a\n1a,1b,1a\n3a\ngivens\n0,0,a\n1,1\n")
	for _, src := range puzzles {
		p, err := Read(strings.NewReader(src), "alone.non", NON)
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		encs := []Encoding{Automaton, Runs, Patterns, Order}
		if p.IsColour() {
			encs = encs[:1]
		}
		for _, enc := range encs {
			_, f := encode(t, p, Options{Encoding: enc})
			gs := enctest.Groups(t, f)
			for gi, g := range gs {
				checkGroupAlone(t, p, f, gs, gi, fmt.Sprintf("%s %s group %d %s", strings.ReplaceAll(src, "\n", " "), enc, g.ID, g.Name))
			}
		}
	}
}

// randomNON returns a .non file of the clues of a random w x h picture,
// in k colours (0: black and white), with two of its cells given.
func randomNON(rng *rand.Rand, w, h, k int) string {
	pic := make([]int, w*h)
	for i := range pic {
		pic[i] = rng.IntN(max(k, 1) + 1)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "width %d\nheight %d\n", w, h)
	for c := range k {
		fmt.Fprintf(&b, "color %c #%02x0000\n", 'a'+c, 40*c+40)
	}
	clue := func(line []int) {
		runs, cols := ColourClueOf(line)
		var s []string
		for j, n := range runs {
			if k == 0 {
				s = append(s, strconv.Itoa(n))
			} else {
				s = append(s, fmt.Sprintf("%d%c", n, 'a'+cols[j]-1))
			}
		}
		if len(s) == 0 {
			s = []string{"0"}
		}
		fmt.Fprintln(&b, strings.Join(s, ","))
	}
	b.WriteString("rows\n")
	for r := range h {
		clue(pic[r*w : (r+1)*w])
	}
	b.WriteString("columns\n")
	for c := range w {
		var col []int
		for r := range h {
			col = append(col, pic[r*w+c])
		}
		clue(col)
	}
	b.WriteString("givens\n")
	for n, i := 0, 0; i < len(pic) && n < 2; i++ {
		if pic[i] != 0 {
			if n++; k > 0 && n == 1 {
				fmt.Fprintf(&b, "%d,%d,%c\n", i/w, i%w, 'a'+pic[i]-1)
			} else {
				fmt.Fprintf(&b, "%d,%d\n", i/w, i%w)
			}
		}
	}
	return b.String()
}

// checkGroupAlone checks group gi of f with group 0 alone against
// brute force over the cells it speaks of: every assignment of them, as
// assumptions, is satisfiable just when it fits the clue or the given.
func checkGroupAlone(t *testing.T, p *Puzzle, f *dimacs.Formula, gs []dimacs.Group, gi int, desc string) {
	t.Helper()
	sub := &dimacs.Formula{Vars: f.Vars}
	for i := range f.NumClauses() {
		if in := slices.IndexFunc(gs, func(g dimacs.Group) bool { return g.Start <= i && i < g.End }); in < 0 || in == gi {
			for _, l := range f.Clause(i) {
				sub.Add(int(l))
			}
			sub.Add(0)
		}
	}
	// The cells (row, column) the group speaks of, and what fits.
	var cells [][2]int
	var fits func(line []int) bool
	k := max(len(p.Colours), 2)
	if lg, ok := ParseGroupName(gs[gi].Name); ok {
		clue, n := p.Line(lg.IsRow, lg.Index)
		cols := p.LineColours(lg.IsRow, lg.Index)
		for j := range n {
			if lg.IsRow {
				cells = append(cells, [2]int{lg.Index, j})
			} else {
				cells = append(cells, [2]int{j, lg.Index})
			}
		}
		fits = func(line []int) bool {
			runs, rc := ColourClueOf(line)
			return slices.Equal(runs, clue) && (cols == nil || slices.Equal(rc, cols))
		}
	} else {
		g := gi - p.Width - p.Height
		if g < 0 || g >= len(p.Givens) || gs[gi].Name != p.GivenGroupName(g) {
			t.Fatalf("%s: neither a line nor a given", desc)
		}
		cells = [][2]int{{p.Givens[g].Row, p.Givens[g].Col}}
		want := p.givenColour(g)
		fits = func(line []int) bool { return line[0] != 0 && (want == 0 || line[0] == want) }
	}
	line := make([]int, len(cells))
	for {
		var assume []int
		for j, c := range cells {
			if !p.IsColour() {
				v := p.Var(c[0], c[1])
				if line[j] == 0 {
					v = -v
				}
				assume = append(assume, v)
				continue
			}
			for col := range k {
				v := p.ColourVar(c[0], c[1], col)
				if line[j] != col {
					v = -v
				}
				assume = append(assume, v)
			}
		}
		r, err := solver.Gini{}.Solve(context.Background(), sub, assume)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status == dimacs.Sat {
			if err := sub.Check(r.Model); err != nil {
				t.Fatalf("%s: %v", desc, err)
			}
		}
		if got, want := r.Status == dimacs.Sat, fits(line); got != want {
			t.Errorf("%s: cells %v as %v: satisfiable %v, want %v", desc, cells, line, got, want)
		}
		// The next assignment, as a number in base k.
		j := 0
		for ; j < len(line) && line[j] == k-1; j++ {
			line[j] = 0
		}
		if j == len(line) {
			return
		}
		line[j]++
	}
}
