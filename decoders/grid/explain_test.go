package grid

import (
	"bytes"
	"image/color"
	"image/png"
	"slices"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/encoders/nonogram"
)

// explained is satrun --explain's output for a 4x3 puzzle with a given,
// the lines of a conflict named.
const explained = `c pipesat nonogram 4 3
c pipesat primary 1-12
c pipesat group 1 row 1 "2 1"
c pipesat group 2 row 2 "0"
c pipesat group 3 row 3 "12"
c pipesat group 4 column 1 "1 1"
c pipesat group 5 column 2 "1"
c pipesat group 6 column 3 "0"
c pipesat group 7 column 4 "10 1"
c pipesat group 8 given r2c3
s UNSATISFIABLE
c conflict group 2 row 2 "0"
c conflict group 6 column 3 "0"
c conflict group 8 given r2c3
c conflict: 3 of 8 groups, found by gini in 9 calls (5 models checked), 0.001 s
`

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

func TestExplainConflictDrawing(t *testing.T) {
	for _, f := range []Format{PNG, SVG} {
		var out, msg bytes.Buffer
		if _, err := Decode(strings.NewReader(explained), "in", Options{Format: f}, &out, &msg); err != nil {
			t.Fatal(err)
		}
		if out.Len() < 100 || !strings.HasPrefix(msg.String(), "c no solution: row 2 (0)") {
			t.Errorf("%s: %d bytes, stderr %q", f, out.Len(), msg.String())
		}
		if f == SVG && !strings.Contains(out.String(), "fill:#FFC4C4") {
			t.Errorf("svg: no band of the mark colour")
		}
		if f == PNG {
			checkBands(t, out.Bytes())
		}
	}
}

// checkBands checks a PNG of explained: the band of row 2 runs across the
// picture, from the clues to the grid's right edge, and that of column 3
// down it, from its clue to the bottom of the grid: a pixel row, and a
// pixel column, of mark colour over more than half the picture.
func checkBands(t *testing.T, b []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	r := img.Bounds()
	across, down := make([]int, r.Dy()), make([]int, r.Dx())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if color.RGBAModel.Convert(img.At(x, y)) == markColour {
				across[y-r.Min.Y]++
				down[x-r.Min.X]++
			}
		}
	}
	if slices.Max(across) <= r.Dx()/2 || slices.Max(down) <= r.Dy()/2 {
		t.Errorf("png %dx%d: longest run of mark colour %d pixels across, %d down; want a row's band and a column's", r.Dx(), r.Dy(), slices.Max(across), slices.Max(down))
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
	in := `c pipesat nonogram 2 1 colours 0=ffffff r=ff0000 b=0000ff
c pipesat primary 1-6
c pipesat group 1 row 1 "1r 1b"
c pipesat group 2 column 1 "1b"
c pipesat group 3 column 2 "1r"
s UNSATISFIABLE
c conflict group 1 row 1 "1r 1b"
c conflict group 2 column 1 "1b"
c conflict: 2 of 3 groups
`
	var out, msg bytes.Buffer
	if _, err := Decode(strings.NewReader(in), "in", Options{}, &out, &msg); err != nil {
		t.Fatal(err)
	}
	want := "         v\n        1b 1r\n> 1r 1b  .  .\nc no solution: row 1 (1r 1b) and column 1 (1b) cannot all hold; each of the others can be dropped\n"
	if out.String() != want {
		t.Errorf("stdout\n%q\nwant\n%q", out.String(), want)
	}
	out.Reset()
	msg.Reset()
	if _, err := Decode(strings.NewReader(in), "in", Options{Format: PNG}, &out, &msg); err != nil || out.Len() < 100 {
		t.Errorf("png: %v, %d bytes, stderr %q", err, out.Len(), msg.String())
	}
	// A clue that does not read in the palette: no drawing, the sentence.
	bad := strings.Replace(in, `column 2 "1r"`, `column 2 "1x"`, 1)
	out.Reset()
	msg.Reset()
	if _, err := Decode(strings.NewReader(bad), "in", Options{Format: PNG}, &out, &msg); err != nil || out.Len() != 0 || !strings.HasPrefix(msg.String(), "no solution (no clues to draw") {
		t.Errorf("bad clue: %v, %d bytes, stderr %q", err, out.Len(), msg.String())
	}
}
