package nonogram

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/enctest"
	"github.com/pipesat/pipesat/internal/testenv"
)

// encode returns what Encode writes, as nono2cnf writes it (the text) and
// in memory (the formula): enctest.CNF checks they agree.
//
// The full formula in the default style is encoded once per puzzle and
// encoding: the tests ask for each of testdata's puzzles in each encoding
// several times (shape, groups, propagation, pictures), and encoding with
// enctest.CNF's check was 45% of the package's test CPU. Callers must not
// change the formula.
func encode(t testing.TB, p *Puzzle, opts Options) ([]byte, *dimacs.Formula) {
	t.Helper()
	enc := func(dst dimacs.Adder) (int, error) { return Encode(dst, p, opts) }
	st := opts.Style
	if opts.Presolved != nil || st.Names != 0 || st.Comments || st.Provenance.Tool != "" {
		return enctest.CNF(t, enc)
	}
	key := fmt.Sprintf("%v %v %d", *p, opts.Encoding, opts.MaxPatterns)
	if e, ok := encoded.Load(key); ok {
		e := e.(encoding)
		return e.text, e.f
	}
	text, f := enctest.CNF(t, enc)
	encoded.Store(key, encoding{text, f})
	return text, f
}

// encoded maps a puzzle and its Options to encode's result.
var encoded sync.Map

type encoding struct {
	text []byte
	f    *dimacs.Formula
}

// giniAdder feeds clauses to gini.
type giniAdder struct{ g *gini.Gini }

func (a giniAdder) Add(l int) { a.g.Add(z.Dimacs2Lit(l)) }

// solveGini encodes p, solves it with gini and returns the picture, or nil
// if unsatisfiable. Every model is checked against the CNF.
func solveGini(t testing.TB, p *Puzzle, opts Options) []bool {
	t.Helper()
	_, f := encode(t, p, opts)
	m := giniModel(t, f, f.Vars, nil)
	if m == nil {
		return nil
	}
	pic := make([]bool, p.Width*p.Height)
	for i := range pic {
		pic[i] = m[i+1] > 0
	}
	return pic
}

// giniModel solves f, plus the clause extra when it is not nil, with gini
// and returns the model over vars variables, checked against f, or nil if
// it is unsatisfiable.
func giniModel(t testing.TB, f *dimacs.Formula, vars int, extra []int) dimacs.Model {
	t.Helper()
	g := giniOf(f)
	if extra != nil {
		for _, l := range extra {
			g.Add(z.Dimacs2Lit(l))
		}
		g.Add(0)
	}
	if g.Solve() != 1 {
		return nil
	}
	return checkedModel(t, g, f, vars)
}

// giniOf returns a gini solver holding f's clauses.
func giniOf(f *dimacs.Formula) *gini.Gini {
	g := gini.New()
	for i := range f.NumClauses() {
		for _, l := range f.Clause(i) {
			g.Add(z.Dimacs2Lit(int(l)))
		}
		g.Add(0)
	}
	return g
}

// checkedModel returns g's model over vars variables after a satisfiable
// Solve, checked against f.
func checkedModel(t testing.TB, g *gini.Gini, f *dimacs.Formula, vars int) dimacs.Model {
	t.Helper()
	m := dimacs.NewModel(vars)
	for v := 1; v <= vars; v++ {
		if g.Value(z.Var(v).Pos()) {
			m.Set(v)
		} else {
			m.Set(-v)
		}
	}
	if err := f.Check(m); err != nil {
		t.Fatalf("gini's model: %v", err)
	}
	return m
}

// sharedDir is the team's shared folder, next to the repository.
const sharedDir = "../../../shared/puzzles"

// puzzleFiles returns the repository's puzzles and, when ../shared is
// present, the GPL ones read from there.
func puzzleFiles(t testing.TB) []string {
	files, _ := filepath.Glob("../../testdata/nonogram/*.non")
	if testenv.SharedPuzzles(t, sharedDir) != "" {
		more, _ := filepath.Glob(sharedDir + "/nonogram-db/qnonograms/*/*.non")
		if len(more) == 0 && testenv.SharedRequired() {
			t.Fatalf("no collection puzzles in %s/nonogram-db/qnonograms", sharedDir)
		}
		files = append(files, more...)
	}
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatal("no puzzles found")
	}
	return files
}

func readFile(t testing.TB, name string) *Puzzle {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := Read(f, name, Auto)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func picString(p *Puzzle, pic []bool) string {
	b := make([]byte, len(pic))
	for i, v := range pic {
		b[i] = '0'
		if v {
			b[i] = '1'
		}
	}
	return string(b)
}

// small puzzles that every encoding solves quickly, even under -race.
var small = map[string]bool{"gchq.non": true, "webpbn-1.non": true, "webpbn-6.non": true,
	"webpbn-21.non": true, "webpbn-26167.non": true, "gnonograms-spade.non": true}

func TestSolveAllPuzzles(t *testing.T) {
	for _, name := range puzzleFiles(t) {
		p := readFile(t, name)
		for _, enc := range []Encoding{Automaton, Runs, Patterns, Order} {
			if enc != Automaton && enc != Order && !small[filepath.Base(name)] {
				continue
			}
			if enc == Patterns && filepath.Base(name) == "gchq.non" {
				continue // 4 million clauses: see the benchmarks
			}
			if enc == Runs && filepath.Base(name) == "gchq.non" && !testenv.Full() {
				continue // a few CPU-s: only with PIPESAT_TEST_FULL
			}
			t.Run(filepath.Base(name)+"/"+enc.String(), func(t *testing.T) {
				pic := solveGini(t, p, Options{Encoding: enc})
				if pic == nil {
					t.Fatal("unsatisfiable")
				}
				if err := p.Verify(pic); err != nil {
					t.Fatal(err)
				}
				if p.Goal != "" && picString(p, pic) != p.Goal {
					t.Errorf("picture differs from goal")
				}
			})
		}
	}
}
