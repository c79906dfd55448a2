package vals

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

func TestWriteExplained(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`c varname 1 a
s UNSATISFIABLE
c conflict group 1 formula 1: a
c conflict group 3 formula 3: !a
c conflict: 2 of 3 groups, found by gini in 4 calls (2 models checked), 0.001 s
`, "formula 1: a\nformula 3: !a\nc no solution: formula 1: a and formula 3: !a cannot all hold; each of the others can be dropped\n"},
		{`c varname 1 a
s SATISFIABLE
v 1 0
c needed group 1 formula 1: a
c needed: 1 of 2 groups force the solution, found by gini in 3 calls (1 models checked), 0.001 s
`, "a = true\nc the solution needs formula 1: a: without it there is another; the other 1 can be dropped\n"},
	} {
		out, err := dimacs.ReadAnswer(strings.NewReader(tt.in), "in")
		if err != nil {
			t.Fatal(err)
		}
		h, err := ParseVarInfo(out.Pipesat)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := Write(&b, out, h, Options{}); err != nil || b.String() != tt.want {
			t.Errorf("%v\n%q\nwant\n%q", err, b.String(), tt.want)
		}
	}
}
