package zebra

import (
	"errors"
	"testing"
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
