package sudoku_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/sudoku"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (run go test -update to accept):\n%s", path, got)
	}
}

func readPuzzle(t *testing.T, path string) *sudoku.Puzzle {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := sudoku.Parse(f, filepath.Base(path), 0)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestGolden(t *testing.T) {
	p := readPuzzle(t, "testdata/4x4.in")
	for _, amo := range []sudoku.AMO{sudoku.Pairwise, sudoku.Sequential} {
		text, _ := encode(t, p, sudoku.Options{AMO: amo})
		golden(t, fmt.Sprintf("testdata/4x4-%s.golden", amo), text)
	}
}

// TestGoldenAMO pins the clauses of each at-most-one encoding of 7 literals.
func TestGoldenAMO(t *testing.T) {
	for _, amo := range []sudoku.AMO{sudoku.Pairwise, sudoku.Sequential, sudoku.Commander} {
		f := &dimacs.Formula{}
		e := &sudoku.Encoder{A: f, AMO: amo, Next: 8}
		e.AtMostOne([]int{1, 2, 3, 4, 5, 6, 7})
		var b bytes.Buffer
		f.WriteTo(&b)
		golden(t, fmt.Sprintf("testdata/amo7-%s.golden", amo), b.Bytes())
	}
}

// TestAtMostOne checks every encoding against its meaning: projected on the
// k literals, the models are exactly "none true" and "one true".
func TestAtMostOne(t *testing.T) {
	for _, amo := range []sudoku.AMO{sudoku.Pairwise, sudoku.Sequential, sudoku.Commander} {
		for k := 1; k <= 11; k++ {
			f := &dimacs.Formula{Vars: k}
			lits := make([]int, k)
			for i := range lits {
				lits[i] = i + 1
			}
			e := &sudoku.Encoder{A: f, AMO: amo, Next: k + 1}
			e.AtMostOne(lits)
			f.Vars = e.Next - 1
			models := solveAll(f, k, 0)
			seen := map[int]bool{}
			for _, m := range models {
				one := 0
				for v := 1; v <= k; v++ {
					if m[v] > 0 {
						if one != 0 {
							t.Fatalf("%s k=%d: model with %d and %d true", amo, k, one, v)
						}
						one = v
					}
				}
				seen[one] = true
				if err := f.Check(m); err != nil {
					t.Fatal(err)
				}
			}
			if len(models) != k+1 || len(seen) != k+1 {
				t.Errorf("%s k=%d: %d models, want %d", amo, k, len(models), k+1)
			}
		}
	}
}

// commanderSize returns the clauses and auxiliaries of the commander
// encoding of k literals, computed from its definition.
func commanderSize(k int) (clauses, aux int) {
	if k <= 4 {
		return k * (k - 1) / 2, 0
	}
	groups := 0
	for i := 0; i < k; i += 3 {
		g := min(3, k-i)
		groups++
		if g > 1 {
			clauses += g*(g-1)/2 + g + 1
			aux++
		}
	}
	c, a := commanderSize(groups)
	return clauses + c, aux + a
}

// TestSizes checks the formula sizes against the closed forms: 4N²
// exactly-one constraints of N literals, plus one unit per given.
func TestSizes(t *testing.T) {
	for _, n := range []int{4, 9, 16, 25} {
		p, _ := sudoku.New(n)
		p.Cells[0] = 1
		cmdC, cmdA := commanderSize(n)
		for _, tt := range []struct {
			amo           sudoku.AMO
			clauses, vars int
		}{
			{sudoku.Pairwise, 4*n*n*(1+n*(n-1)/2) + 1, n * n * n},
			{sudoku.Sequential, 4*n*n*(1+3*n-4) + 1, n*n*n + 4*n*n*(n-1)},
			{sudoku.Commander, 4*n*n*(1+cmdC) + 1, n*n*n + 4*n*n*cmdA},
		} {
			f := formula(t, p, tt.amo)
			if f.NumClauses() != tt.clauses || f.Vars != tt.vars {
				t.Errorf("%dx%d %s: %d clauses, %d variables; want %d, %d", n, n, tt.amo, f.NumClauses(), f.Vars, tt.clauses, tt.vars)
			}
		}
	}
}

// TestEmpty4x4 counts the 288 4x4 sudoku grids with every encoding.
func TestEmpty4x4(t *testing.T) {
	p, _ := sudoku.New(4)
	for _, amo := range []sudoku.AMO{sudoku.Pairwise, sudoku.Sequential, sudoku.Commander} {
		f := formula(t, p, amo)
		models := solveAll(f, 64, 0)
		if len(models) != 288 {
			t.Errorf("%s: %d grids, want 288", amo, len(models))
		}
		for _, m := range models {
			g, err := sudoku.FromModel(m, 4)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.CheckSolution(nil); err != nil {
				t.Fatalf("%s: %v in %s", amo, err, g)
			}
		}
	}
}

// TestShipped solves the shipped puzzles with gini and every encoding,
// checks the solutions against the rules, the givens and the shipped
// solution, and checks there is no second solution.
func TestShipped(t *testing.T) {
	for _, name := range []string{"9x9", "16x16", "25x25"} {
		if name == "25x25" && testing.Short() {
			continue
		}
		p := readPuzzle(t, "../../testdata/sudoku/"+name+".txt")
		want := readPuzzle(t, "../../testdata/sudoku/"+name+".solution")
		amos := []sudoku.AMO{sudoku.Pairwise, sudoku.Sequential, sudoku.Commander}
		if name == "25x25" {
			amos = amos[:1]
		}
		for _, amo := range amos {
			f := formula(t, p, amo)
			n := p.N
			models := solveAll(f, n*n*n, 2)
			if len(models) != 1 {
				t.Fatalf("%s %s: %d solutions, want 1", name, amo, len(models))
			}
			if err := f.Check(models[0]); err != nil {
				t.Fatal(err)
			}
			g, err := sudoku.FromModel(models[0], n)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.CheckSolution(p); err != nil {
				t.Fatalf("%s %s: %v", name, amo, err)
			}
			if g.String() != want.String() {
				t.Fatalf("%s %s: got %s, want %s", name, amo, g, want)
			}
		}
	}
}

func TestFromModel(t *testing.T) {
	m := dimacs.NewModel(64)
	for i, v := range []int{1, 3, 2, 4, 4, 2, 3, 1, 2, 4, 1, 3, 3, 1, 4, 2} {
		for x := 0; x < 4; x++ {
			if x == v-1 {
				m.Set(sudoku.Var(4, i/4, i%4, x))
			} else {
				m.Set(-sudoku.Var(4, i/4, i%4, x))
			}
		}
	}
	g, err := sudoku.FromModel(m, 4)
	if err != nil || g.String() != "1324423124133142" {
		t.Fatalf("got %v, %v", g, err)
	}
	m2 := append(dimacs.Model(nil), m...)
	m2.Set(sudoku.Var(4, 0, 1, 0))
	if _, err := sudoku.FromModel(m2, 4); errString(err) != "model puts both 1 and 3 in r1c2" {
		t.Errorf("got %v", err)
	}
	m3 := append(dimacs.Model(nil), m...)
	m3.Set(-sudoku.Var(4, 3, 3, 1))
	if _, err := sudoku.FromModel(m3, 4); errString(err) != "model puts no value in r4c4" {
		t.Errorf("got %v", err)
	}
	if _, err := sudoku.FromModel(m[:62], 4); errString(err) != "model leaves r4c4 unassigned (variables 61-64)" {
		t.Errorf("got %v", err)
	}
}

func TestVarName(t *testing.T) {
	for _, tt := range []struct {
		n, x int
		want string
	}{{9, 1, "r1c1=1"}, {9, 9, "r1c1=9"}, {9, 10, "r1c2=1"}, {9, 729, "r9c9=9"}, {16, 16 * 16 * 16, "r16c16=G"}, {25, 244, "r1c10=J"}} {
		if got := sudoku.VarName(tt.n, tt.x); got != tt.want {
			t.Errorf("VarName(%d, %d) = %q, want %q", tt.n, tt.x, got, tt.want)
		}
	}
}

func TestParseAMO(t *testing.T) {
	for _, name := range sudoku.AMONames {
		a, err := sudoku.ParseAMO(name)
		if err != nil || a.String() != name {
			t.Errorf("ParseAMO(%q) = %v, %v", name, a, err)
		}
	}
	_, err := sudoku.ParseAMO("ladder")
	if want := `unknown at-most-one encoding "ladder": want pairwise, sequential or commander`; errString(err) != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
