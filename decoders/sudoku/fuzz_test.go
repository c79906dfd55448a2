package sudoku

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/sudoku"
)

// fuzzGrid is a 4x4 solution as a "v" line.
func fuzzGrid(g string) string {
	var b strings.Builder
	b.WriteString("v")
	for i := 0; i < 16; i++ {
		for v := 0; v < 4; v++ {
			x := sudoku.Var(4, i/4, i%4, v)
			if int(g[i]-'1') != v {
				x = -x
			}
			b.WriteString(" " + strconv.Itoa(x))
		}
	}
	b.WriteString(" 0\n")
	return b.String()
}

// FuzzReadPuzzleInfo: puzzle lines never panic, and what reads
// writes back ("pipesat sudoku N", "pipesat sudoku-givens G") as lines that
// read the same.
func FuzzReadPuzzleInfo(f *testing.F) {
	for _, s := range []string{
		"pipesat sudoku 4\npipesat primary 1-64", "pipesat sudoku 9\npipesat sudoku-givens " + strings.Repeat(".", 81),
		"pipesat sudoku four", "pipesat sudoku 5", "pipesat nonogram 5 5", "pipesat sudoku 4\npipesat sudoku-givens 1...............",
		"pipesat sudoku-givens 1234", "pipesat sudoku 16",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		h, err := readPuzzleInfo(strings.Split(text, "\n"))
		if err != nil || h.n == 0 {
			return
		}
		lines := []string{fmt.Sprintf("pipesat sudoku %d", h.n)}
		if h.givens != nil {
			lines = append(lines, "pipesat sudoku-givens "+h.givens.String())
		}
		back, err := readPuzzleInfo(lines)
		if err != nil {
			t.Fatalf("%q: written back as %q: %v", text, lines, err)
		}
		if back.n != h.n || (back.givens == nil) != (h.givens == nil) || h.givens != nil && back.givens.String() != h.givens.String() {
			t.Fatalf("%q: written back as %q reads differently", text, lines)
		}
	})
}

// FuzzDecode feeds Decode arbitrary solver output: it never panics, and
// every grid it prints (with --line), encoded again as a model, decodes to
// the same line.
func FuzzDecode(f *testing.F) {
	const head = "c pipesat sudoku 4\nc pipesat primary 1-64\n"
	a, b := fuzzGrid("1234341221434321"), fuzzGrid("1234341241232341")
	for _, s := range []string{
		head + "s SATISFIABLE\n" + a,
		head + "s SATISFIABLE\n" + a + "c solutions 1\n",
		head + "s SATISFIABLE\n" + a + "s SATISFIABLE\n" + b + "c limit 2 reached; more models may exist\nc solutions 2\n",
		head + "s SATISFIABLE\n" + a + "c ERROR: x after 1 models; more may exist\n",
		"s SATISFIABLE\n" + a + "s UNSATISFIABLE\n",
		head + "c pipesat sudoku-givens 1...............\ns SATISFIABLE\n" + a,
		head + "s UNSATISFIABLE\n", head + "s UNKNOWN\n", "", "s SATISFIABLE\nv 1 2",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := dimacs.ReadOutput(bytes.NewReader(in), "f")
		if err != nil {
			return
		}
		var buf bytes.Buffer
		res, err := Decode(&buf, out, Options{Line: true})
		if err != nil && !dimacs.AfterOutput(err) {
			return
		}
		n := 0
		for _, l := range strings.Split(buf.String(), "\n") {
			if l == "" || strings.HasPrefix(l, "c ") {
				continue
			}
			n++
			p, err := sudoku.Parse(strings.NewReader(l), "line", 0)
			if err != nil {
				t.Fatalf("grid %q does not parse: %v", l, err)
			}
			m := dimacs.NewModel(p.N * p.N * p.N)
			for i, v := range p.Cells {
				for d := 0; d < p.N; d++ {
					x := sudoku.Var(p.N, i/p.N, i%p.N, d)
					if v == d+1 {
						m.Set(x)
					} else {
						m.Set(-x)
					}
				}
			}
			var back bytes.Buffer
			var vb strings.Builder
			vb.WriteString(fmt.Sprintf("c pipesat sudoku %d\ns SATISFIABLE\nv", p.N))
			for _, x := range m.Lits() {
				vb.WriteString(" " + strconv.Itoa(x))
			}
			vb.WriteString(" 0\n")
			bo, err := dimacs.ReadAnswer(strings.NewReader(vb.String()), "back")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Decode(&back, bo, Options{Line: true}); err != nil {
				t.Fatalf("grid %q does not decode back: %v", l, err)
			}
			if back.String() != l+"\n" {
				t.Fatalf("grid %q decodes back as %q", l, back.String())
			}
		}
		if n != res.Solutions {
			t.Fatalf("%d grids, Solutions %d", n, res.Solutions)
		}
	})
}
