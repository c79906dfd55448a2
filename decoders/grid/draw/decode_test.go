package draw

// Drawings through grid.Decode: what it asks the Drawer to draw (titles,
// clues, the marks of a conflict) and where its verdict goes.

import (
	"bytes"
	"image/color"
	"image/png"
	"slices"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/decoders/grid"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/internal/testenv"
)

// The inputs of grid's tests.
const (
	okPuzzle     = "width 3\nheight 2\nrows\n1,1\n1\ncolumns\n1\n1\n1\n"
	colourPuzzle = "width 3\nheight 2\ncolor a #ff0000\ncolor b #0000ff\nrows\n1a,1b\n2b\ncolumns\n1a\n2b\n1b\n"
)

var (
	explained      = testenv.Input("../testdata/explained.out")
	colourConflict = testenv.Input("../testdata/explained-colour.out")
)

// TestDrawColour: cells and clue numbers in the puzzle's colours.
func TestDrawColour(t *testing.T) {
	p, err := nonogram.Read(strings.NewReader(colourPuzzle), "c.non", nonogram.Auto)
	if err != nil {
		t.Fatal(err)
	}
	pic := []int{1, 2, 0, 0, 2, 2}
	var buf bytes.Buffer
	if err := DrawColour(&buf, grid.PNG, pic, grid.DrawOptions{Clues: p}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	d := &drawing{w: 3, h: 2, cells: []uint8{1, 2, 0, 0, 2, 2}, pal: []color.RGBA{white, {0xff, 0, 0, 0xff}, {0, 0, 0xff, 0xff}}, clues: p}
	l, _ := d.fit(d.measure())
	cs := l.cell
	for i, want := range []string{"#ff0000", "#0000ff", "#ffffff", "#ffffff", "#0000ff", "#0000ff"} {
		r, c := i/3, i%3
		if got := hex(img.At(l.left+c*cs+cs/2, l.top+r*cs+cs/2)); got != want {
			t.Errorf("r%dc%d is %s, want %s", r+1, c+1, got, want)
		}
	}
	// The thin line into r1c2 (blue) and into r1c3 (white).
	for _, x := range []int{l.left + cs, l.left + 2*cs} {
		if got := hex(img.At(x, l.top+cs/2)); got != hex(thinLine) {
			t.Errorf("thin line at x=%d is %s", x, got)
		}
	}
	got := describe(d, l)
	for _, want := range []string{`text "1" 18.0 #ff0000`, `text "1" 18.0 #0000ff`, `text "2" 18.0 #0000ff`,
		"fill #ff0000: 1 rectangles", "fill #0000ff: 2 rectangles"} {
		if !strings.Contains(got, want) {
			t.Errorf("the drawing has no %q:\n%s", want, got)
		}
	}
	if err := DrawColour(&buf, grid.PNG, pic, grid.DrawOptions{}); err == nil || err.Error() != "a colour picture needs its puzzle's palette" {
		t.Errorf("no palette: %v", err)
	}
	if err := DrawColour(&buf, grid.PNG, []int{0, 1, 2, 3, 0, 0}, grid.DrawOptions{Clues: p}); err == nil || err.Error() != "cell r2c1 has colour 3, the palette 3" {
		t.Errorf("colour 3: %v", err)
	}
}

func TestExplainConflictDrawing(t *testing.T) {
	for _, f := range []grid.Format{grid.PNG, grid.SVG} {
		var out, msg bytes.Buffer
		if _, err := grid.Decode(strings.NewReader(explained), "in", grid.Options{Drawer: Drawer{}, Format: f}, &out, &msg); err != nil {
			t.Fatal(err)
		}
		if out.Len() < 100 || !strings.HasPrefix(msg.String(), "c no solution: row 2 (0)") {
			t.Errorf("%s: %d bytes, stderr %q", f, out.Len(), msg.String())
		}
		if f == grid.SVG && !strings.Contains(out.String(), "fill:#FFC4C4") {
			t.Errorf("svg: no band of the mark colour")
		}
		if f == grid.PNG {
			checkBands(t, out.Bytes())
		}
	}
}

// checkBands checks a grid.PNG of explained: the band of row 2 runs across the
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

// TestDecodeTitle: a drawing's title is Options.Title, else the puzzle's.
func TestDecodeTitle(t *testing.T) {
	p, err := nonogram.Read(strings.NewReader("title \"Two & one\"\n"+okPuzzle), "ok.non", nonogram.Auto)
	if err != nil {
		t.Fatal(err)
	}
	const in = "s SATISFIABLE\nv 1 -2 3 -4 5 -6 0\n"
	for _, tt := range []struct {
		opts grid.Options
		want string
	}{
		{grid.Options{Drawer: Drawer{}, Format: grid.SVG, Puzzle: p}, ">Two &amp; one</text>"},
		{grid.Options{Drawer: Drawer{}, Format: grid.SVG, Puzzle: p, Title: "Mine"}, ">Mine</text>"},
		{grid.Options{Drawer: Drawer{}, Format: grid.SVG, Width: 3, Height: 2, Title: "Mine"}, ">Mine</text>"},
	} {
		var out, msg bytes.Buffer
		if _, err := grid.Decode(strings.NewReader(in), "<stdin>", tt.opts, &out, &msg); err != nil {
			t.Fatal(err)
		}
		if strings.Count(out.String(), "</text>") < 2 || !strings.Contains(out.String(), tt.want) {
			t.Errorf("%+v: no %q, or no clues", tt.opts, tt.want)
		}
	}
	var out, msg bytes.Buffer
	if _, err := grid.Decode(strings.NewReader(in), "<stdin>", grid.Options{Drawer: Drawer{}, Format: grid.PDF, Puzzle: p}, &out, &msg); err != nil || !bytes.HasPrefix(out.Bytes(), []byte("%PDF-")) {
		t.Errorf("pdf: %v, %q", err, out.Bytes()[:min(8, out.Len())])
	}
}

// TestVerdictOnImages: png and svg have no comment lines, so the verdict
// (the same lines as the text formats end with) goes to msg.
func TestVerdictOnImages(t *testing.T) {
	for _, tt := range []struct {
		in      string
		format  grid.Format
		wantMsg string
	}{
		{"c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv -1 2 0\nc solutions 2\n", grid.SVG,
			"drawing the first of 2 solutions\nc not unique: 2 solutions\nc they differ in r1c1 r1c2\n"},
		{"c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\ns UNSATISFIABLE\n", grid.PNG, "c unique solution\n"},
		{"c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\n", grid.SVG, ""},
	} {
		var out, msg bytes.Buffer
		if _, err := grid.Decode(strings.NewReader(tt.in), "<stdin>", grid.Options{Drawer: Drawer{}, Format: tt.format}, &out, &msg); err != nil {
			t.Fatal(err)
		}
		if msg.String() != tt.wantMsg || strings.Contains(out.String(), "unique") {
			t.Errorf("%s: msg %q, want %q", tt.format, msg.String(), tt.wantMsg)
		}
	}
}

// TestExplainConflictColourDrawing: a colour puzzle's conflict drawn,
// and none for a clue that does not read in its palette, only the
// sentence.
func TestExplainConflictColourDrawing(t *testing.T) {
	var out, msg bytes.Buffer
	if _, err := grid.Decode(strings.NewReader(colourConflict), "in", grid.Options{Drawer: Drawer{}, Format: grid.PNG}, &out, &msg); err != nil || out.Len() < 100 {
		t.Errorf("png: %v, %d bytes, stderr %q", err, out.Len(), msg.String())
	}
	bad := strings.Replace(colourConflict, `column 2 "1r"`, `column 2 "1x"`, 1)
	out.Reset()
	msg.Reset()
	if _, err := grid.Decode(strings.NewReader(bad), "in", grid.Options{Drawer: Drawer{}, Format: grid.PNG}, &out, &msg); err != nil || out.Len() != 0 || !strings.HasPrefix(msg.String(), "no solution (no clues to draw") {
		t.Errorf("bad clue: %v, %d bytes, stderr %q", err, out.Len(), msg.String())
	}
}
