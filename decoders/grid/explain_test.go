package grid

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/internal/testenv"
)

// explained is satrun --explain's output for a 4x3 puzzle with a given,
// the lines of a conflict named (the draw package's tests draw it).
var explained = testenv.Input("testdata/explained.out")

// explainedColour is the same of a colour puzzle.
var explainedColour = testenv.Input("testdata/explained-colour.out")

func TestExplainConflictText(t *testing.T) {
	var out, msg bytes.Buffer
	res, err := Decode(strings.NewReader(explained), "in", Options{}, &out, &msg)
	if err != nil {
		t.Fatal(err)
	}
	want := `             v
       1       10
       1  1  0  1
  2 1  .  .  .  .
>   0  .  .  *  .
   12  .  .  .  .
c no solution: row 2 (0), column 3 (0) and given r2c3 cannot all hold; each of the others can be dropped
`
	if out.String() != want || msg.String() != "no solution\n" || res.Status != 20 {
		t.Errorf("status %v, stderr %q, stdout\n%s\nwant\n%s", res.Status, msg.String(), out.String(), want)
	}
	// Not minimal, and without the group lines: the sentence alone.
	in := strings.Replace(explained, "s UNSATISFIABLE\n", "s UNSATISFIABLE\nc conflict not minimal (timeout)\n", 1)
	var lines []string
	for l := range strings.Lines(in) {
		if !strings.HasPrefix(l, "c pipesat group") {
			lines = append(lines, l)
		}
	}
	out.Reset()
	if _, err := Decode(strings.NewReader(strings.Join(lines, "")), "in", Options{}, &out, &msg); err != nil {
		t.Fatal(err)
	}
	want = "c no solution: row 2 (0), column 3 (0) and given r2c3 cannot all hold; each of the others can be dropped (not minimal: the search for a smaller one ran out of time)\n"
	if out.String() != want {
		t.Errorf("stdout %q, want %q", out.String(), want)
	}
}

func TestGroupWords(t *testing.T) {
	for in, want := range map[string]string{
		`row 3 "2 1"`:       "row 3 (2 1)",
		`column 12 "1 1 3"`: "column 12 (1 1 3)",
		`row 2 "2a 1b"`:     "row 2 (2a 1b)",
		"given r2c5":        "given r2c5",
		"row 1 rule":        "row 1 rule",
	} {
		if got := GroupWords(in); got != want {
			t.Errorf("GroupWords(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]nonogram.Cell{"given r2c5": {Row: 1, Col: 4}, "given r1c1=a": {}, "given r10c3 not background": {Row: 9, Col: 2}} {
		if got, ok := givenCell(in); !ok || got != want {
			t.Errorf("givenCell(%q) = %v %v", in, got, ok)
		}
	}
	for _, in := range []string{"given x", "given r0c1", "given r1", "row 1 rule"} {
		if _, ok := givenCell(in); ok {
			t.Errorf("givenCell(%q) ok", in)
		}
	}
}

func TestExplainConflictColour(t *testing.T) {
	in := explainedColour
	var out, msg bytes.Buffer
	if _, err := Decode(strings.NewReader(in), "in", Options{}, &out, &msg); err != nil {
		t.Fatal(err)
	}
	want := "         v\n        1b 1r\n> 1r 1b  .  .\nc no solution: row 1 (1r 1b) and column 1 (1b) cannot all hold; each of the others can be dropped\n"
	if out.String() != want {
		t.Errorf("stdout\n%q\nwant\n%q", out.String(), want)
	}
}
