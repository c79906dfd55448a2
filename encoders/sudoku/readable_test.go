package sudoku_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/internal/enctest"
)

// TestReadable checks, for every at-most-one encoding, that --names all
// names every variable (sequential and commander auxiliaries included)
// once with unique names and that every clause sits under a group comment,
// on a 4x4, a 9x9 and a 16x16 sudoku; the 4x4's text is pinned in
// testdata/4x4-<amo>.readable.golden.
func TestReadable(t *testing.T) {
	for _, amo := range []sudoku.AMO{sudoku.Pairwise, sudoku.Sequential, sudoku.Commander} {
		st := cnfstyle.Style{Names: cnfstyle.All, Comments: true,
			Provenance: cnfstyle.Provenance{Tool: "sudoku2cnf", Version: "v0.0.0", Args: []string{"--amo", amo.String(), "4x4.in"}}}
		for _, path := range []string{"testdata/4x4.in", "../../testdata/sudoku/9x9.txt", "../../testdata/sudoku/16x16.txt"} {
			text, _ := encode(t, readPuzzle(t, path), sudoku.Options{AMO: amo, Style: st})
			if err := enctest.CheckText(string(text), true); err != nil {
				t.Errorf("%s %s: %v", path, amo, err)
			}
			if path == "testdata/4x4.in" {
				golden(t, fmt.Sprintf("testdata/4x4-%s.readable.golden", amo), text)
			}
		}
	}
}

// TestNamesOption checks the varname lines of --names none and primary.
func TestNamesOption(t *testing.T) {
	p := readPuzzle(t, "testdata/4x4.in")
	for _, tt := range []struct {
		names cnfstyle.Names
		want  int
	}{{cnfstyle.None, 0}, {cnfstyle.Primary, 64}} {
		text, _ := encode(t, p, sudoku.Options{AMO: sudoku.Sequential, Style: cnfstyle.Style{Names: tt.names}})
		if got := strings.Count(string(text), "c varname "); got != tt.want {
			t.Errorf("--names %v: %d varname lines, want %d", tt.names, got, tt.want)
		}
	}
}

// TestReadPuzzleLines checks that ReadPuzzleLines reads back what
// PuzzleLines writes, among the provenance lines, and its errors.
func TestReadPuzzleLines(t *testing.T) {
	p := readPuzzle(t, "testdata/4x4.in")
	lines := append(cnfstyle.Provenance{Tool: "sudoku2cnf", Args: []string{"x"}, Encoding: "pairwise"}.Lines(), sudoku.PuzzleLines(p)...)
	n, givens, err := sudoku.ReadPuzzleLines(lines)
	if err != nil || n != 4 || givens == nil || !reflect.DeepEqual(givens.Cells, p.Cells) {
		t.Errorf("ReadPuzzleLines = %d, %v, %v", n, givens, err)
	}
	for _, tt := range []struct{ in, wantErr string }{
		{"pipesat sudoku 9", ""},
		{"pipesat sudoku", `malformed header "pipesat sudoku": want "pipesat sudoku N"`},
		{"pipesat sudoku x", `malformed header "pipesat sudoku x": want "pipesat sudoku N"`},
		{"pipesat queens 8", `not a sudoku encoding: header "pipesat queens 8"`},
		{"pipesat tool nono2cnf", ""},
	} {
		_, _, err := sudoku.ReadPuzzleLines([]string{tt.in})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.wantErr {
			t.Errorf("ReadPuzzleLines(%q) error %q, want %q", tt.in, got, tt.wantErr)
		}
	}
}
