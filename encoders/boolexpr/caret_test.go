package boolexpr

import (
	"errors"
	"testing"

	"github.com/pipesat/pipesat/textpos"
)

func TestParseCaret(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		tables         bool
	}{
		{name: "formula", in: "a | b\n(a &\tc) d\n", want: "(a &\tc) d\n    \t   ^"},
		{name: "columns are bytes, the caret counts runes", in: "¬a ∧ ∧ b", want: "¬a ∧ ∧ b\n     ^"},
		{name: "end of input", in: "a &", want: "a &\n   ^"},
		{name: "table row", in: "a b\n1x\n", tables: true, want: "1x\n ^"},
		{name: "table without rows", in: "a b\n", tables: true, want: "a b\n^"},
	} {
		var err error
		if tc.tables {
			_, err = ParseTablesString(tc.in, "t")
		} else {
			_, err = ParseString(tc.in, "t")
		}
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
