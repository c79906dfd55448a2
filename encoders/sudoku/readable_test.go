package sudoku_test

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/header"
	"github.com/pipesat/pipesat/encoders/sudoku"
)

// TestReadable checks, for every at-most-one encoding, that --names all
// names every variable (sequential and commander auxiliaries included)
// once with unique names and that every clause sits under a group comment,
// on a 4x4, a 9x9 and a 16x16 sudoku; the 4x4's text is pinned in
// testdata/4x4-<amo>.readable.golden.
func TestReadable(t *testing.T) {
	for _, amo := range []sudoku.AMO{sudoku.Pairwise, sudoku.Sequential, sudoku.Commander} {
		st := header.Style{Names: header.All, Comments: true,
			Header: header.Header{Tool: "sudoku2cnf", Version: "v0.0.0", Args: []string{"--amo", amo.String(), "4x4.in"}}}
		for _, path := range []string{"testdata/4x4.in", "../../testdata/sudoku/9x9.txt", "../../testdata/sudoku/16x16.txt"} {
			var b bytes.Buffer
			sudoku.NewFormula(readPuzzle(t, path), amo, st).WriteTo(&b)
			if err := header.CheckText(b.String(), true); err != nil {
				t.Errorf("%s %s: %v", path, amo, err)
			}
			if path == "testdata/4x4.in" {
				golden(t, fmt.Sprintf("testdata/4x4-%s.readable.golden", amo), b.Bytes())
			}
		}
	}
}

// TestNamesOption checks the varname lines of --names none and primary.
func TestNamesOption(t *testing.T) {
	p := readPuzzle(t, "testdata/4x4.in")
	for _, tt := range []struct {
		names header.Names
		want  int
	}{{header.None, 0}, {header.Primary, 64}} {
		var b bytes.Buffer
		sudoku.NewFormula(p, sudoku.Sequential, header.Style{Names: tt.names}).WriteTo(&b)
		if got := strings.Count(b.String(), "c varname "); got != tt.want {
			t.Errorf("--names %v: %d varname lines, want %d", tt.names, got, tt.want)
		}
	}
}

// TestReadHeader checks that ReadHeader reads back what WriteHeader
// writes, among the provenance lines, and its errors.
func TestReadHeader(t *testing.T) {
	p := readPuzzle(t, "testdata/4x4.in")
	f := &dimacs.Formula{}
	header.Header{Tool: "sudoku2cnf", Args: []string{"x"}, Encoding: "pairwise"}.Write(f)
	sudoku.WriteHeader(f, p)
	n, givens, err := sudoku.ReadHeader(f.Comments)
	if err != nil || n != 4 || givens == nil || !reflect.DeepEqual(givens.Cells, p.Cells) {
		t.Errorf("ReadHeader = %d, %v, %v", n, givens, err)
	}
	for _, tt := range []struct{ in, wantErr string }{
		{"pipesat sudoku 9", ""},
		{"pipesat sudoku", `malformed header "pipesat sudoku": want "pipesat sudoku N"`},
		{"pipesat sudoku x", `malformed header "pipesat sudoku x": want "pipesat sudoku N"`},
		{"pipesat queens 8", `not a sudoku encoding: header "pipesat queens 8"`},
		{"pipesat tool nono2cnf", ""},
	} {
		_, _, err := sudoku.ReadHeader([]string{tt.in})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.wantErr {
			t.Errorf("ReadHeader(%q) error %q, want %q", tt.in, got, tt.wantErr)
		}
	}
}
