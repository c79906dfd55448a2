package dimacs

import (
	"bytes"
	"strings"
	"testing"
)

// TestCanonicalLines pins the one canonical clause writer: WriteTo and
// ReadTee print the same "p cnf" and clause lines, byte for byte.
func TestCanonicalLines(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"p cnf 0 0\n", "p cnf 0 0\n"},
		{"c x\np  cnf 3   2\n1   -2\n 0 3 -1 2 0\n", "p cnf 3 2\n1 -2 0\n3 -1 2 0\n"},
		{"p cnf 1 1\n0\n", "p cnf 1 1\n0\n"},
		{"p cnf 268435456 1\n-268435456 1 0\n", "p cnf 268435456 1\n-268435456 1 0\n"},
	} {
		var tee bytes.Buffer
		f, werr, err := ReadTee(strings.NewReader(tt.in), "t.cnf", Options{}, &tee)
		if err != nil || werr != nil {
			t.Fatalf("%q: %v, %v", tt.in, err, werr)
		}
		if tee.String() != tt.want {
			t.Errorf("ReadTee(%q) wrote %q, want %q", tt.in, tee.String(), tt.want)
		}
		f.Comments = nil
		var w bytes.Buffer
		if _, err := f.WriteTo(&w); err != nil || w.String() != tt.want {
			t.Errorf("WriteTo after %q: %q, %v; want %q", tt.in, w.String(), err, tt.want)
		}
	}
}
