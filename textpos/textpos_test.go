package textpos

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestError(t *testing.T) {
	for _, tc := range []struct {
		e    Error
		want string
	}{
		{Error{Name: "x.cnf", Pos: Pos{2, 3}, Msg: `"-0" is not a literal`}, `x.cnf:2:3: "-0" is not a literal`},
		{Error{Name: "<stdin>", Pos: Pos{7, 0}, Msg: "extra row"}, "<stdin>:7: extra row"},
		{Error{Name: "g.non", Msg: "no row clues"}, "g.non: no row clues"},
		{Error{Name: "g.non", Pos: Pos{0, 5}, Msg: "m"}, "g.non: m"},
		{Error{Pos: Pos{1, 2}, Msg: "m"}, "1:2: m"},
		{Error{Msg: "m"}, "m"},
	} {
		if got := tc.e.Error(); got != tc.want {
			t.Errorf("%+v.Error() = %q, want %q", tc.e, got, tc.want)
		}
	}
}

func TestErrorf(t *testing.T) {
	err := error(Errorf("a.txt", Pos{Line: 3, Col: 1}, "%q is %d", "x", 4))
	var e *Error
	if !errors.As(fmt.Errorf("wrapped: %w", err), &e) || e.Name != "a.txt" || e.Pos != (Pos{3, 1}) || e.Msg != `"x" is 4` {
		t.Fatalf("Errorf gives %#v", err)
	}
	if err.Error() != `a.txt:3:1: "x" is 4` {
		t.Errorf("Error() = %q", err.Error())
	}
	// The runner finds the caret through this interface.
	var c interface{ Caret() string }
	if !errors.As(fmt.Errorf("w: %w", err), &c) || c.Caret() != "" {
		t.Errorf("Caret through errors.As: %v", c)
	}
}

func TestCaret(t *testing.T) {
	long := strings.Repeat("x", MaxCaretLine)
	for _, tc := range []struct {
		name string
		src  string
		pos  Pos
		want string
	}{
		{"first column", "1 -0 2 0", Pos{1, 1}, "1 -0 2 0\n^"},
		{"middle", "1 -0 2 0", Pos{2, 3}, "1 -0 2 0\n  ^"},
		{"after the end", "1 2", Pos{1, 4}, "1 2\n   ^"},
		{"tabs kept", "\t1\t-0 0", Pos{1, 4}, "\t1\t-0 0\n\t \t^"},
		{"runes count once", "é x", Pos{1, 4}, "é x\n  ^"},
		{"longest shown", long, Pos{1, MaxCaretLine}, long + "\n" + strings.Repeat(" ", MaxCaretLine-1) + "^"},
		{"too long", long + "y", Pos{1, 1}, ""},
		{"no line", "", Pos{1, 1}, ""},
		{"no position", "abc", Pos{}, ""},
		{"no column", "abc", Pos{1, 0}, ""},
		{"past the end", "abc", Pos{1, 5}, ""},
		{"invalid UTF-8", "a\xffb", Pos{1, 1}, ""},
		{"control byte", "a\x00b", Pos{1, 1}, ""},
	} {
		e := &Error{Name: "f", Pos: tc.pos, Msg: "m", Source: tc.src}
		if got := e.Caret(); got != tc.want {
			t.Errorf("%s: Caret() = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestLine(t *testing.T) {
	long := strings.Repeat("x", 2*MaxCaretLine)
	src := "one\r\ntwo\n\n" + long + "\nlast"
	for _, tc := range []struct {
		n    int
		want string
	}{
		{0, ""},
		{1, "one"},
		{2, "two"},
		{3, ""},
		{4, long[:MaxCaretLine+1]},
		{5, "last"},
		{6, ""},
	} {
		if got := Line(src, tc.n); got != tc.want {
			t.Errorf("Line(src, %d) = %q, want %q", tc.n, got, tc.want)
		}
		if got := Line([]byte(src), tc.n); got != tc.want {
			t.Errorf("Line([]byte(src), %d) = %q, want %q", tc.n, got, tc.want)
		}
	}
	if got := LineAt("a\rb\r\n"); got != "a\rb" {
		t.Errorf("LineAt keeps a lone CR: got %q", got)
	}
}

func TestPosString(t *testing.T) {
	for p, want := range map[Pos]string{{1, 2}: "1:2", {4, 0}: "4", {}: "", {0, 3}: ""} {
		if got := p.String(); got != want {
			t.Errorf("%#v.String() = %q, want %q", p, got, want)
		}
	}
}

func ExampleError_Caret() {
	e := Errorf("g.txt", Pos{Line: 2, Col: 4}, "%q is not a sudoku symbol", "x")
	e.Source = "..3x....."
	fmt.Println(e)
	fmt.Println(e.Caret())
	// Output:
	// g.txt:2:4: "x" is not a sudoku symbol
	// ..3x.....
	//    ^
}

// TestUnwrap: a reader's typed mistake stays findable under its position.
func TestUnwrap(t *testing.T) {
	cause := errors.New("no header")
	err := fmt.Errorf("reading: %w", &Error{Name: "f", Pos: Pos{Line: 2, Col: 1}, Msg: "no header here", Err: cause})
	var e *Error
	if !errors.Is(err, cause) || !errors.As(err, &e) || err.Error() != "reading: f:2:1: no header here" {
		t.Errorf("%v: the cause or the position is lost", err)
	}
	if (&Error{Msg: "x"}).Unwrap() != nil {
		t.Error("an Error without Err unwraps to something")
	}
}
