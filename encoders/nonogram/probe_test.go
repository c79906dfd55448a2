package nonogram

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestProbeSound checks, on random puzzles (some with a row's first two
// runs swapped, which often leaves no picture), that what Presolve fixes
// holds in every picture (all of them, found with gini on the full
// formula), that it keeps every cell line logic alone fixes, and that it
// finds a contradiction only where there is no picture. It also checks
// that probing did something: fixed cells beyond line logic on many
// puzzles, solved some completely, and found contradictions line logic
// missed.
func TestProbeSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var probed, solved, refuted, tried int
	for k := range 3000 {
		w, h := 4+rng.IntN(5), 4+rng.IntN(5)
		pic := make([]bool, w*h)
		for i := range pic {
			pic[i] = rng.IntN(100) < 50
		}
		p := PuzzleOf(pic, w, h)
		if k%3 == 2 {
			r := rng.IntN(h)
			if len(p.Rows[r]) < 2 {
				continue
			}
			p.Rows[r][0], p.Rows[r][1] = p.Rows[r][1], p.Rows[r][0]
		}
		lines, ps := PresolveLines(p), Presolve(p)
		if lines.Probed() != 0 {
			t.Fatalf("%v: PresolveLines probed %d cells", p.Rows, lines.Probed())
		}
		if lines.Fixed() == w*h || lines.Contradiction() != "" {
			continue // line logic settles it: probing has nothing to do
		}
		tried++
		_, full := encode(t, p, Options{})
		pics, all := pictures(t, full, w*h, 1<<20)
		name := fmt.Sprintf("%dx%d rows %v columns %v", w, h, p.Rows, p.Cols)
		if !all {
			t.Fatalf("%s: not every picture found", name)
		}
		if ps.Contradiction() != "" {
			if len(pics) != 0 {
				t.Errorf("%s: probing finds no picture (%s), there are %d", name, ps.Contradiction(), len(pics))
			}
			refuted++
			continue
		}
		if len(pics) == 0 {
			// Probing need not find every contradiction.
			continue
		}
		for i, v := range ps.cells {
			if lines.cells[i] != cellUnknown && lines.cells[i] != v {
				t.Errorf("%s: line logic fixed cell %d to %d, probing to %d", name, i, lines.cells[i], v)
			}
			for _, pic := range pics {
				if v != cellUnknown && (pic[i] == '1') != (v == cellBlack) {
					t.Errorf("%s: cell %d fixed to %d, but picture %s", name, i, v, pic)
				}
			}
		}
		if ps.Fixed() != lines.Fixed()+ps.Probed() {
			t.Errorf("%s: fixed %d, line logic %d, probing %d", name, ps.Fixed(), lines.Fixed(), ps.Probed())
		}
		if ps.Probed() > 0 {
			probed++
		}
		if ps.Fixed() == w*h {
			solved++
			if len(pics) != 1 {
				t.Errorf("%s: probing fixed every cell, but %d pictures", name, len(pics))
			}
		}
	}
	t.Logf("%d puzzles line logic leaves open: probing fixed cells in %d, solved %d, refuted %d", tried, probed, solved, refuted)
	if probed < 100 || solved < 20 || refuted < 1 {
		t.Errorf("probing fixed cells in %d puzzles, solved %d, refuted %d of %d; want at least 100, 20, 1", probed, solved, refuted, tried)
	}
}

