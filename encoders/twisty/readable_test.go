package twisty

import (
	"bytes"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/internal/enctest"
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
	st := cnfstyle.Style{Names: cnfstyle.All, Comments: true,
		Provenance: cnfstyle.Provenance{Tool: "cube2cnf", Version: "v0.0.0", Args: []string{"--definition", "loopover2.yaml", "--state", "B A C D", "--depth", "1"}}}
	cube := loadCube2(t)
	for _, code := range []Code{OneHot, Binary} {
		e, err := NewEncoding(cube, cube.Goal, 2)
		if err != nil {
			t.Fatal(err)
		}
		e.Code = code
		text, _ := encode(t, e, st)
		if err := enctest.CheckText(string(text), true); err != nil {
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
	text, f := encode(t, e, st)
	b := bytes.NewBuffer(text)
	if err := enctest.CheckText(b.String(), true); err != nil {
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
	if _, err := ReadPuzzleLines(f.Pipesat()); err != nil {
		t.Errorf("ReadPuzzleLines: %v", err)
	}
	none, _ := encode(t, e, cnfstyle.Style{Names: cnfstyle.None})
	if strings.Contains(string(none), "c varname") {
		t.Errorf("--names none wrote names")
	}
}
