package nonogram

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/internal/enctest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestGolden compares the CNF of a tiny puzzle, with every variable named,
// to testdata/tiny.<encoding>.golden.
func TestGolden(t *testing.T) {
	p := readFile(t, "testdata/tiny.non")
	for _, enc := range []Encoding{Automaton, Runs, Patterns, Order} {
		t.Run(enc.String(), func(t *testing.T) {
			text, _ := encode(t, p, Options{Encoding: enc, Style: cnfstyle.Style{Names: cnfstyle.All}})
			buf := bytes.NewBuffer(text)
			golden := filepath.Join("testdata", "tiny."+enc.String()+".golden")
			if *update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("CNF differs from %s (go test -update to rewrite):\n%s", golden, buf.Bytes())
			}
		})
	}
}

// TestPuzzleLines checks the puzzle lines decoders rely on, and that
// ReadPuzzleLines reads them back.
func TestPuzzleLines(t *testing.T) {
	p := readFile(t, "testdata/tiny.non")
	_, f := encode(t, p, Options{})
	want := []string{"pipesat nonogram 4 4", "pipesat primary 1-16"}
	if got := f.Pipesat(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Pipesat() = %q, want %q", got, want)
	}
	if f.Name(1) != "r1c1" || f.Name(16) != "r4c4" || f.Name(17) != "" {
		t.Errorf("names: %q %q %q", f.Name(1), f.Name(16), f.Name(17))
	}
	w, h, cs, ok, err := ReadPuzzleLines(f.Pipesat())
	if w != 4 || h != 4 || cs != nil || !ok || err != nil {
		t.Errorf("ReadPuzzleLines = %d %d %v %v %v", w, h, cs, ok, err)
	}
}

// propagate runs unit propagation alone on f from the empty assignment and
// returns the assignment, or ok false on a conflict.
func propagate(f *dimacs.Formula) (m dimacs.Model, ok bool) {
	m = dimacs.NewModel(f.Vars)
	// occ[v][0 or 1]: clauses containing -v (made false by v) or v.
	occ := make([][2][]int32, f.Vars+1)
	idx := func(l int32) (int32, int) {
		if l < 0 {
			return -l, 1
		}
		return l, 0
	}
	var queue []int32
	n := f.NumClauses()
	for i := range n {
		for _, l := range f.Clause(i) {
			v, k := idx(-l)
			occ[v][k] = append(occ[v][k], int32(i))
		}
	}
	check := func(i int) bool {
		var unit int32
		free := 0
		for _, l := range f.Clause(i) {
			switch m.Lit(int(l)) {
			case 1:
				return true
			case 0:
				free++
				unit = l
			}
		}
		switch free {
		case 0:
			return false
		case 1:
			m.Set(int(unit))
			queue = append(queue, unit)
		}
		return true
	}
	for i := range n {
		if !check(i) {
			return m, false
		}
	}
	for len(queue) > 0 {
		l := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		v, k := idx(l)
		for _, i := range occ[v][k] {
			if !check(int(i)) {
				return m, false
			}
		}
	}
	return m, true
}

// TestLineSolvableByPropagation checks the automaton encoding's promise:
// every puzzle of the collection is solved by line logic, so unit
// propagation alone must assign every cell, to the goal, without conflict.
// The runs encoding does not have that strength (GCHQ needs search).
func TestLineSolvableByPropagation(t *testing.T) {
	for _, name := range puzzleFiles(t) {
		p := readFile(t, name)
		t.Run(filepath.Base(name), func(t *testing.T) {
			_, f := encode(t, p, Options{})
			m, ok := propagate(f)
			if !ok {
				t.Fatal("conflict")
			}
			pic := make([]bool, p.Width*p.Height)
			for i := range pic {
				v, ok := m.Value(i + 1)
				if !ok {
					t.Fatalf("cell %s not decided by propagation", CellName(i/p.Width, i%p.Width))
				}
				pic[i] = v
			}
			if err := p.Verify(pic); err != nil {
				t.Fatal(err)
			}
		})
	}
	p := readFile(t, "../../testdata/nonogram/gchq.non")
	_, f := encode(t, p, Options{Encoding: Runs})
	m, _ := propagate(f)
	if _, ok := m.Value(1); ok {
		// r1c1 is black in the answer but not forced by propagation here.
		t.Errorf("runs encoding: propagation decided r1c1; expected it to need search")
	}
}

