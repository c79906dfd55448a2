package corrupt

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/encoders/zebra"
)

// Case is a corrupted puzzle: its formula, encoded as the encoder's tool
// encodes it by default, and what was changed.
type Case struct {
	Name   string // the puzzle's file and the change
	Kind   string // nonogram, colour, sudoku, zebra
	F      *dimacs.Formula
	Groups []dimacs.Group
}

// NonogramFile reads the .non puzzle at path, corrupts it (Nonogram) and
// encodes it; kind names it in Case.Kind.
func NonogramFile(path string, r *rand.Rand, kind string) (Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return Case{}, err
	}
	defer f.Close()
	p, err := nonogram.Read(f, path, nonogram.NON)
	if err != nil {
		return Case{}, err
	}
	return NonogramCase(p, filepath.Base(path), r, kind)
}

// NonogramCase corrupts p (Nonogram) and encodes it; name and kind name it
// in the Case.
func NonogramCase(p *nonogram.Puzzle, name string, r *rand.Rand, kind string) (Case, error) {
	q, what, err := Nonogram(p, r)
	if err != nil {
		return Case{}, fmt.Errorf("%s: %v", name, err)
	}
	g, err := dimacs.Build(func(dst dimacs.Adder) (int, error) { return nonogram.Encode(dst, q, nonogram.Options{}) })
	if err != nil {
		return Case{}, err
	}
	return Case{Name: name + ": " + what, Kind: kind, F: g, Groups: g.Groups()}, nil
}

// SudokuFile reads the sudoku at path ("FILE#K" for the K-th of a file
// of one-line puzzles), corrupts it (Sudoku) and encodes it.
func SudokuFile(path string, r *rand.Rand) (Case, error) {
	index := 0
	if i := strings.IndexByte(path, '#'); i >= 0 {
		fmt.Sscan(path[i+1:], &index)
		path = path[:i]
	}
	f, err := os.Open(path)
	if err != nil {
		return Case{}, err
	}
	defer f.Close()
	p, err := sudoku.Parse(f, path, index)
	if err != nil {
		return Case{}, err
	}
	q, what, err := Sudoku(p, r)
	if err != nil {
		return Case{}, fmt.Errorf("%s: %v", path, err)
	}
	g, err := dimacs.Build(func(dst dimacs.Adder) (int, error) { return sudoku.Encode(dst, q, sudoku.Options{}), nil })
	return Case{Name: fmt.Sprintf("%s#%d: %s", filepath.Base(path), index, what), Kind: "sudoku", F: g, Groups: g.Groups()}, err
}

// ZebraFile reads the zebra puzzle at path, corrupts it (Zebra) and
// encodes it.
func ZebraFile(path string, r *rand.Rand) (Case, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Case{}, err
	}
	p, err := zebra.ParseString(string(b), path)
	if err != nil {
		return Case{}, err
	}
	q, what, err := Zebra(p, r)
	if err != nil {
		return Case{}, fmt.Errorf("%s: %v", path, err)
	}
	g, err := dimacs.Build(func(dst dimacs.Adder) (int, error) { return zebra.Encode(dst, q, cnfstyle.Style{}), nil })
	return Case{Name: filepath.Base(path) + ": " + what, Kind: "zebra", F: g, Groups: g.Groups()}, err
}

// RandomNonogram returns a w x h black-and-white puzzle whose clues are
// those of a random picture, each cell black with probability density.
func RandomNonogram(w, h int, density float64, seed uint64) *nonogram.Puzzle {
	r := rand.New(rand.NewPCG(seed, 30))
	pic := make([]bool, w*h)
	for i := range pic {
		pic[i] = r.Float64() < density
	}
	p := nonogram.PuzzleOf(pic, w, h)
	p.Title = fmt.Sprintf("random %dx%d density %.2f seed %d", w, h, density, seed)
	return p
}
