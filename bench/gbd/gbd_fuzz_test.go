package gbd

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzGBDHash: never panic; what hashes has a normal text that is itself
// a CNF normalising to itself (so it hashes the same), made of literals
// and zeros separated by single spaces, ending in "0".
func FuzzGBDHash(f *testing.F) {
	for _, s := range []string{"", "p cnf 2 2\n1 -2 0\n2 0\n", "1 -", "+1 - 2 0 c x\n3", "1 0\n%\n0\n", "01 -0 0\r\n\v\f", "c\rp\n1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var normal bytes.Buffer
		if err := gbdNormal(&normal, strings.NewReader(in), "fuzz"); err != nil {
			return
		}
		n := normal.String()
		var again bytes.Buffer
		if err := gbdNormal(&again, strings.NewReader(n), "normal"); err != nil || again.String() != n {
			t.Fatalf("normal text %q normalises to %q, %v", n, again.String(), err)
		}
		if n != "" && (!strings.HasSuffix(n, "0") || strings.Contains(n, "  ") || strings.HasPrefix(n, " ")) {
			t.Fatalf("normal text %q", n)
		}
		for _, c := range n {
			if c != ' ' && c != '-' && !isDigit(byte(c)) {
				t.Fatalf("normal text %q has %q", n, c)
			}
		}
		h1, err1 := Hash(strings.NewReader(in), "fuzz")
		h2, err2 := Hash(strings.NewReader(n), "normal")
		if err1 != nil || err2 != nil || h1 != h2 {
			t.Fatalf("%q: %s, %v; normal %q: %s, %v", in, h1, err1, n, h2, err2)
		}
	})
}
