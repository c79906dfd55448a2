package nonogram

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
)

// TestOrderLineModels: on random lines, the order encoding of a clue
// admits exactly the cell assignments whose clue it is (every assignment
// of up to 8 cells tried under assumptions).
func TestOrderLineModels(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for it := range 300 {
		n := 1 + rng.IntN(8)
		line := randomCells(rng, n)
		clue := ClueOf(line)
		f := &dimacs.Formula{}
		s := &sink{out: cnfstyle.Style{}.Sink(f), vars: n}
		x := make([]int, n)
		for i := range x {
			x[i] = i + 1
		}
		orderLine(s, clue, x, lineRef{})
		g := gini.New()
		for i := range f.NumClauses() {
			for _, l := range f.Clause(i) {
				g.Add(z.Dimacs2Lit(int(l)))
			}
			g.Add(0)
		}
		for bits := range 1 << n {
			l := make([]bool, n)
			for i := range l {
				l[i] = bits>>i&1 == 1
				lit := z.Var(i + 1).Pos()
				if !l[i] {
					lit = lit.Not()
				}
				g.Assume(lit)
			}
			want := slices.Equal(ClueOf(l), clue)
			if got := g.Solve() == 1; got != want {
				t.Fatalf("case %d: clue %v line %v: satisfiable %v, want %v", it, clue, l, got, want)
			}
		}
	}
}

// encodingPictures returns p's pictures in encoding enc, up to max,
// sorted, each checked against the clues (gini, each picture blocked in
// turn).
func encodingPictures(t *testing.T, p *Puzzle, enc Encoding, max int) []string {
	t.Helper()
	g := gini.New()
	if _, err := Encode(giniAdder{g}, p, Options{Encoding: enc}); err != nil {
		t.Fatal(err)
	}
	var out []string
	for len(out) < max && g.Solve() == 1 {
		pic := make([]bool, p.Width*p.Height)
		for i := range pic {
			pic[i] = g.Value(z.Var(i + 1).Pos())
			if pic[i] {
				g.Add(z.Var(i + 1).Neg())
			} else {
				g.Add(z.Var(i + 1).Pos())
			}
		}
		g.Add(0)
		if err := p.Verify(pic); err != nil {
			t.Fatalf("%s: %v", enc, err)
		}
		out = append(out, picString(p, pic))
	}
	slices.Sort(out)
	return out
}

// TestOrderSamePictures: the order encoding has the automaton's pictures,
// all of them up to 3 (so the same answer to --max 2), on every black and
// white testdata puzzle and on GCHQ without its givens (many pictures);
// and all of them, up to 200, on random 6x6 to 8x5 pictures, most of which
// have several.
func TestOrderSamePictures(t *testing.T) {
	files := puzzleFiles(t)
	tiny, _ := filepath.Glob("testdata/*.non")
	for _, name := range append(files, tiny...) {
		if strings.Contains(name, "colour") {
			continue
		}
		p := readFile(t, name)
		t.Run(filepath.Base(name), func(t *testing.T) {
			a, o := encodingPictures(t, p, Automaton, 3), encodingPictures(t, p, Order, 3)
			if !slices.Equal(a, o) {
				t.Errorf("automaton: %d pictures, order: %d, or different ones", len(a), len(o))
			}
		})
	}
	g := readFile(t, "../../testdata/nonogram/gchq.non")
	g.Givens = nil
	if a, o := encodingPictures(t, g, Automaton, 3), encodingPictures(t, g, Order, 3); len(a) != 3 || len(o) != 3 {
		t.Errorf("GCHQ without givens: automaton %d pictures, order %d, want 3 and 3", len(a), len(o))
	}
	for seed := range uint64(30) {
		p := randomPuzzle(6+int(seed%3), 5+int(seed%2), seed)
		a, o := encodingPictures(t, p, Automaton, 200), encodingPictures(t, p, Order, 200)
		if !slices.Equal(a, o) {
			t.Errorf("random seed %d: automaton %d pictures, order %d, or different ones", seed, len(a), len(o))
		}
	}
}

// TestOrderErrors: the option's errors, in full.
func TestOrderErrors(t *testing.T) {
	if _, err := ParseEncoding("ladder"); err == nil || err.Error() != `unknown encoding "ladder" (want automaton, runs, patterns or order)` {
		t.Errorf("ParseEncoding: %v", err)
	}
	if e, err := ParseEncoding("order"); err != nil || e != Order || e.String() != "order" {
		t.Errorf("ParseEncoding(order) = %v, %v", e, err)
	}
	c := readFile(t, "testdata/tiny-colour.non")
	if _, err := Encode(&counter{}, c, Options{Encoding: Order}); err == nil || err.Error() != "the order encoding has no colours: colour puzzles use the automaton encoding" {
		t.Errorf("colour puzzle: %v", err)
	}
	if _, err := Encode(&counter{}, c, Options{Encoding: Order + 1}); err == nil || err.Error() != "the Encoding(4) encoding has no colours: colour puzzles use the automaton encoding" {
		t.Errorf("colour puzzle, bad encoding: %v", err)
	}
	if _, err := Encode(&counter{}, readFile(t, "testdata/tiny.non"), Options{Encoding: Order + 1}); err == nil || err.Error() != "unknown encoding Encoding(4)" {
		t.Errorf("bad encoding: %v", err)
	}
	// 400 runs of one cell in each line of 1000: 80,400 variables a line,
	// 961,800 clauses.
	ones := strings.TrimSuffix(strings.Repeat("1,", 400), ",") + "\n"
	src := "width 1000\nheight 1000\nrows\n" + strings.Repeat(ones, 1000) + "columns\n" + strings.Repeat(ones, 1000)
	p, err := Read(strings.NewReader(src), "ones.non", Auto)
	if err != nil {
		t.Fatal(err)
	}
	var n counter
	_, err = Encode(&n, p, Options{Encoding: Order})
	want := `ones.non:4:1: the order encoding needs up to 1923600000 clauses, more than the 1073741824 satrun reads (row 1, clue "1,1,1,1,1,1,1,1,1...", alone up to 961800)`
	if err == nil || err.Error() != want || n.n != 0 {
		t.Errorf("size: %v (%d literals written)\nwant %s", err, n.n, want)
	}
}

// TestOrderLineCounts: a line's variables and clauses are those order.go
// counts, (n-m)*k and at most 2k(n-m) + (2k+1)n.
func TestOrderLineCounts(t *testing.T) {
	for _, tt := range []struct {
		clue Clue
		n    int
	}{{Clue{3}, 10}, {Clue{2, 1, 3}, 12}, {Clue{1, 1, 1, 1}, 7}, {Clue{5}, 5}} {
		f := &dimacs.Formula{}
		s := &sink{out: cnfstyle.Style{}.Sink(f), vars: tt.n}
		x := make([]int, tt.n)
		for i := range x {
			x[i] = i + 1
		}
		orderLine(s, tt.clue, x, lineRef{})
		k, free := len(tt.clue), tt.n-tt.clue.MinLen()
		if got := fmt.Sprint(s.vars-tt.n, f.NumClauses() <= 2*k*free+(2*k+1)*tt.n); got != fmt.Sprint(k*free, true) {
			t.Errorf("clue %v in %d cells: %d variables, %d clauses", tt.clue, tt.n, s.vars-tt.n, f.NumClauses())
		}
	}
}
