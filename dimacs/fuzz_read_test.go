package dimacs

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// FuzzRead checks that Read never panics, and that whatever it accepts
// writes back (WriteTo) to text that reads again, strictly, to the same
// variables, clauses and comments, and agrees with a naive reader.
func FuzzRead(f *testing.F) {
	for _, tc := range cnfMalformed {
		f.Add([]byte(tc.in), tc.opts.Relaxed)
	}
	for _, tc := range cnfValid {
		f.Add([]byte(tc.in), tc.opts.Relaxed)
	}
	f.Add([]byte(cnfSmall), false)
	f.Add([]byte("p cnf 2 3\nc pipesat group 7 row 1 \"1\"\n1 0\nc pipesat group 0\n2 0\nc pipesat group 8 x\n-1 -2 0\n"), false)
	for _, z := range cnfCompressed(f) {
		f.Add(z, false)
	}
	f.Fuzz(func(t *testing.T, in []byte, relaxed bool) {
		opts := Options{Relaxed: relaxed, MaxVars: 1 << 16, MaxClauses: 1 << 16}
		g, err := Read(bytes.NewReader(in), "fuzz", opts)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz:") {
				t.Fatalf("error %q does not name the input", err)
			}
			checkSource(t, err, in, true)
			return
		}
		text := cnfWrite(t, g)
		h, err := Read(strings.NewReader(text), "again", Options{})
		if err != nil {
			t.Fatalf("Read accepted %q but not its own output %q: %v", in, text, err)
		}
		if h.Vars != g.Vars {
			t.Fatalf("Vars %d became %d", g.Vars, h.Vars)
		}
		want := make([][]int32, g.NumClauses())
		for i := range want {
			want[i] = g.Clause(i)
		}
		cnfSame(t, h, want)
		if strings.Join(h.Comments, "\n") != strings.Join(g.Comments, "\n") {
			t.Fatalf("comments %q became %q", g.Comments, h.Comments)
		}
		if !slices.Equal(h.Groups(), g.Groups()) {
			t.Fatalf("groups %v became %v", g.Groups(), h.Groups())
		}
		if again := cnfWrite(t, h); again != text {
			t.Fatalf("WriteTo not stable:\n%q\n%q", text, again)
		}
		// The naive reader knows no compression.
		if r, err := Decompress(bytes.NewReader(in)); err == nil {
			var plain bytes.Buffer
			if _, err := plain.ReadFrom(r); err == nil {
				if naive, ok := cnfNaive(plain.String()); ok {
					cnfSame(t, g, naive)
				} else {
					t.Fatalf("Read accepted %q, the naive reader did not", in)
				}
			}
		}
	})
}