// TestLineSolverComplete compares, on random lines with random partial
// assignments, what propagation of one line's automaton fixes with what a
// brute-force line solver fixes: they must agree exactly.
func TestLineSolverComplete(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for it := range 3000 {
		n := 1 + rng.IntN(9)
		line := randomCells(rng, n)
		clue := ClueOf(line)
		known := make([]int8, n) // 0 unknown, 1 black, -1 blank: from the line, a few
		for i := range known {
			if rng.IntN(3) == 0 {
				known[i] = 1
				if !line[i] {
					known[i] = -1
				}
			}
		}
		// occasionally contradict the line
		if rng.IntN(5) == 0 {
			i := rng.IntN(n)
			known[i] = -known[i]
			if known[i] == 0 {
				known[i] = 1
			}
		}
		// brute force: which values each cell can take in a placement
		can := make([][2]bool, n)
		any := false
		for bits := range 1 << n {
			l := make([]bool, n)
			okk := true
			for i := range l {
				l[i] = bits>>i&1 == 1
				if known[i] == 1 && !l[i] || known[i] == -1 && l[i] {
					okk = false
				}
			}
			if !okk || !slices.Equal(ClueOf(l), clue) {
				continue
			}
			any = true
			for i, b := range l {
				can[i][b2i(b)] = true
			}
		}
		f := &dimacs.Formula{}
		s := &sink{out: cnfstyle.Style{}.Sink(f), vars: n}
		x := make([]int, n)
		for i := range x {
			x[i] = i + 1
		}
		automatonLine(s, clue, x, lineRef{})
		f.Vars = s.vars
		for i, k := range known {
			if k != 0 {
				f.AddClause(int(k) * (i + 1))
			}
		}
		m, ok := propagate(f)
		if ok != any {
			t.Fatalf("case %d: clue %v known %v: propagation ok=%v, placements exist=%v", it, clue, known, ok, any)
		}
		if !ok {
			continue
		}
		for i := range n {
			v, set := m.Value(i + 1)
			forced := can[i][0] != can[i][1]
			if set != forced || set && can[i][b2i(v)] == false {
				t.Fatalf("case %d: clue %v known %v: cell %d propagation %v/%v, brute force black=%v blank=%v", it, clue, known, i, set, v, can[i][1], can[i][0])
			}
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestUniqueness: GCHQ with its givens has one picture, without them more.
func TestUniqueness(t *testing.T) {
	p := readFile(t, "../../testdata/nonogram/gchq.non")
	if n := countSolutions(t, p, 2); n != 1 {
		t.Errorf("GCHQ with givens: %d solutions, want 1", n)
	}
	p.Givens = nil
	if n := countSolutions(t, p, 2); n != 2 {
		t.Errorf("GCHQ without givens: %d solutions, want at least 2", n)
	}
}

// countSolutions counts pictures up to max with gini, blocking each and
// checking it against the clues.
func countSolutions(t *testing.T, p *Puzzle, max int) int {
	t.Helper()
	return len(encodingPictures(t, p, Automaton, max))
}

func TestPatternsLimit(t *testing.T) {
	p := readFile(t, "../../testdata/nonogram/webpbn-529.non")
	_, err := Encode(&dimacs.Formula{}, p, Options{Encoding: Patterns})
	want := "the lines have 97058695 patterns in all, more than the limit of 200000 (row 42 alone has 38567100)"
	var pe *PatternsError
	if err == nil || err.Error() != want || !errors.As(err, &pe) || pe.Limit != DefaultMaxPatterns {
		t.Errorf("got %v, want %q", err, want)
	}
}

// randomPuzzle returns the clues of a random w x h picture.
func randomPuzzle(w, h int, seed uint64) *Puzzle {
	rng := rand.New(rand.NewPCG(seed, seed))
	return PuzzleOf(randomCells(rng, w*h), w, h)
}

// randomCells returns n cells, each black with probability 1/2.
func randomCells(rng *rand.Rand, n int) []bool {
	cells := make([]bool, n)
	for i := range cells {
		cells[i] = rng.IntN(2) == 0
	}
	return cells
}

// BenchmarkEncode100x100 encodes a random 100x100 puzzle into a Formula
// (the target is well under 0.5 s). Memory grows with the CNF: liveB/lit
// is the heap the finished Formula holds per literal; B/op also counts the
// garbage of the Formula's growing slices.
func BenchmarkEncode100x100(b *testing.B) {
	p := randomPuzzle(100, 100, 1)
	b.ReportAllocs()
	var f *dimacs.Formula
	for b.Loop() {
		f = &dimacs.Formula{}
		Encode(f, p, Options{})
	}
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(f.NumClauses()), "clauses")
	b.ReportMetric(float64(f.NumLits()), "lits")
	b.ReportMetric(float64(ms.HeapAlloc)/float64(f.NumLits()), "liveB/lit")
	runtime.KeepAlive(f)
}

// BenchmarkWrite100x100 writes the CNF of a random 100x100 puzzle (about
// 30 MB) streamed, as nono2cnf does, and built in memory then written, as
// it did before: see enctest.BenchWrite.
func BenchmarkWrite100x100(b *testing.B) {
	p := randomPuzzle(100, 100, 1)
	enctest.BenchWrite(b, func(dst dimacs.Adder) (int, error) { return Encode(dst, p, Options{}) })
}

// counter is an Adder that only counts, to separate encoding from storage.
type counter struct{ n int }

func (c *counter) Add(int) { c.n++ }

func BenchmarkEncodeGCHQ(b *testing.B) {
	p := readFile(b, "../../testdata/nonogram/gchq.non")
	for _, enc := range []Encoding{Automaton, Runs, Patterns, Order} {
		b.Run(enc.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Encode(&counter{}, p, Options{Encoding: enc, MaxPatterns: 1 << 24}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func Example() {
	p, err := Read(strings.NewReader(`width 4
height 4
rows
2
1,1
0
4
columns
1,1
1,1
1,1
1,1
`), "tiny.non", Auto)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := gini.New()
	if _, err := Encode(giniAdder{g}, p, Options{}); err != nil {
		fmt.Println(err)
		return
	}
	if g.Solve() != 1 {
		fmt.Println("no solution")
		return
	}
	for r := range p.Height {
		for c := range p.Width {
			if g.Value(z.Var(p.Var(r, c)).Pos()) {
				fmt.Print("#")
			} else {
				fmt.Print(".")
			}
		}
		fmt.Println()
	}
	// Output:
	// .##.
	// #..#
	// ....
	// ####
}
