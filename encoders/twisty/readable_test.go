package twisty

import (
	"bytes"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/encoders/header"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const loopover2 = `
name: loopover2
goalState: [A, B, C, D]
turnSet:
  baseTurns:
    - {name: Row1, value: [0, 1, 0]}
    - {name: Row2, value: [2, 3, 2]}
    - {name: Col1, value: [0, 2, 0]}
    - {name: Col2, value: [1, 3, 1]}
`

// TestReadable checks --names all and group comments for the 2x2x2 cube
// (24 targets, both colour codes) and a 2x2 Loopover, whose one-turn CNF
// is pinned in testdata/loopover2.readable.golden.
func TestReadable(t *testing.T) {
	st := header.Style{Names: header.All, Comments: true,
		Header: header.Header{Tool: "cube2cnf", Version: "v0.0.0", Args: []string{"--definition", "loopover2.yaml", "--state", "B A C D", "--depth", "1"}}}
	cube := loadCube2(t)
	for _, code := range []Code{OneHot, Binary} {
		e, err := NewEncoding(cube, cube.Goal, 2)
		if err != nil {
			t.Fatal(err)
		}
		e.Code = code
		var b bytes.Buffer
		e.FormulaStyle(st).WriteTo(&b)
		if err := header.CheckText(b.String(), true); err != nil {
			t.Errorf("cube %v: %v", code, err)
		}
	}
	p, err := Parse(strings.NewReader(loopover2), "loopover2.yaml")
	if err != nil {
		t.Fatal(err)
	}
	start, err := p.ParseState("B A C D", "state")
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewEncoding(p, start, 1)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	e.FormulaStyle(st).WriteTo(&b)
	if err := header.CheckText(b.String(), true); err != nil {
		t.Error(err)
	}
	golden := "testdata/loopover2.readable.golden"
	if *update {
		os.MkdirAll("testdata", 0o755)
		os.WriteFile(golden, b.Bytes(), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("CNF differs from %s (go test -update to rewrite):\n%s", golden, b.Bytes())
	}
	// The decoder's reader still finds the encoding among the new lines.
	f := e.FormulaStyle(st)
	if _, err := FromHeader(f.Pipesat()); err != nil {
		t.Errorf("FromHeader: %v", err)
	}
	var none bytes.Buffer
	e.FormulaStyle(header.Style{Names: header.None}).WriteTo(&none)
	if strings.Contains(none.String(), "c varname") {
		t.Errorf("--names none wrote names")
	}
}
