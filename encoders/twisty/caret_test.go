package twisty

import (
	"errors"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/textpos"
)

func caretOf(t *testing.T, err error) (string, string) {
	t.Helper()
	var e *textpos.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v is %T, not *textpos.Error", err, err)
	}
	return e.Error(), e.Caret()
}

func TestParseCaret(t *testing.T) {
	// yaml.v3 counts columns in runes; Parse gives bytes like every reader.
	msg, caret := caretOf(t, func() error {
		_, err := Parse(strings.NewReader("goalState: [Ä, 'B C']\n"), "p.yaml")
		return err
	}())
	if want := `p.yaml:1:17: goalState: "B C" is not a word (no blanks, quotes, '#' or '=')`; msg != want {
		t.Errorf("got %q, want %q", msg, want)
	}
	if want := "goalState: [Ä, 'B C']\n" + strings.Repeat(" ", 15) + "^"; caret != want {
		t.Errorf("Caret() = %q, want %q", caret, want)
	}
}

func TestStateCaret(t *testing.T) {
	p := loadCube2(t)
	for _, tc := range []struct {
		name, in, want string
		moves          bool
	}{
		{name: "unknown colour", in: "W W W W O O G G R R B B\n\tO O G G R R B B Y Y Y Q", want: "\tO O G G R R B B Y Y Y Q\n\t                      ^"},
		{name: "impossible state", in: "W W W R O O G G W R B B O O G G R R B B Y Y Y Y", want: "W W W R O O G G W R B B O O G G R R B B Y Y Y Y\n      ^"},
		{name: "unknown turn", in: "U R\nF Q", moves: true, want: "F Q\n  ^"},
	} {
		var err error
		if tc.moves {
			_, err = p.ParseMoves(tc.in, "moves")
		} else {
			var st []string
			if st, err = p.ParseState(tc.in, "state"); err == nil {
				_, err = NewEncoding(p, st, 1)
				err = Locate(err, tc.in, "state")
			}
		}
		if _, got := caretOf(t, err); got != tc.want {
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
