package dimacs

import (
	"fmt"
	"strings"
	"testing"
)

// TestWriteEnding pins the one ending of every decoder: the verdict (or
// cnf2vals' count), the differing cells, satrun --explain's sentence,
// what the decoder found and the error it returns.
func TestWriteEnding(t *testing.T) {
	const (
		one      = "s SATISFIABLE\nv 1 0\n"
		two      = "s SATISFIABLE\nv 1 0\ns SATISFIABLE\nv -1 0\n"
		needed   = "c needed group 2 b\nc needed: 1 of 2 groups force the solution\n"
		conflict = "c conflict group 1 a\nc conflict: 1 of 2 groups\n"
		crash    = "c ERROR: boom after 2 models; more may exist\n"
	)
	upper := func(s string) string { return strings.ToUpper(s) }
	for _, tt := range []struct {
		name, in string
		n        int
		e        Ending
		want     string
		found    string // Status, Solutions, Uniqueness
		err      string
	}{
		{"one answer", one, 1, Ending{}, "", "SATISFIABLE 1 not checked", "<nil>"},
		{"unique", one + "c solutions 1\n", 1, Ending{}, "c unique solution\n", "SATISFIABLE 1 unique", "<nil>"},
		{"proven", one + "s UNSATISFIABLE\nc proof verified\n", 1, Ending{}, "c unique solution (proven)\n", "SATISFIABLE 1 unique", "<nil>"},
		{"two", two + "c solutions 2\n", 2, Ending{Differ: "c they differ in r1c1\n"}, "c not unique: 2 solutions\nc they differ in r1c1\n", "SATISFIABLE 2 not unique", "<nil>"},
		{"two of more", two + "c limit 2 reached; more models may exist\nc solutions 2\n", 2, Ending{}, "c not unique: at least 2 solutions\n", "SATISFIABLE 2 not unique", "<nil>"},
		{"the same twice", two + "c solutions 2\n", 1, Ending{}, "c unique solution\n", "SATISFIABLE 1 unique", "<nil>"},
		{"failed", two + crash, 2, Ending{}, "c not unique: at least 2 solutions\n", "SATISFIABLE 2 not unique", "t:5:1: upstream solver failed after 2 models: boom"},
		{"needed", one + "c solutions 1\n" + needed, 1, Ending{Words: upper}, "c unique solution\nc the solution needs B: without it there is another; the other 1 can be dropped\n", "SATISFIABLE 1 unique", "<nil>"},
		{"conflict", "s UNSATISFIABLE\n" + conflict, 0, Ending{Words: upper}, "c no solution: A cannot hold; each of the others can be dropped\n", "UNSATISFIABLE 0 not checked", "<nil>"},
		{"unsat", "s UNSATISFIABLE\n", 0, Ending{}, "", "UNSATISFIABLE 0 not checked", "<nil>"},
		{"count", two + "c solutions 2\n", 2, Ending{Count: true}, "c solutions 2\n", "SATISFIABLE 2 not unique", "<nil>"},
		{"count one", one + "c solutions 1\n", 1, Ending{Count: true}, "c solutions 1\n", "SATISFIABLE 1 unique", "<nil>"},
		{"count one answer", one, 1, Ending{Count: true}, "", "SATISFIABLE 1 not checked", "<nil>"},
		{"count of more", two + "c limit 2 reached; more models may exist\nc solutions 2\n", 1, Ending{Count: true}, "c at least 1 solution\n", "SATISFIABLE 1 not checked",
			"count incomplete: the enumeration stopped at its limit of 2 models; more may exist"},
		{"count failed", two + crash, 2, Ending{Count: true}, "c at least 2 solutions\n", "SATISFIABLE 2 not unique", "t:5:1: upstream solver failed after 2 models: boom"},
		{"count none", "s UNSATISFIABLE\nc solutions 0\n", 0, Ending{Count: true}, "", "UNSATISFIABLE 0 not checked", "<nil>"},
	} {
		o, err := ReadAnswer(strings.NewReader(tt.in), "t")
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var b strings.Builder
		d, err := o.WriteEnding(&b, tt.n, tt.e)
		if found := fmt.Sprint(d.Status, " ", d.Solutions, " ", d.Uniqueness); b.String() != tt.want || found != tt.found || fmt.Sprint(err) != tt.err {
			t.Errorf("%s: wrote %q, found %s, error %v\nwant %q, %s, %s", tt.name, b.String(), found, err, tt.want, tt.found, tt.err)
		}
	}
	o, _ := ReadAnswer(strings.NewReader(one+"c solutions 1\n"), "t")
	if _, err := o.WriteEnding(failWriter{}, 1, Ending{}); err == nil || err.Error() != "disk full" {
		t.Errorf("a failed write: %v", err)
	}
}
