package dimacs

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/textpos"
)

// caretOf returns the Caret of the *textpos.Error in err, failing t if there
// is none.
func caretOf(t *testing.T, err error) string {
	t.Helper()
	var pe *textpos.Error
	if !errors.As(err, &pe) {
		t.Fatalf("error %v is %T, not *textpos.Error", err, err)
	}
	return pe.Caret()
}

func TestReadCaret(t *testing.T) {
	long := "1 " + strings.Repeat("2 ", 70) + "x 0"
	for _, tc := range []struct {
		name, in, want string
	}{
		{"literal", "p cnf 2 1\n1 -0 2 0\n", "1 -0 2 0\n  ^"},
		{"tabs", "p cnf 2 1\n\t1\t-0 0\n", "\t1\t-0 0\n\t \t^"},
		{"CRLF", "p cnf 2 1\r\n1 x 0\r\n", "1 x 0\n  ^"},
		{"header", "p cnf 2 x\n", "p cnf 2 x\n        ^"},
		{"end of input", "p cnf 2 1\n1 2", "1 2\n   ^"},
		{"empty last line", "p cnf 2 1\n1 2\n", ""},
		{"long line", "p cnf 2 1\n" + long + "\n", ""},
		{"binary", "p cnf 2 1\n1 \x01 0\n", ""},
	} {
		for _, rd := range cnfReaders {
			_, err := Read(rd.wrap(strings.NewReader(tc.in)), "<stdin>", Options{})
			if got := caretOf(t, err); got != tc.want {
				t.Errorf("%s/%s: Caret() = %q, want %q", tc.name, rd.name, got, tc.want)
			}
		}
	}
}

// TestReadCaretAtEdge moves a bad line across the buffer's edge: refill
// keeps the part of the line it moves past, so the caret shows the whole
// line wherever the edge falls.
func TestReadCaretAtEdge(t *testing.T) {
	defer func(n int) { cnfChunk = n }(cnfChunk)
	cnfChunk = 4 << 10
	const head = "p cnf 3 999999999\n"
	const bad = "1 2 3 -2 x 0"
	for off := cnfChunk - 200; off <= cnfChunk+5; off++ {
		in := head + strings.Repeat("1 0\n", (off-len(head))/4)
		line := strings.Repeat(" ", off-len(in)) + bad
		in += line + "\n3 0\n"
		want := line + "\n" + strings.Repeat(" ", strings.IndexByte(line, 'x')) + "^"
		err := Parse(strings.NewReader(in), "<stdin>", Options{}, nopHandler{})
		if got := caretOf(t, err); got != want {
			t.Fatalf("offset %d: %v: Caret() = %q, want %q", off, err, got, want)
		}
	}
}

type nopHandler struct{}

func (nopHandler) Header(int, int) error     { return nil }
func (nopHandler) Comment(string) error      { return nil }
func (nopHandler) Clause([]int32, int) error { return nil }

func TestReadOutputCaret(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"model line", "s SATISFIABLE\nv 1 x 0\n", "v 1 x 0\n    ^"},
		{"last token", "s SATISFIABLE\nv\t1 -1", "v\t1 -1\n \t  ^"},
		{"status line", "s MAYBE\n", "s MAYBE\n^"},
		{"minisat result", "SAT\n\t1 zz 0\n", "\t1 zz 0\n\t  ^"},
		{"long model line", "s SATISFIABLE\nv " + strings.Repeat("1 ", 70) + "x 0\n", ""},
		{"count", "s SATISFIABLE\nv 1 0\nc solutions 2\n", ""},
	} {
		_, err := ReadAnswer(strings.NewReader(tc.in), "out.txt")
		if got := caretOf(t, err); got != tc.want {
			t.Errorf("%s: %v: Caret() = %q, want %q", tc.name, err, got, tc.want)
		}
	}
}

// checkSource fails t when err is a *textpos.Error whose Source is not its
// line of in (decompressed first if compressed), the fuzz targets' oracle
// for the line a reader keeps.
func checkSource(t *testing.T, err error, in []byte, compressed bool) {
	t.Helper()
	var pe *textpos.Error
	if !errors.As(err, &pe) || pe.Source == "" {
		return
	}
	_ = pe.Caret() // never panics
	text := in
	if compressed {
		dr, derr := Decompress(bytes.NewReader(in))
		if derr != nil {
			return
		}
		if text, derr = io.ReadAll(io.LimitReader(dr, 1<<20)); derr != nil || len(text) == 1<<20 {
			return
		}
	}
	// ReadOutput drops a "\r" that ends the input; LineAt cannot tell that
	// end from a cut: CheckSource ignores a CR at either end.
	if err := textpos.CheckSource(err, text); err != nil {
		t.Fatal(err)
	}
}
