package dimacs

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// cnfLimitWriter takes up to n bytes, then fails.
type cnfLimitWriter struct {
	buf bytes.Buffer
	n   int
}

var errCnfLimit = errors.New("writer full")

func (w *cnfLimitWriter) Write(p []byte) (int, error) {
	if room := w.n - w.buf.Len(); len(p) > room {
		w.buf.Write(p[:max(room, 0)])
		return max(room, 0), errCnfLimit
	}
	return w.buf.Write(p)
}

// FuzzReadTee checks that ReadTee never panics, fails exactly where Read
// fails, and otherwise returns Read's formula and writes it canonically:
// the text is WriteTo's without comments, and reads again to the same
// formula. A writer that fails (after limit bytes, when limit > 0) makes
// writeErr, never a different formula or a parse error.
func FuzzReadTee(f *testing.F) {
	for _, tc := range cnfMalformed {
		f.Add([]byte(tc.in), uint16(0))
	}
	for _, tc := range cnfValid {
		f.Add([]byte(tc.in), uint16(0))
	}
	f.Add([]byte(cnfSmall), uint16(0))
	f.Add([]byte(cnfSmall), uint16(12))
	for _, z := range cnfCompressed(f) {
		f.Add(z, uint16(0))
	}
	f.Add([]byte("p cnf 2 1\n"+strings.Repeat("0", 300)+"1 -0002 0\n"), uint16(0))
	f.Fuzz(func(t *testing.T, in []byte, limit uint16) {
		opts := Options{MaxVars: 1 << 16, MaxClauses: 1 << 16}
		var w cnfLimitWriter
		w.n = int(limit)
		if limit == 0 {
			w.n = 1 << 30
		}
		g, werr, err := ReadTee(bytes.NewReader(in), "fuzz", opts, &w)
		want, rerr := Read(bytes.NewReader(in), "fuzz", opts)
		if err != nil || rerr != nil {
			if err == nil || rerr == nil || err.Error() != rerr.Error() {
				t.Fatalf("ReadTee: %v, Read: %v", err, rerr)
			}
			if g != nil {
				t.Fatal("formula with a parse error")
			}
			return
		}
		if got, wantText := cnfWrite(t, g), cnfWrite(t, want); got != wantText {
			t.Fatalf("ReadTee's formula %q, Read's %q", got, wantText)
		}
		want.Comments = nil // ReadTee writes none
		canon := cnfWrite(t, want)
		if len(canon) > w.n {
			if !errors.Is(werr, errCnfLimit) {
				t.Fatalf("%d bytes into a writer of %d: writeErr %v", len(canon), w.n, werr)
			}
			if !strings.HasPrefix(canon, w.buf.String()) {
				t.Fatalf("wrote %q, not a prefix of %q", w.buf.String(), canon)
			}
			return
		}
		if werr != nil {
			t.Fatalf("writeErr %v", werr)
		}
		if w.buf.String() != canon {
			t.Fatalf("wrote %q, want %q", w.buf.String(), canon)
		}
		h, err := Read(bytes.NewReader(w.buf.Bytes()), "again", Options{})
		if err != nil {
			t.Fatalf("ReadTee's output %q does not read: %v", w.buf.String(), err)
		}
		if h.Vars != g.Vars || cnfWrite(t, h) != canon {
			t.Fatalf("ReadTee's output %q reads as %q", w.buf.String(), cnfWrite(t, h))
		}
	})
}
