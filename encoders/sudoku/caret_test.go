package sudoku_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/textpos"
)

func TestParseCaret(t *testing.T) {
	grid := "5 3 . | . 7 . | . . .\n" + strings.Repeat(". . . | . . . | . . .\n", 8)
	for _, tc := range []struct {
		name, in, want string
	}{
		{"symbol", "53..7....\n6.x195...\n", "6.x195...\n  ^"},
		{"conflict", strings.Replace(grid, ". . . | . . . | . . .", "\t. 5 . | . . . | . . .", 1), "\t. 5 . | . . . | . . .\n\t  ^"},
		{"whole line", "1234\n", ""},
	} {
		_, err := sudoku.Parse(strings.NewReader(tc.in), "p.txt", 0)
		var pe *sudoku.ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("%s: error %v is %T, not *ParseError", tc.name, err, err)
		}
		if got := pe.Caret(); got != tc.want {
			t.Errorf("%s: %v: Caret() = %q, want %q", tc.name, err, got, tc.want)
		}
	}
}

// checkSource fails t when err is a *textpos.Error whose Source is not its
// line of src (trailing CRs aside), the fuzz target's oracle for the line
// the reader quotes.
func checkSource[T string | []byte](t *testing.T, err error, src T) {
	t.Helper()
	var e *textpos.Error
	if !errors.As(err, &e) || e.Source == "" {
		return
	}
	_ = e.Caret() // never panics
	if want := textpos.Line(src, e.Line); strings.TrimRight(e.Source, "\r") != strings.TrimRight(want, "\r") {
		t.Fatalf("%v: Source %q, but line %d is %q", err, e.Source, e.Line, want)
	}
}
