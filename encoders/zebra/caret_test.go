package zebra

import (
	"errors"
	"strings"
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
		var pe *ParseError
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
