package zebra

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

func TestDecodeExplained(t *testing.T) {
	in := `s UNSATISFIABLE
c conflict group 1 clue line 12: same Brit red
c conflict group 9 clue line 20: same Brit green
c conflict: 2 of 15 groups, found by gini in 5 calls (3 models checked), 0.001 s
`
	out, err := dimacs.ReadAnswer(strings.NewReader(in), "in")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	res, err := Decode(&b, out, Options{})
	want := "c no solution: clue line 12 (same Brit red) and clue line 20 (same Brit green) cannot all hold; each of the others can be dropped\n"
	if err != nil || res.Status != dimacs.Unsat || b.String() != want {
		t.Errorf("%v %v %q\nwant %q", res.Status, err, b.String(), want)
	}
}
