package nonogram

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/internal/enctest"
	"github.com/pipesat/pipesat/internal/testenv"
)

// solveColour encodes a colour puzzle, solves it with gini and returns
// the picture (colour indexes), or nil if unsatisfiable; block, when not
// nil, is a picture to exclude. Every model is checked against the CNF.
func solveColour(t testing.TB, p *Puzzle, block []int) []int {
	t.Helper()
	_, f := encode(t, p, Options{})
	var extra []int
	if block != nil {
		extra = []int{}
		for i, k := range block {
			extra = append(extra, -p.ColourVar(i/p.Width, i%p.Width, k))
		}
	}
	m := giniModel(t, f, f.Vars, extra)
	if m == nil {
		return nil
	}
	pic := make([]int, p.Width*p.Height)
	for i := range pic {
		n := 0
		for k := range p.Colours {
			if m[p.ColourVar(i/p.Width, i%p.Width, k)] > 0 {
				pic[i] = k
				n++
			}
		}
		if n != 1 {
			t.Fatalf("cell %d has %d colours", i, n)
		}
	}
	return pic
}

func colourString(p *Puzzle, pic []int) string {
	b := make([]byte, len(pic))
	for i, k := range pic {
		b[i] = p.Colours[k].Char
	}
	return string(b)
}

