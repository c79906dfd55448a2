package zebra

import (
	"errors"
	"testing"

	"github.com/pipesat/pipesat/textpos"
)

func TestParseCaret(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"unknown value", "färg: röd grön\nnat: a b\nsame\tröd blå # no\n", "same\tröd blå # no\n    \t    ^"},
		{"no attributes", "# nothing\n", "# nothing\n^"},
		{"no relation", "colour: red green\nnot\n", "not\n   ^"},
	} {
		_, err := ParseString(tc.in, "p.txt")
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
