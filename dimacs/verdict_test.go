package dimacs

import (
	"strings"
	"testing"
)

// TestVerdict pins the last line every decoder prints.
func TestVerdict(t *testing.T) {
	for _, tt := range []struct {
		in   string
		n    int
		want string
	}{
		{"s SATISFIABLE\nv 1 0\ns SATISFIABLE\nv -1 0\nc solutions 2\n", 2, "c not unique: 2 solutions\n"},
		{"s SATISFIABLE\nv 1 0\ns SATISFIABLE\nv -1 0\nc limit 2 reached; more models may exist\nc solutions 2\n", 2, "c not unique: at least 2 solutions\n"},
		{"s SATISFIABLE\nv 1 0\ns UNSATISFIABLE\n", 1, "c unique solution\n"},
		{"s SATISFIABLE\nv 1 0\nc solutions 1\n", 1, "c unique solution\n"},
		{"s SATISFIABLE\nv 1 0\nc limit 1 reached; more models may exist\nc solutions 1\n", 1, ""},
		{"s SATISFIABLE\nv 1 0\n", 1, ""},
		{"s UNSATISFIABLE\n", 0, ""},
	} {
		o, err := ReadAnswer(strings.NewReader(tt.in), "t")
		if err != nil {
			t.Fatal(err)
		}
		if got := o.Verdict(tt.n); got != tt.want {
			t.Errorf("%q: Verdict(%d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}
