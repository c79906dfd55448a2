package nonogram

import (
	"errors"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/textpos"
)

func TestReadCaret(t *testing.T) {
	for _, tc := range []struct {
		name   string
		format Format
		in     string
		want   string
	}{
		{"non clue", NON, strings.Replace(tinyNON, "rows\n1\n1\n", "rows\n1\n\t1,x\n", 1), "\t1,x\n\t  ^"},
		{"non check", NON, strings.Replace(tinyNON, "rows\n1\n1\n", "rows\n1\n4\n", 1), "4\n^"},
		{"keen", Keen, "1\n1\n\n1\n1\n1\nx\n", "x\n^"},
		{"whole input", NON, "", ""},
	} {
		_, err := Parse([]byte(tc.in), "<stdin>", tc.format)
		var e *textpos.Error
		if !errors.As(err, &e) {
			t.Fatalf("%s: error %v is %T, not *textpos.Error", tc.name, err, err)
		}
		if got := e.Caret(); got != tc.want {
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
