package nonogram

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/go-air/gini/z"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
)

// bruteLine returns what every filling of a line of len(known) cells with
// the runs of clue that agrees with known says of each cell (cellBlack,
// cellWhite, or cellUnknown where fillings differ), and whether any
// filling agrees.
func bruteLine(clue Clue, known []int8) ([]int8, bool) {
	n := len(known)
	var out []int8
	line := make([]bool, n)
	for bitsOf := range 1 << n {
		fits := true
		for i := range n {
			line[i] = bitsOf&(1<<i) != 0
			if line[i] && known[i] == cellWhite || !line[i] && known[i] == cellBlack {
				fits = false
			}
		}
		if !fits || !slices.Equal(ClueOf(line), clue) && !(len(clue) == 0 && len(ClueOf(line)) == 0) {
			continue
		}
		if out == nil {
			out = make([]int8, n)
			for i, b := range line {
				out[i] = cellWhite
				if b {
					out[i] = cellBlack
				}
			}
			continue
		}
		for i, b := range line {
			if b && out[i] == cellWhite || !b && out[i] == cellBlack {
				out[i] = cellUnknown
			}
		}
	}
	return out, out != nil
}

// TestLineSolver checks the line solver, and that left-right overlap finds
// a part of what it finds, against every filling, for every
// clue and every partly known line of up to 5 cells, and random ones of up
// to 12.
func TestLineSolver(t *testing.T) {
	ls := &lineSolver{}
	check := func(clue Clue, known []int8) {
		t.Helper()
		want, wantOK := bruteLine(clue, known)
		got := slices.Clone(known)
		ok := ls.solve(clue, got)
		if ok != wantOK || ok && !slices.Equal(got, want) {
			t.Fatalf("clue %v, line %v: got %v %v, want %v %v", clue, known, got, ok, want, wantOK)
		}
		// overlap finds a subset: no cell that the fillings do not agree on.
		got = slices.Clone(known)
		ok = ls.overlap(clue, got)
		sound := true
		for i, v := range got {
			if ok && wantOK && v != cellUnknown && v != want[i] || v != known[i] && known[i] != cellUnknown {
				sound = false
			}
		}
		if ok != wantOK || !sound {
			t.Fatalf("clue %v, line %v: overlap got %v %v, want a part of %v %v", clue, known, got, ok, want, wantOK)
		}
	}
	for n := 1; n <= 5; n++ {
		clues := map[string]Clue{}
		line := make([]bool, n)
		for b := range 1 << n {
			for i := range n {
				line[i] = b&(1<<i) != 0
			}
			c := ClueOf(line)
			clues[c.String()] = c
		}
		known := make([]int8, n)
		for k := range pow3(n) {
			for i, x := 0, k; i < n; i, x = i+1, x/3 {
				known[i] = int8(x%3) - 1
			}
			for _, c := range clues {
				check(c, known)
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		n := 6 + rng.IntN(7)
		line := make([]bool, n)
		for i := range line {
			line[i] = rng.IntN(3) > 0
		}
		clue := ClueOf(line)
		if rng.IntN(4) == 0 && len(clue) > 0 {
			clue[rng.IntN(len(clue))]++ // often no filling fits
		}
		known := make([]int8, n)
		for i := range known {
			if rng.IntN(3) == 0 {
				known[i] = int8(rng.IntN(2)*2 - 1)
			}
		}
		check(clue, known)
	}
}

func pow3(n int) int {
	p := 1
	for range n {
		p *= 3
	}
	return p
}

// pictures returns the pictures of f's models over the w*h cells, up to
// limit of them, found with gini and blocking clauses over the cells, as
// strings sorted; complete tells whether there are no more.
func pictures(t *testing.T, f *dimacs.Formula, cells, limit int) (pics []string, complete bool) {
	t.Helper()
	g := giniOf(f)
	for len(pics) < limit {
		if g.Solve() != 1 {
			slices.Sort(pics)
			return pics, true
		}
		m := checkedModel(t, g, f, f.Vars)
		var b strings.Builder
		for v := 1; v <= cells; v++ {
			if m[v] > 0 {
				b.WriteByte('1')
				g.Add(z.Dimacs2Lit(-v))
			} else {
				b.WriteByte('0')
				g.Add(z.Dimacs2Lit(v))
			}
		}
		g.Add(0)
		pics = append(pics, b.String())
	}
	slices.Sort(pics)
	return pics, false
}

// withoutGivens returns p without its givens: GCHQ without them has
// many pictures.
func withoutGivens(p *Puzzle) *Puzzle {
	q := *p
	q.Givens = nil
	return &q
}

// TestPresolveSameSolutions checks that the presolved formula has the
// pictures of the full one, in every encoding, on every puzzle of
// testdata (and the shared ones when present), GCHQ without its givens
// (many pictures), and random puzzles, some with no solution: up to 40
// pictures each, and the same answer to "is there a second one".
func TestPresolveSameSolutions(t *testing.T) {
	type puzzle struct {
		name string
		p    *Puzzle
	}
	var ps []puzzle
	files := puzzleFiles(t)
	for _, ext := range []string{"xml", "keen"} {
		more, _ := filepath.Glob("../../testdata/nonogram/*." + ext)
		files = append(files, more...)
	}
	for _, name := range files {
		p := readFile(t, name)
		ps = append(ps, puzzle{filepath.Base(name), p})
		if len(p.Givens) > 0 {
			ps = append(ps, puzzle{filepath.Base(name) + " without givens", withoutGivens(p)})
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for k := range 60 {
		w, h := 2+rng.IntN(7), 2+rng.IntN(7)
		pic := randomCells(rng, w*h)
		p := PuzzleOf(pic, w, h)
		if k%4 == 3 {
			// A given that may contradict the clues.
			p.Givens = []Cell{{rng.IntN(h), rng.IntN(w)}}
		}
		ps = append(ps, puzzle{fmt.Sprintf("random %dx%d #%d", w, h, k), p})
	}
	for _, pz := range ps {
		encs := []Encoding{Automaton, Order}
		if pz.p.Width*pz.p.Height <= 100 {
			encs = append(encs, Runs, Patterns)
		}
		if pz.p.IsColour() {
			continue
		}
		for _, enc := range encs {
			_, full := encode(t, pz.p, Options{Encoding: enc})
			_, pre := encode(t, pz.p, Options{Encoding: enc, Presolved: Presolve(pz.p)})
			cells := pz.p.Width * pz.p.Height
			limit := 40
			if cells > 400 {
				limit = 2 // --max 2: the question a uniqueness check asks
			}
			want, wantAll := pictures(t, full, cells, limit)
			got, gotAll := pictures(t, pre, cells, limit)
			if len(got) != len(want) || gotAll != wantAll || (limit > 2 || len(got) == 1) && !slices.Equal(got, want) {
				// With --max 2 and several pictures, which two come
				// first is the solver's choice.
				t.Errorf("%s, %v: presolved formula has %d pictures (all: %v), the full one %d (all: %v), or they differ", pz.name, enc, len(got), gotAll, len(want), wantAll)
			}
			if pre.NumClauses() == cells && pre.Vars != cells {
				t.Errorf("%s, %v: every cell fixed, but %d variables", pz.name, enc, pre.Vars)
			}
		}
	}
}

// TestPresolveSolved checks what a puzzle line logic solves, one that it
// finds no picture for, and a colour puzzle become.
func TestPresolveSolved(t *testing.T) {
	p := readFile(t, "../../testdata/nonogram/webpbn-6.non")
	ps := Presolve(p)
	if ps.Fixed() != 400 || ps.Settled() != 40 || ps.Contradiction() != "" {
		t.Fatalf("webpbn-6: fixed %d, settled %d, contradiction %q; want 400, 40, none", ps.Fixed(), ps.Settled(), ps.Contradiction())
	}
	text, f := encode(t, p, Options{Presolved: ps, PresolveNote: "the caller's note", Style: cnfstyle.Style{Comments: true}})
	if f.Vars != 400 || f.NumClauses() != 400 {
		t.Errorf("webpbn-6 presolved: %d variables, %d clauses; want 400 units", f.Vars, f.NumClauses())
	}
	for _, want := range []string{
		"c presolve: line logic fixed 400 of 400 cells (unit clauses at the end); 40 of 40 lines have every cell fixed and are left out (the caller's note)\n",
		"c presolve: the 400 cells line logic fixed\n",
	} {
		if !strings.Contains(string(text), want) {
			t.Errorf("webpbn-6 presolved: no %q in\n%s", want, text)
		}
	}

	// Rows 2 and 0, columns 0 and 2: the clues' totals agree, no
	// picture fits. Row 1 blackens column 1's cell, which column 1
	// cannot have.
	bad := &Puzzle{Width: 2, Height: 2, Rows: []Clue{{2}, nil}, Cols: []Clue{nil, {2}}}
	ps = Presolve(bad)
	if ps.Contradiction() != "column 1" {
		t.Errorf("contradiction %q, want column 1", ps.Contradiction())
	}
	text, pre := encode(t, bad, Options{Presolved: ps})
	_, full := encode(t, bad, Options{})
	if pre.NumClauses() != full.NumClauses() || !strings.Contains(string(text), "c presolve: line logic finds no picture that fits column 1: the full formula follows\n") {
		t.Errorf("no picture: %d clauses, the full formula %d:\n%s", pre.NumClauses(), full.NumClauses(), text)
	}

	c := readFile(t, "../../testdata/nonogram/colour/colour01.non")
	_, pre = encode(t, c, Options{Presolved: Presolve(c)})
	_, full = encode(t, c, Options{})
	if pre.NumClauses() != full.NumClauses() || pre.Vars != full.Vars {
		t.Errorf("colour: presolved %d clauses, %d variables; full %d, %d", pre.NumClauses(), pre.Vars, full.NumClauses(), full.Vars)
	}

	_, err := dimacs.Build(func(dst dimacs.Adder) (int, error) { return Encode(dst, p, Options{Presolved: Presolve(bad)}) })
	if want := "Options.Presolved is of another puzzle (2x2) than the one encoded"; err == nil || err.Error() != want {
		t.Errorf("another puzzle's presolve: %v, want %q", err, want)
	}
}

// TestPresolveMemory: a line's tables follow the line's freedom, not its
// length times its runs: a 9999-cell row of 5000 one-cell runs (no
// freedom) costs kilobytes, where (runs+1) x (cells+1) tables would take
// 100 MB.
func TestPresolveMemory(t *testing.T) {
	const n = 9999
	p := &Puzzle{Width: n, Height: 1, Rows: []Clue{make(Clue, (n+1)/2)}}
	for i := range p.Rows[0] {
		p.Rows[0][i] = 1
	}
	for c := range n {
		if c%2 == 0 {
			p.Cols = append(p.Cols, Clue{1})
		} else {
			p.Cols = append(p.Cols, nil)
		}
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	ps := Presolve(p)
	runtime.ReadMemStats(&after)
	if ps.Fixed() != n || ps.Settled() != n+1 {
		t.Errorf("fixed %d, settled %d; want %d, %d", ps.Fixed(), ps.Settled(), n, n+1)
	}
	if a := after.TotalAlloc - before.TotalAlloc; a > 4<<20 {
		t.Errorf("Presolve allocated %d bytes", a)
	}
}

// BenchmarkPresolve times line logic on the line-solvable webpbn puzzles
// of testdata and, when PIPESAT_SURVEY names a folder holding them (Keen
// layout; not redistributable, never in the repository), the survey's
// line-solvable ones.
func BenchmarkPresolve(b *testing.B) {
	paths := []string{"webpbn-6.non", "webpbn-16.non", "webpbn-529.non", "webpbn-26167.non"}
	for i := range paths {
		paths[i] = filepath.Join("..", "..", "testdata", "nonogram", paths[i])
	}
	if dir := os.Getenv("PIPESAT_SURVEY"); dir != "" {
		for _, n := range []string{"cat6", "knot16", "swing529", "bloop_bloop26167", "edge23"} {
			paths = append(paths, filepath.Join(dir, n+".txt"))
		}
	}
	for _, path := range paths {
		b.Run(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), func(b *testing.B) {
			p := readFile(b, path)
			b.ReportMetric(float64(Presolve(p).Fixed())/float64(p.Width*p.Height), "fixed/cell")
			b.ReportAllocs()
			for b.Loop() {
				Presolve(p)
			}
		})
	}
}

// TestPresolveSearch: the order encoding where presolve leaves cells
// open, the automaton where it fixed them all, found no picture, or
// could not run (colour).
func TestPresolveSearch(t *testing.T) {
	for _, tt := range []struct {
		name string
		p    *Puzzle
		want Encoding
	}{
		{"solved", readFile(t, "../../testdata/nonogram/webpbn-6.non"), Automaton},
		{"two pictures", &Puzzle{Width: 2, Height: 2, Rows: []Clue{{1}, {1}}, Cols: []Clue{{1}, {1}}}, Order},
		{"no picture", &Puzzle{Width: 2, Height: 2, Rows: []Clue{{2}, nil}, Cols: []Clue{nil, {2}}}, Automaton},
		{"colour", readFile(t, "../../testdata/nonogram/colour/colour01.non"), Automaton},
	} {
		ps := Presolve(tt.p)
		if got := ps.Search(); got != tt.want {
			t.Errorf("%s: %v (fixed %d), want %v", tt.name, got, ps.Fixed(), tt.want)
		}
	}
}
