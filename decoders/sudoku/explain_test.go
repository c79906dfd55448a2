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
c conflict: 2 of 7 groups, found by gini in 9 calls (5 models checked), 0.001 s
`
	out, err := dimacs.ReadAnswer(strings.NewReader(in), "in")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	res, err := Decode(&b, out, Options{})
	want := "c no solution: given r1c1=1 and given r1c3=1 cannot all hold; each of the others can be dropped\n"
	if err != nil || res.Status != dimacs.Unsat || b.String() != want {
		t.Errorf("%v %v %q\nwant %q", res.Status, err, b.String(), want)
	}
}
