package corrupt

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/encoders/zebra"
)

// TestCorrupt corrupts every testdata puzzle once: the change reads as a
// clue's group name and its new text, and the original is left as it was
// (each function checks that the result is unsatisfiable).
func TestCorrupt(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	files, _ := filepath.Glob("../../testdata/nonogram/*.non")
	colour, _ := filepath.Glob("../../testdata/nonogram/colour/*.non")
	for _, name := range append(files, colour...) {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := nonogram.Read(f, name, nonogram.NON)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		before := p.ClueString(true, 0) + p.ClueString(false, 0)
		q, what, err := Nonogram(p, r)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !strings.HasPrefix(what, "row ") && !strings.HasPrefix(what, "column ") || !strings.Contains(what, `" -> "`) || strings.Contains(what, ",") {
			t.Errorf("%s: change %q", name, what)
		}
		if q == p || p.ClueString(true, 0)+p.ClueString(false, 0) != before {
			t.Errorf("%s: the original changed", name)
		}
	}
	for _, name := range []string{"9x9.txt", "16x16.txt"} {
		f, err := os.Open("../../testdata/sudoku/" + name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := sudoku.Parse(f, name, 0)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		before := p.String()
		_, what, err := Sudoku(p, r)
		if err != nil || !strings.HasPrefix(what, "given r") || p.String() != before {
			t.Errorf("%s: %q, %v", name, what, err)
		}
	}
	for _, name := range []string{"einstein.txt", "life1962.txt"} {
		b, err := os.ReadFile("../../testdata/zebra/" + name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := zebra.ParseString(string(b), name)
		if err != nil {
			t.Fatal(err)
		}
		before := p.String()
		q, what, err := Zebra(p, r)
		if err != nil || !strings.HasPrefix(what, "clue line ") || p.String() != before {
			t.Errorf("%s: %q, %v", name, what, err)
			continue
		}
		if q.Clues[0].Line != p.Clues[0].Line {
			t.Errorf("%s: clue lines %d, want %d", name, q.Clues[0].Line, p.Clues[0].Line)
		}
	}
}
