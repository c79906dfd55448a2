package sudoku

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

func TestDecodeExplained(t *testing.T) {
	in := `c pipesat sudoku 4
c pipesat primary 1-64
s UNSATISFIABLE
c conflict group 1 given r1c1=1
c conflict group 2 given r1c3=1
c conflict group 24 row 1 rule
c conflict group 30 cell r2c2 rule
c conflict: 4 of 40 groups, found by gini in 9 calls (5 models checked), 0.001 s
`
	out, err := dimacs.ReadAnswer(strings.NewReader(in), "in")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	res, err := Decode(&b, out, Options{})
	want := "c no solution: given r1c1=1, given r1c3=1, row 1 (each value once) and one value in r2c2 cannot all hold; each of the others can be dropped\n"
	if err != nil || res.Status != dimacs.Unsat || b.String() != want {
		t.Errorf("%v %v %q\nwant %q", res.Status, err, b.String(), want)
	}
	for in, want := range map[string]string{"box 3 rule": "box 3 (each value once)", "column 12 rule": "column 12 (each value once)", "given r2c5=7": "given r2c5=7", "cell r1c1": "cell r1c1"} {
		if got := GroupWords(in); got != want {
			t.Errorf("GroupWords(%q) = %q, want %q", in, got, want)
		}
	}
}
