package draw

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/decoders/grid"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/internal/testenv"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/recorder"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func randomPicture(w, h int, seed uint64) []bool {
	rng := rand.New(rand.NewPCG(seed, 1))
	pic := make([]bool, w*h)
	for i := range pic {
		pic[i] = rng.IntN(2) == 0
	}
	return pic
}

// bwDrawing returns the drawing Draw makes of pic, and its PNG layout.
func bwDrawing(pic []bool, w, h int, o grid.DrawOptions) (*drawing, layout) {
	cells := make([]uint8, len(pic))
	for i, b := range pic {
		if b {
			cells[i] = 1
		}
	}
	d := &drawing{w: w, h: h, cells: cells, pal: []color.RGBA{white, black}, clues: o.Clues, title: o.Title}
	l, _ := d.fit(d.measure())
	return d, l
}

// drawPNG draws pic as PNG and decodes it.
func drawPNG(t *testing.T, pic []bool, w, h int, o grid.DrawOptions) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := Draw(&buf, grid.PNG, pic, w, h, o); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func hex(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}

// describe writes what a drawing shows, from the calls it makes on a
// canvas: its size and layout, each text with its size, colour and
// place (y down from the top), and per colour the rectangles and other
// shapes filled. It is the drawings' golden file: stable where the
// bytes of an image are not.
func describe(d *drawing, l layout) string {
	var rec recorder.Canvas
	d.draw(&rec, l)
	var b strings.Builder
	fmt.Fprintf(&b, "size %dx%d, cells %d at (%d,%d)", l.width, l.height, l.cell, l.left, l.top)
	if l.clues {
		fmt.Fprintf(&b, ", clue font %.2f, digits %.2f tall", l.font.Font.Size, l.digit)
	}
	b.WriteString("\n")
	H := vg.Length(l.height)
	col := color.Color(black)
	type count struct{ rects, shapes int }
	fills := map[string]*count{}
	for _, a := range rec.Actions {
		switch a := a.(type) {
		case *recorder.SetColor:
			col = a.Color
		case *recorder.FillString:
			fmt.Fprintf(&b, "text %q %.1f %s at (%.1f,%.1f)\n", a.String, a.Size, hex(col), a.Point.X, H-a.Point.Y)
		case *recorder.Fill:
			c := fills[hex(col)]
			if c == nil {
				c = &count{}
				fills[hex(col)] = c
			}
			if pixelRects(a.Path, nil) {
				c.rects += len(a.Path) / 5
			} else {
				c.shapes++
			}
		}
	}
	var keys []string
	for k := range fills {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "fill %s: %d rectangles, %d other shapes\n", k, fills[k].rects, fills[k].shapes)
	}
	return b.String()
}

// arrow is the 5x5 arrow of testdata/script/nono-formats.txtar, with a
// title and its centre cell given.
const arrow = "title \"Arrow\"\nwidth 5\nheight 5\nrows\n1\n3\n5\n1\n1\ncolumns\n1\n2\n5\n2\n1\ngivens\n2,2\n"

var arrowPic = []bool{
	false, false, true, false, false,
	false, true, true, true, false,
	true, true, true, true, true,
	false, false, true, false, false,
	false, false, true, false, false,
}

