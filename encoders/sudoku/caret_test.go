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
		var pe *textpos.Error
		if !errors.As(err, &pe) {
			t.Fatalf("%s: error %v is %T, not *textpos.Error", tc.name, err, err)
		}
		if got := pe.Caret(); got != tc.want {
			t.Errorf("%s: %v: Caret() = %q, want %q", tc.name, err, got, tc.want)
		}
	}
}

// checkSource fails t when err quotes a line that is not its line of src
// (textpos.CheckSource): the fuzz targets' oracle for the caret line.
func checkSource[T string | []byte](t *testing.T, err error, src T) {
	t.Helper()
	if err := textpos.CheckSource(err, src); err != nil {
		t.Fatal(err)
	}
}
