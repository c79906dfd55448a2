package nonogram

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/enctest"
	"github.com/pipesat/pipesat/internal/testenv"
)

// testPuzzles returns every puzzle in testdata, colour ones included,
// with the encodings that apply to it: runs and patterns for the larger
// black-and-white ones only with PIPESAT_TEST_FULL.
func testPuzzles(t *testing.T) map[string][]Encoding {
	files, _ := filepath.Glob("../../testdata/nonogram/*.non")
	colour, _ := filepath.Glob("../../testdata/nonogram/colour/*.non")
	tiny, _ := filepath.Glob("testdata/*.non")
	out := map[string][]Encoding{}
	for _, f := range append(append(files, colour...), tiny...) {
		out[f] = []Encoding{Automaton}
		switch {
		case strings.Contains(f, "colour"):
		case small[filepath.Base(f)] || strings.HasPrefix(f, "testdata/") || testenv.Full():
			out[f] = []Encoding{Automaton, Runs, Patterns, Order}
		default:
			// The runs and patterns encodings of the larger puzzles
			// (the most of this package's test time) only with
			// PIPESAT_TEST_FULL; the small puzzles have them here.
			out[f] = []Encoding{Automaton, Order}
		}
	}
	return out
}

// TestEncodingShape checks, on every testdata puzzle in every encoding
// that applies (patterns where the lines have at most 20000 in all), that
// each clause is written once, taking clauses as sets of literals ("-5 -6"
// and "-6 -5" are one clause), and that the size checkSize goes by is at
// least the size of the formula written.
func TestEncodingShape(t *testing.T) {
	for path, encs := range testPuzzles(t) {
		p := readFile(t, path)
		for _, enc := range encs {
			if enc == Patterns && checkPatterns(p, 20000) != nil {
				continue
			}
			t.Run(fmt.Sprintf("%s/%s", filepath.Base(path), enc), func(t *testing.T) {
				_, f := encode(t, p, Options{Encoding: enc})
				if i, j, c, dup := enctest.Duplicates(f); dup {
					t.Errorf("clause %d repeats clause %d: %v", j+1, i+1, c)
				}
				total, _, _, _ := formulaSize(p, enc)
				if total.vars < float64(f.Vars) || total.clauses < float64(f.NumClauses()) {
					t.Errorf("bound %+v, formula %d variables %d clauses", total, f.Vars, f.NumClauses())
				}
			})
		}
	}
}

// TestSizeLimit: a formula larger than satrun reads is refused before
// anything is written, naming the costliest line where the file has it.
func TestSizeLimit(t *testing.T) {
	black := func(n int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "width %d\nheight %d\nrows\n", n, n)
		b.WriteString(strings.Repeat(fmt.Sprintf("%d\n", n), n))
		b.WriteString("columns\n")
		b.WriteString(strings.Repeat(fmt.Sprintf("%d\n", n), n))
		return b.String()
	}
	p, err := Read(strings.NewReader(black(2000)), "black.non", Auto)
	if err != nil {
		t.Fatal(err)
	}
	var c counter
	_, err = Encode(&c, p, Options{Encoding: Runs})
	want := `black.non:4:1: the runs encoding needs up to 16016000000 clauses, more than the 1073741824 satrun reads (row 1, clue "2000", alone up to 4004000)`
	if err == nil || err.Error() != want || c.n != 0 {
		t.Errorf("runs: %v (%d literals written)\nwant %s", err, c.n, want)
	}
	// The automaton of the same puzzle has one state per cell: small, so
	// the limit lets it through. (It encodes: nono-memory.txtar writes
	// the 2 million clauses of the 1000x1000 one, checking their count, in
	// a memory bound.)
	if err := checkSize(p, Automaton); err != nil {
		t.Errorf("automaton: %v", err)
	}
	// 400 runs of one cell in 1000: 201 states after most cells.
	ones := strings.TrimSuffix(strings.Repeat("1,", 400), ",") + "\n"
	src := "width 1000\nheight 1000\nrows\n" + strings.Repeat(ones, 1000) + "columns\n" + strings.Repeat(ones, 1000)
	if p, err = Read(strings.NewReader(src), "ones.non", Auto); err != nil {
		t.Fatal(err)
	}
	_, err = Encode(&c, p, Options{})
	want = `ones.non:4:1: the automaton encoding needs up to 324600000 variables, more than the 268435456 satrun reads (row 1, clue "1,1,1,1,1,1,1,1,1...", alone up to 161800)`
	if err == nil || err.Error() != want || c.n != 0 {
		t.Errorf("automaton: %v (%d literals written)\nwant %s", err, c.n, want)
	}
}