func readPuzzle(t *testing.T, s string) *nonogram.Puzzle {
	t.Helper()
	p, err := nonogram.Parse([]byte(s), "p.non", nonogram.NON)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestDrawGolden: what the arrow's drawing shows, with and without clues
// and title.
func TestDrawGolden(t *testing.T) {
	p := readPuzzle(t, arrow)
	var b strings.Builder
	for _, o := range []grid.DrawOptions{{Title: p.Title, Clues: p}, {}} {
		d, l := bwDrawing(arrowPic, 5, 5, o)
		fmt.Fprintf(&b, "-- title %q, clues %v --\n", o.Title, o.Clues != nil)
		b.WriteString(describe(d, l))
	}
	testenv.Golden(t, "testdata/arrow.golden", []byte(b.String()), *update)
}

// TestDrawShows checks the arrow's PNG at probe points: cells in their
// colours, the given marked, the lines grey and the frame black, the
// clue digits at least 12 pixels tall, the title above.
func TestDrawShows(t *testing.T) {
	p := readPuzzle(t, arrow)
	o := grid.DrawOptions{Title: p.Title, Clues: p}
	img := drawPNG(t, arrowPic, 5, 5, o)
	_, l := bwDrawing(arrowPic, 5, 5, o)
	if b := img.Bounds(); b.Dx() != l.width || b.Dy() != l.height {
		t.Fatalf("size %v, layout %dx%d", b, l.width, l.height)
	}
	cs := l.cell
	at := func(x, y int) string { return hex(img.At(x, y)) }
	centre := func(r, c int) (int, int) { return l.left + c*cs + cs/2, l.top + r*cs + cs/2 }
	for r := range 5 {
		for c := range 5 {
			x, y := centre(r, c)
			want := "#ffffff"
			switch {
			case r == 2 && c == 2:
				want = "#ffffff" // the given's dot, white on black
			case arrowPic[r*5+c]:
				want = "#000000"
			}
			if got := at(x, y); got != want {
				t.Errorf("centre of r%dc%d is %s, want %s", r+1, c+1, got, want)
			}
		}
	}
	// Off the dot, the given cell is black.
	if x, y := centre(2, 2); at(x-cs/2+3, y-cs/2+3) != "#000000" {
		t.Errorf("given cell r3c3 is not black around its dot")
	}
	// A thin line on white (column 1/2, row 1) and on black (row 3).
	for _, r := range []int{0, 2} {
		if x, y := centre(r, 1); at(x-cs/2, y) != hex(thinLine) {
			t.Errorf("thin line in row %d is %s", r+1, at(x-cs/2, y))
		}
	}
	// The frame: two black units outside the cells, on every side.
	for _, pt := range [][2]int{{l.left - 1, l.top + 5}, {l.left - 2, l.top + 5}, {l.left + 5, l.top - 1}, {l.left + 5*cs, l.top + 5}, {l.left + 5, l.top + 5*cs + 1}} {
		if got := at(pt[0], pt[1]); got != "#000000" {
			t.Errorf("frame at %v is %s", pt, got)
		}
	}
	if got := at(l.left-3, l.top+5); got != "#ffffff" {
		t.Errorf("outside the frame is %s", got)
	}
	// Row 3's clue "5": the dark pixels left of the grid, in its row.
	ink := inkBox(img, image.Rect(0, l.top+2*cs, l.left-borderW, l.top+3*cs))
	if ink.Dy() < 12 {
		t.Errorf("row 3's clue digit is %d pixels tall (%v), want 12 or more", ink.Dy(), ink)
	}
	// Column 3's clue "5": above the grid, centred on the column.
	below := int(l.titleBase) + 8 // under the title's descenders
	ink = inkBox(img, image.Rect(l.left+2*cs, below, l.left+3*cs, l.top-borderW))
	if ink.Dy() < 12 || abs(ink.Min.X+ink.Max.X-(2*l.left+5*cs)) > 2 {
		t.Errorf("column 3's clue digit is at %v, want 12 or more tall, centred on x=%d", ink, l.left+2*cs+cs/2)
	}
	// The title: ink in the band above the clues, centred.
	title := inkBox(img, image.Rect(0, 0, l.width, below))
	if title.Dy() < 12 || abs(title.Min.X+title.Max.X-l.width) > 4 {
		t.Errorf("title ink %v in a %d-wide picture: not there or not centred", title, l.width)
	}
	if ink := inkBox(img, image.Rect(0, 0, l.width, below)); ink != title {
		t.Errorf("ink %v above the clues besides the title %v", ink, title)
	}
}

func abs(x int) int { return max(x, -x) }

// inkBox returns the bounds of the pixels in r darker than mid-grey.
func inkBox(img image.Image, r image.Rectangle) image.Rectangle {
	var box image.Rectangle
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if g, _, _, _ := img.At(x, y).RGBA(); g < 0x8000 {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

// TestRulesContrast: issue 22. Every fifth line shows over black cells,
// light between two black cells, and is black elsewhere; thin lines are
// grey on both.
func TestRulesContrast(t *testing.T) {
	const n = 10
	// Columns 1-5 black, 6-10 white.
	pic := make([]bool, n*n)
	for i := range pic {
		pic[i] = i%n < 5
	}
	img := drawPNG(t, pic, n, n, grid.DrawOptions{})
	_, l := bwDrawing(pic, n, n, grid.DrawOptions{})
	cs := l.cell
	y := func(r int) int { return l.top + r*cs + cs/2 }
	x := func(c int) int { return l.left + c*cs + cs/2 }
	for _, pt := range []struct {
		x, y int
		want color.RGBA
		what string
	}{
		{l.left + 5*cs - 1, y(7), thickLine, "the thick line after column 5, on black"},
		{l.left + 5*cs, y(7), thickLine, "the thick line after column 5, on white"},
		{x(2), l.top + 5*cs - 1, thickOnDark, "the thick line after row 5, between black cells"},
		{x(2), l.top + 5*cs, thickOnDark, "its lower unit"},
		{x(2), l.top + 5*cs + 1, black, "the black cell below it"},
		{x(2), l.top + 5*cs - 2, black, "the black cell above it"},
		{x(7), l.top + 5*cs - 1, thickLine, "the thick line after row 5, between white cells"},
		{x(7), l.top + 5*cs + 1, white, "the white cell below it"},
		{l.left + 5*cs, l.top + 5*cs, thickLine, "the crossing, on a white cell"},
		{x(2), l.top + cs, thinLine, "a thin line on black"},
		{x(7), l.top + cs, thinLine, "a thin line on white"},
		{l.left + cs, y(3), thinLine, "a thin column line on black"},
	} {
		if got := hex(img.At(pt.x, pt.y)); got != hex(pt.want) {
			t.Errorf("%s at (%d,%d) is %s, want %s", pt.what, pt.x, pt.y, got, hex(pt.want))
		}
	}
}

// TestDrawPNGPixelBudget: issue 9.4. A large picture is drawn with
// smaller cells (and without clues once they would not fit) so that the
// image stays within MaxPixels; every cell still has its colour.
func TestDrawPNGPixelBudget(t *testing.T) {
	for _, tt := range []struct {
		w, h      int
		wantCell  int
		wantClues bool
	}{
		{3, 2, 24, true},
		{100, 100, 27, true},       // two-digit column clues widen the cells
		{400, 300, 1 << 30, false}, // any cell: only the limits are checked
		{1000, 1000, 4, false},
		{30, 1000, 18, true}, // tall and thin: clues still fit
	} {
		pic := randomPicture(tt.w, tt.h, uint64(tt.w*tt.h))
		clues := nonogram.PuzzleOf(pic, tt.w, tt.h)
		o := grid.DrawOptions{Clues: clues}
		img := drawPNG(t, pic, tt.w, tt.h, o)
		_, l := bwDrawing(pic, tt.w, tt.h, o)
		b := img.Bounds()
		if b.Dx() != l.width || b.Dy() != l.height || int64(b.Dx())*int64(b.Dy()) > MaxPixels {
			t.Errorf("%dx%d: image %v, layout %dx%d, limit %d pixels", tt.w, tt.h, b, l.width, l.height, MaxPixels)
		}
		if _, ok := img.(*image.Paletted); !ok {
			t.Errorf("%dx%d: decoded a %T, want a paletted image", tt.w, tt.h, img)
		}
		if tt.wantCell != 1<<30 && (l.cell != tt.wantCell || l.clues != tt.wantClues) {
			t.Errorf("%dx%d: cell %d, clues %v; want %d, %v", tt.w, tt.h, l.cell, l.clues, tt.wantCell, tt.wantClues)
		}
		if l.clues && l.cell < MinClueCell {
			t.Errorf("%dx%d: clues with %d-pixel cells", tt.w, tt.h, l.cell)
		}
		// A pixel inside every cell, off the lines (the last unit of a
		// cell has none), is black or white as the picture says.
		for r := range tt.h {
			for c := range tt.w {
				x, y := l.left+(c+1)*l.cell-1, l.top+(r+1)*l.cell-1
				if l.cell >= 3 && (c+1)%5 == 0 {
					x-- // the thick line's left unit
				}
				if l.cell >= 3 && (r+1)%5 == 0 {
					y--
				}
				if l.cell < 3 {
					x, y = l.left+c*l.cell, l.top+r*l.cell
				}
				want := "#ffffff"
				if pic[r*tt.w+c] {
					want = "#000000"
				}
				if got := hex(img.At(x, y)); got != want {
					t.Fatalf("%dx%d: cell r%dc%d at (%d,%d) is %s, want %s", tt.w, tt.h, r+1, c+1, x, y, got, want)
				}
			}
		}
	}
}

// TestFitLayout: the largest pictures a nonogram may have fit; a picture
// no cell size fits is an error naming the limit, before any allocation.
func TestFitLayout(t *testing.T) {
	for _, sz := range [][2]int{{2000, 2000}, {10000, 400}, {400, 10000}} {
		d := &drawing{w: sz[0], h: sz[1]}
		l, ok := d.fit(d.measure())
		if !ok || l.pixels() > MaxPixels || l.cell < 1 {
			t.Errorf("%dx%d: cell %d, %dx%d pixels, ok %v", sz[0], sz[1], l.cell, l.width, l.height, ok)
		}
	}
	d := &drawing{w: 2000, h: 2000}
	if l, _ := d.fit(d.measure()); l.cell != 2 {
		t.Errorf("2000x2000: cell %d, want 2", l.cell)
	}
	const n = 4090
	err := Draw(io.Discard, grid.PNG, make([]bool, n*n), n, n, grid.DrawOptions{})
	want := "a 4090x4090 picture does not fit the PNG limit of 16777216 pixels (4114x4114) even with one-pixel cells"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
	for _, f := range []grid.Format{grid.PNG, grid.SVG, grid.PDF} {
		err = Draw(io.Discard, f, make([]bool, 5), 3, 2, grid.DrawOptions{})
		if want := "picture has 5 cells, want 3x2"; err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %q", f, err, want)
		}
	}
	if err := Draw(io.Discard, grid.Text, make([]bool, 6), 3, 2, grid.DrawOptions{}); err == nil || err.Error() != `cannot draw "text": want png, svg or pdf` {
		t.Errorf("text: %v", err)
	}
}

// TestDrawFormats: the same drawing as SVG and PDF, each the same bytes
// every time; the SVG's text falls back on fonts of the same metrics.
func TestDrawFormats(t *testing.T) {
	p := readPuzzle(t, arrow)
	o := grid.DrawOptions{Title: "Arrow & <co>", Clues: p}
	out := map[grid.Format][]byte{}
	for _, f := range []grid.Format{grid.PNG, grid.SVG, grid.PDF} {
		for range 2 {
			var buf bytes.Buffer
			if err := Draw(&buf, f, arrowPic, 5, 5, o); err != nil {
				t.Fatal(err)
			}
			if out[f] != nil && !bytes.Equal(out[f], buf.Bytes()) {
				t.Errorf("%s: two drawings differ", f)
			}
			out[f] = buf.Bytes()
		}
	}
	svg := string(out[grid.SVG])
	for _, want := range []string{"<svg", ">Arrow &amp; &lt;co&gt;</text>", ">5</text>",
		"font-family:'Liberation Sans',Arial,Helvetica,sans-serif;", "</svg>\n"} {
		if !strings.Contains(svg, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	if strings.Contains(svg, "font-family:Liberation Sans;") || strings.Contains(svg, "normal") {
		t.Errorf("SVG names a font with no fallback, or keeps vgsvg's style")
	}
	if !bytes.HasPrefix(out[grid.PDF], []byte("%PDF-")) || !bytes.Contains(out[grid.PDF], []byte("/CreationDate (D:20000101000000)")) {
		t.Errorf("PDF starts %q, or lacks its fixed date", out[grid.PDF][:8])
	}
}

// TestReplacer: the SVG font fix holds however vgsvg cuts its writes.
func TestReplacer(t *testing.T) {
	const in = "<text style=\"font-family:Liberation Sans;x\">1</text><text style=\"font-family:Liberation Sans;\">font-family:Liberation Sans"
	want := strings.ReplaceAll(in, "font-family:Liberation Sans;", "font-family:'Liberation Sans',Arial;")
	for _, n := range []int{1, 2, 7, 27, 28, 29, len(in)} {
		var out bytes.Buffer
		r := &replacer{w: &out, old: []byte("font-family:Liberation Sans;"), new: []byte("font-family:'Liberation Sans',Arial;")}
		for i := 0; i < len(in); i += n {
			if k, err := r.Write([]byte(in[i:min(i+n, len(in))])); err != nil || k != min(n, len(in)-i) {
				t.Fatalf("write %d: %d, %v", i, k, err)
			}
		}
		if err := r.Close(); err != nil || out.String() != want {
			t.Errorf("%d bytes a write: %q, %v\nwant %q", n, out.String(), err, want)
		}
	}
}

// BenchmarkDrawPNG1000 draws a random 1000x1000 picture (issue 9.4: it
// took 31 s and 2.4 GB with RGBA and 20-pixel cells).
func BenchmarkDrawPNG1000(b *testing.B) {
	pic := randomPicture(1000, 1000, 1)
	clues := nonogram.PuzzleOf(pic, 1000, 1000)
	b.ReportAllocs()
	for b.Loop() {
		if err := Draw(io.Discard, grid.PNG, pic, 1000, 1000, grid.DrawOptions{Clues: clues}); err != nil {
			b.Fatal(err)
		}
	}
}
