package dimacs

import (
	"strings"
	"testing"
)

// TestProven: satrun --certify's "c proof verified" line makes a complete
// enumeration's verdict "proven"; without it, or for an incomplete one,
// the verdict is as before.
func TestProven(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		proven   bool
		verdict  string
	}{
		{"proven unique", "s SATISFIABLE\nv 1 -2 0\nc proof verified\nc solutions 1\n", true, "c unique solution (proven)\n"},
		{"unique", "s SATISFIABLE\nv 1 -2 0\nc solutions 1\n", false, "c unique solution\n"},
		{"proven but limited", "s SATISFIABLE\nv 1 -2 0\nc limit 1 reached; more models may exist\nc proof verified\nc solutions 1\n", true, ""},
		{"proven UNSAT", "s UNSATISFIABLE\nc proof verified\n", true, ""},
		{"other comment", "s SATISFIABLE\nv 1 -2 0\nc proof verified twice\nc solutions 1\n", false, "c unique solution\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o, err := ReadOutput(strings.NewReader(tt.in), "out")
			if err != nil {
				t.Fatal(err)
			}
			n := len(o.Models())
			if o.Proven != tt.proven || o.Verdict(n) != tt.verdict {
				t.Errorf("Proven %v, Verdict(%d) %q; want %v, %q", o.Proven, n, o.Verdict(n), tt.proven, tt.verdict)
			}
		})
	}
}