// TestProbeExamples checks what presolving writes for three puzzles line
// logic leaves open: one probing solves, one with two pictures, one with
// none that only probing finds (nono-presolve.txtar has them too).
func TestProbeExamples(t *testing.T) {
	// 5x6, one picture.
	one := &Puzzle{Width: 5, Height: 6,
		Rows: []Clue{{1, 1}, {3}, {1}, {2, 1}, {2, 1}, {1}},
		Cols: []Clue{{2}, {2, 2}, {1, 1}, {1, 2}, {1, 1}}}
	// 4x8, two pictures.
	two := &Puzzle{Width: 4, Height: 8,
		Rows: []Clue{{1, 1}, {3}, {2}, {2}, {1, 1}, {2}, {2}, {1}},
		Cols: []Clue{{2, 4}, {3, 2}, {2, 1}, {1, 1}}}
	// 8x4, no picture.
	none := &Puzzle{Width: 8, Height: 4,
		Rows: []Clue{{1, 1, 2}, {4, 1}, {1}, {2, 1}},
		Cols: []Clue{{1}, {1, 1}, {2}, {2}, {1, 1}, {1}, {2}, {1}}}
	for _, tt := range []struct {
		name                 string
		p                    *Puzzle
		lines, fixed, probed int
		contradiction        string
		comment              string
	}{
		{"one", one, 11, 30, 19, "", "c presolve: line logic fixed 11 of 30 cells, probing 19 more (unit clauses at the end); 11 of 11 lines have every cell fixed and are left out\n"},
		{"two", two, 17, 28, 11, "", "c presolve: line logic fixed 17 of 32 cells, probing 11 more (unit clauses at the end); 8 of 12 lines have every cell fixed and are left out\n"},
		{"none", none, 4, 4, 0, "r1c1", "c presolve: probing finds that r1c1 can be neither black nor white: no picture fits; the full formula follows\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			lines, ps := PresolveLines(tt.p), Presolve(tt.p)
			if lines.Fixed() != tt.lines || lines.Contradiction() != "" {
				t.Errorf("line logic: fixed %d, contradiction %q; want %d, none", lines.Fixed(), lines.Contradiction(), tt.lines)
			}
			if ps.Fixed() != tt.fixed || ps.Probed() != tt.probed || ps.Contradiction() != tt.contradiction {
				t.Errorf("probing: fixed %d, probed %d, contradiction %q; want %d, %d, %q", ps.Fixed(), ps.Probed(), ps.Contradiction(), tt.fixed, tt.probed, tt.contradiction)
			}
			for _, enc := range []Encoding{Automaton, Order} {
				text, pre := encode(t, tt.p, Options{Encoding: enc, Presolved: ps})
				if !strings.Contains(string(text), tt.comment) {
					t.Errorf("%v: no %q in\n%s", enc, tt.comment, text)
				}
				_, full := encode(t, tt.p, Options{Encoding: enc})
				if tt.contradiction != "" && (pre.NumClauses() != full.NumClauses() || pre.Vars != full.Vars) {
					t.Errorf("%v: no picture, but the formula is not the full one: %d variables, %d clauses; full %d, %d", enc, pre.Vars, pre.NumClauses(), full.Vars, full.NumClauses())
				}
				cells := tt.p.Width * tt.p.Height
				got, _ := pictures(t, pre, cells, 10)
				want, _ := pictures(t, full, cells, 10)
				if !slices.Equal(got, want) {
					t.Errorf("%v: pictures %v, the full formula's %v", enc, got, want)
				}
			}
		})
	}
}

// TestProbeBudget checks that probing stops at its budget: with none it
// fixes nothing beyond line logic, and on the 5x6 of TestProbeExamples
// it needs some.
func TestProbeBudget(t *testing.T) {
	p := &Puzzle{Width: 5, Height: 6,
		Rows: []Clue{{1, 1}, {3}, {1}, {2, 1}, {2, 1}, {1}},
		Cols: []Clue{{2}, {2, 2}, {1, 1}, {1, 2}, {1, 1}}}
	ps := PresolveLines(p)
	pr := newPropagator(ps)
	if _, ok := pr.probe(0); !ok {
		t.Fatal("probing with no budget finds a contradiction")
	}
	if ps.count(); ps.Fixed() != 11 {
		t.Errorf("probing with no budget: fixed %d, want line logic's 11", ps.Fixed())
	}
	if _, ok := pr.probe(probeBudget(p)); !ok {
		t.Fatal("probing finds a contradiction")
	}
	if ps.count(); ps.Fixed() != 30 || pr.work == 0 || pr.work >= probeBudget(p) {
		t.Errorf("probing: fixed %d with work %d (budget %d); want 30", ps.Fixed(), pr.work, probeBudget(p))
	}
}

// TestOrderStarts checks the starts the order encoding writes for each
// run: its whole range in the full formula, only those that fit the fixed
// cells in a presolved one.
func TestOrderStarts(t *testing.T) {
	p := &Puzzle{Width: 6, Height: 1, Rows: []Clue{{2}}, Cols: make([]Clue, 6)}
	// Cells 3 and 6 (from 1) white, the others open.
	ps := &Presolved{p: p, cells: []int8{0, 0, cellWhite, 0, 0, cellWhite}}
	x := []int{1, 2, 3, 4, 5, 6}
	for _, tt := range []struct {
		clue      Clue
		fixed     *Presolved
		want      [][]int
		variables int // the order variables: a start but the last per run
	}{
		{Clue{2}, nil, [][]int{{0, 1, 2, 3, 4}}, 4},
		{Clue{2}, ps, [][]int{{0, 3}}, 1},
		{Clue{1, 1}, nil, [][]int{{0, 1, 2, 3}, {2, 3, 4, 5}}, 6},
		{Clue{1, 1}, ps, [][]int{{0, 1}, {3, 4}}, 2},
		{Clue{1, 2}, ps, [][]int{{0, 1}, {3}}, 1},
	} {
		s := &sink{fixed: tt.fixed}
		got := orderStarts(s, tt.clue, x)
		if !slices.EqualFunc(got, tt.want, slices.Equal) {
			t.Errorf("clue %v, fixed %v: starts %v, want %v", tt.clue, tt.fixed != nil, got, tt.want)
		}
		vars := 0
		for _, st := range got {
			vars += len(st) - 1
		}
		if vars != tt.variables {
			t.Errorf("clue %v, fixed %v: %d variables, want %d", tt.clue, tt.fixed != nil, vars, tt.variables)
		}
	}
}