// TestSolveColour: every colour puzzle of testdata solves, from .non and
// from XML, to its goal, and has no second picture.
func TestSolveColour(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/nonogram/colour/*.[nx][om][nl]")
	if len(files) != 10 {
		t.Fatalf("%d colour puzzle files, want 10", len(files))
	}
	for _, name := range files {
		p := readFile(t, name)
		goal, err := os.ReadFile(strings.TrimSuffix(strings.TrimSuffix(name, ".non"), ".xml") + ".goal")
		if err != nil {
			t.Fatal(err)
		}
		pic := solveColour(t, p, nil)
		if pic == nil {
			t.Fatalf("%s: unsatisfiable", name)
		}
		if err := p.VerifyColours(pic); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if got := colourString(p, pic); got != strings.TrimSpace(string(goal)) {
			t.Errorf("%s: picture %s, goal %s", name, got, goal)
		}
		if again := solveColour(t, p, pic); again != nil {
			t.Errorf("%s: a second picture %s", name, colourString(p, again))
		}
	}
}

// TestColourHandMade: a puzzle whose two pictures gini finds both, one
// with no picture, and givens that pick one picture.
func TestColourHandMade(t *testing.T) {
	// Two a's on a diagonal: either diagonal.
	two := "width 2\nheight 2\ncolor a #ff0000\nrows\n1a\n1a\ncolumns\n1a\n1a\n"
	p, err := Parse([]byte(two), "two", NON)
	if err != nil {
		t.Fatal(err)
	}
	first := solveColour(t, p, nil)
	second := solveColour(t, p, first)
	if first == nil || second == nil || solveColour(t, p, second) == nil {
		t.Fatalf("want two pictures, got %v %v", first, second)
	}
	got := []string{colourString(p, first), colourString(p, second)}
	if !(got[0] == "a00a" && got[1] == "0aa0" || got[0] == "0aa0" && got[1] == "a00a") {
		t.Errorf("pictures %v", got)
	}
	q, err := Parse([]byte(two+"givens\n0,1,a\n"), "given", NON)
	if err != nil {
		t.Fatal(err)
	}
	if pic := solveColour(t, q, nil); pic == nil || colourString(q, pic) != "0aa0" {
		t.Errorf("with the given: %v", pic)
	}
	// Row 1 wants a then b touching, column 1 wants b: no picture.
	bad := "width 2\nheight 1\ncolor a #ff0000\ncolor b #0000ff\nrows\n1a,1b\ncolumns\n1b\n1a\n"
	r, err := Parse([]byte(bad), "bad", NON)
	if err != nil {
		t.Fatal(err)
	}
	if pic := solveColour(t, r, nil); pic != nil {
		t.Errorf("contradictory puzzle solved: %v", pic)
	}
	// Different colours touch, the same colour does not.
	touch := "width 3\nheight 1\ncolor a #ff0000\ncolor b #0000ff\nrows\n1a,2b\ncolumns\n1a\n1b\n1b\n"
	s, err := Parse([]byte(touch), "touch", NON)
	if err != nil {
		t.Fatal(err)
	}
	if pic := solveColour(t, s, nil); pic == nil || colourString(s, pic) != "abb" {
		t.Errorf("touching runs: %v", pic)
	}
}

// TestColourNames: --names all names every variable once and group
// comments cover every clause; the header carries the palette.
func TestColourNames(t *testing.T) {
	p := readFile(t, "../../testdata/nonogram/colour/colour01.non")
	text, f := encode(t, p, Options{Style: cnfstyle.Style{Names: cnfstyle.All, Comments: true}})
	buf := bytes.NewBuffer(text)
	if err := enctest.CheckText(buf.String(), true); err != nil {
		t.Fatal(err)
	}
	want := []string{"pipesat nonogram 6 6 colours 0=ffffff a=d62728 b=1f77b4", "pipesat primary 1-108"}
	if got := f.Pipesat(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("header %q, want %q", got, want)
	}
	w, h, cs, ok, err := ReadPuzzleLines(f.Pipesat())
	if err != nil || !ok || w != 6 || h != 6 || PaletteLine(cs) != "0=ffffff a=d62728 b=1f77b4" {
		t.Errorf("ReadPuzzleLines: %d %d %v %v %v", w, h, cs, ok, err)
	}
	for _, l := range []string{"c varname 1 r1c1=0\n", "c varname 3 r1c1=b\n", "c varname 108 r6c6=b\n", "c row 1, clue 2b 3a: automaton over its cells' colours\n"} {
		if !strings.Contains(buf.String(), l) {
			t.Errorf("no line %q", l)
		}
	}
	if f.Vars <= 108 {
		t.Errorf("%d variables", f.Vars)
	}
}

// lineClue is one line of a random colour test: runs and their colours.
type lineClue struct {
	runs Clue
	cols []int
}

// unitPropagate runs unit propagation over clauses from the units in
// assign (1-based, +1 true, -1 false, 0 free) and reports false on a
// conflict.
func unitPropagate(clauses [][]int, assign []int) bool {
	for changed := true; changed; {
		changed = false
		for _, c := range clauses {
			free, unit := 0, 0
			sat := false
			for _, l := range c {
				v := assign[abs(l)]
				switch {
				case v == 0:
					free++
					unit = l
				case (v > 0) == (l > 0):
					sat = true
				}
			}
			if sat {
				continue
			}
			if free == 0 {
				return false
			}
			if free == 1 {
				assign[abs(unit)] = sign(unit)
				changed = true
			}
		}
	}
	return true
}

func abs(l int) int {
	if l < 0 {
		return -l
	}
	return l
}

func sign(l int) int {
	if l < 0 {
		return -1
	}
	return 1
}

// TestColourLineComplete is the encoding's claim, checked against brute
// force: on one line, with some colours of some cells ruled out, unit
// propagation leaves exactly the colours that some placement of the runs
// gives each cell (and fails exactly when no placement fits).
func TestColourLineComplete(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 1))
	for trial := range 3000 {
		n := 1 + rng.IntN(7)
		K := 2 + rng.IntN(3)
		var lc lineClue
		for len(lc.runs) < 1+rng.IntN(3) {
			lc.runs = append(lc.runs, 1+rng.IntN(3))
			lc.cols = append(lc.cols, 1+rng.IntN(K-1))
		}
		if colourMinLen(lc.runs, lc.cols) > n {
			continue
		}
		// cell i, colour k is variable i*K+k+1
		x := make([][]int, n)
		for i := range x {
			x[i] = make([]int, K)
			for k := range K {
				x[i][k] = i*K + k + 1
			}
		}
		f := &dimacs.Formula{}
		s := &sink{out: cnfstyle.Style{}.Sink(f), vars: n * K}
		for i := range n {
			s.clause(x[i]...)
			for k := range K {
				for k2 := k + 1; k2 < K; k2++ {
					s.clause(-x[i][k], -x[i][k2])
				}
			}
		}
		colourLine(s, lc.runs, lc.cols, x, lineRef{})
		clauses := testenv.Clauses(f)
		// rule out some colours
		allowed := make([][]bool, n)
		assign := make([]int, s.vars+1)
		for i := range n {
			allowed[i] = make([]bool, K)
			for k := range K {
				allowed[i][k] = rng.IntN(4) != 0
				if !allowed[i][k] {
					assign[x[i][k]] = -1
				}
			}
		}
		// brute force: every colouring of the line
		support := make([][]bool, n)
		for i := range support {
			support[i] = make([]bool, K)
		}
		any := false
		line := make([]int, n)
		var walk func(i int)
		walk = func(i int) {
			if i == n {
				runs, cols := ColourClueOf(line)
				if slices.Equal(runs, lc.runs) && slices.Equal(cols, lc.cols) {
					any = true
					for j, k := range line {
						support[j][k] = true
					}
				}
				return
			}
			for k := range K {
				if allowed[i][k] {
					line[i] = k
					walk(i + 1)
				}
			}
		}
		walk(0)
		ok := unitPropagate(clauses, assign)
		desc := fmt.Sprintf("trial %d: n=%d K=%d clue %v %v allowed %v", trial, n, K, lc.runs, lc.cols, allowed)
		if ok != any {
			t.Fatalf("%s: propagation ok=%v, a placement exists=%v", desc, ok, any)
		}
		if !ok {
			continue
		}
		for i := range n {
			for k := range K {
				if (assign[x[i][k]] >= 0) != support[i][k] {
					t.Fatalf("%s: cell %d colour %d: propagation leaves %v, supported %v", desc, i, k, assign[x[i][k]] >= 0, support[i][k])
				}
			}
		}
	}
}

// propagated returns how many of p's cell variables unit propagation
// alone fixes on p's CNF.
func propagated(t *testing.T, p *Puzzle) int {
	t.Helper()
	_, f := encode(t, p, Options{})
	var clauses [][]int
	for i := range f.NumClauses() {
		var c []int
		for _, l := range f.Clause(i) {
			c = append(c, int(l))
		}
		clauses = append(clauses, c)
	}
	assign := make([]int, f.Vars+1)
	if !unitPropagate(clauses, assign) {
		t.Fatal("propagation fails")
	}
	n := 0
	for v := 1; v <= p.Width*p.Height*len(p.Colours); v++ {
		if assign[v] != 0 {
			n++
		}
	}
	return n
}

// searchNON is unique but not line-solvable: propagation fixes 59 of its
// 75 cell variables.
const searchNON = "width 5\nheight 5\ncolor a #d62728\ncolor b #1f77b4\nrows\n1a,2b\n1a,1b,1a\n1a,1a\n1a,1b\n1a,1a\ncolumns\n2a,1a\n1a\n1b,1a,1b,1a\n1b,1a\n1b,1a\ngoal \"a00bba0ba000a0a0ab00a0a00\"\n"

// TestColourPropagation: unit propagation alone solves each line-solvable
// colour puzzle of testdata (as cadical's 0 decisions say in the
// scripts), and not the one that needs search, which gini still solves
// to its one picture.
func TestColourPropagation(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/nonogram/colour/*.non")
	for _, name := range files {
		p := readFile(t, name)
		if n, all := propagated(t, p), p.Width*p.Height*len(p.Colours); n != all {
			t.Errorf("%s: propagation fixes %d of %d cell variables", name, n, all)
		}
	}
	p, err := Parse([]byte(searchNON), "search", NON)
	if err != nil {
		t.Fatal(err)
	}
	if n := propagated(t, p); n != 59 {
		t.Errorf("search: propagation fixes %d of 75 cell variables, want 59", n)
	}
	pic := solveColour(t, p, nil)
	if pic == nil || colourString(p, pic) != p.Goal || solveColour(t, p, pic) != nil {
		t.Errorf("search: picture %v, want only the goal", pic)
	}
}

// Example_colour encodes a colour puzzle (runs of different colours may
// touch), solves it with gini and prints each cell's colour character.
func Example_colour() {
	p, err := Read(strings.NewReader(`width 3
height 2
color a #ff0000
color b #0000ff
rows
1a,1b
2b
columns
1a
2b
1b
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
			for k, col := range p.Colours {
				if g.Value(z.Var(p.ColourVar(r, c, k)).Pos()) {
					if k == 0 {
						fmt.Print(".")
					} else {
						fmt.Print(string(col.Char))
					}
				}
			}
		}
		fmt.Println()
	}
	// Output:
	// ab.
	// .bb
}

// TestColourGolden compares the CNF of a tiny colour puzzle, every
// variable named and every group commented, to
// testdata/tiny-colour.automaton.golden (go test -update rewrites it).
func TestColourGolden(t *testing.T) {
	p := readFile(t, "testdata/tiny-colour.non")
	text, _ := encode(t, p, Options{Style: cnfstyle.Style{Names: cnfstyle.All, Comments: true}})
	buf := bytes.NewBuffer(text)
	golden := "testdata/tiny-colour.automaton.golden"
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
}

// BenchmarkEncodeColour encodes the largest colour test puzzle.
func BenchmarkEncodeColour(b *testing.B) {
	p := readFile(b, "../../testdata/nonogram/colour/colour05.non")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Encode(&counter{}, p, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
