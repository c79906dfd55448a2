package suite

import (
	"errors"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/textpos"
)

func TestReadSuiteCaret(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a.cnf\n\t| x\n", "\t| x\n\t^"},
		{"p.non |  \r\n", "p.non |  \n      ^"},
	} {
		_, err := Read(strings.NewReader(tc.in), "suite.txt", "s")
		var e *textpos.Error
		if !errors.As(err, &e) {
			t.Fatalf("%q: error %v is %T, not *textpos.Error", tc.in, err, err)
		}
		if got := e.Caret(); got != tc.want {
			t.Errorf("%q: %v: Caret() = %q, want %q", tc.in, err, got, tc.want)
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
