package grid

import (
	"bytes"
	"image"
	"image/png"
	"io"
	"math/rand/v2"
	"testing"
)

func randomPicture(w, h int, seed uint64) []bool {
	rng := rand.New(rand.NewPCG(seed, 1))
	pic := make([]bool, w*h)
	for i := range pic {
		pic[i] = rng.IntN(2) == 0
	}
	return pic
}

// TestDrawPNGPixelBudget: issue 9.4. A large picture is drawn with
// smaller cells (and without clues once they would not fit) so that the
// image stays within MaxPixels, as a paletted image; every cell still has
// its colour.
func TestDrawPNGPixelBudget(t *testing.T) {
	for _, tt := range []struct {
		w, h      int
		wantCell  int
		wantClues bool
	}{
		{3, 2, 20, true},
		{100, 100, 20, true},
		{400, 300, 1 << 30, false}, // any cell: only the limits are checked
		{1000, 1000, 4, false},
		{30, 1000, 18, true}, // tall and thin: clues still fit
	} {
		pic := randomPicture(tt.w, tt.h, uint64(tt.w*tt.h))
		clues := CluesOf(pic, tt.w, tt.h)
		var buf bytes.Buffer
		if err := DrawPNG(&buf, pic, tt.w, tt.h, clues); err != nil {
			t.Fatalf("%dx%d: %v", tt.w, tt.h, err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		pimg, ok := img.(*image.Paletted)
		if !ok {
			t.Fatalf("%dx%d: decoded a %T, want a paletted image", tt.w, tt.h, img)
		}
		l, _ := fitLayout(tt.w, tt.h, clues)
		b := pimg.Bounds()
		if b.Dx() != l.width || b.Dy() != l.height || int64(b.Dx())*int64(b.Dy()) > MaxPixels {
			t.Errorf("%dx%d: image %v, layout %dx%d, limit %d pixels", tt.w, tt.h, b, l.width, l.height, MaxPixels)
		}
		if tt.wantCell != 1<<30 && (l.cell != tt.wantCell || (l.clues != nil) != tt.wantClues) {
			t.Errorf("%dx%d: cell %d, clues %v; want %d, %v", tt.w, tt.h, l.cell, l.clues != nil, tt.wantCell, tt.wantClues)
		}
		if l.clues != nil && l.cell < MinClueCell {
			t.Errorf("%dx%d: clues with %d-pixel cells", tt.w, tt.h, l.cell)
		}
		// The centre pixel of every cell (off the grid lines when the
		// cells are big enough to have them) is black or white as the
		// picture says.
		for r := range tt.h {
			for c := range tt.w {
				x, y := l.left+c*l.cell+l.cell/2, l.top+r*l.cell+l.cell/2
				if l.cell < 3 {
					x, y = l.left+c*l.cell, l.top+r*l.cell
					if r == 0 || c == 0 || r == tt.h-1 || c == tt.w-1 {
						continue // under the border
					}
				}
				gray, _, _, _ := pimg.At(x, y).RGBA()
				if want := !pic[r*tt.w+c]; (gray == 0xffff) != want || (gray != 0 && gray != 0xffff) {
					t.Fatalf("%dx%d: cell r%dc%d at (%d,%d) is %#x, want black=%v", tt.w, tt.h, r+1, c+1, x, y, gray, pic[r*tt.w+c])
				}
			}
		}
	}
}

// TestFitLayout: the largest pictures a nonogram may have fit; a picture
// no cell size fits is an error naming the limit, before any allocation.
func TestFitLayout(t *testing.T) {
	for _, sz := range [][2]int{{2000, 2000}, {10000, 400}, {400, 10000}} {
		l, ok := fitLayout(sz[0], sz[1], nil)
		if !ok || l.pixels() > MaxPixels || l.cell < 1 {
			t.Errorf("%dx%d: cell %d, %dx%d pixels, ok %v", sz[0], sz[1], l.cell, l.width, l.height, ok)
		}
	}
	l, _ := fitLayout(2000, 2000, nil)
	if l.cell != 2 {
		t.Errorf("2000x2000: cell %d, want 2", l.cell)
	}
	const n = 4090
	err := DrawPNG(io.Discard, make([]bool, n*n), n, n, nil)
	want := "a 4090x4090 picture does not fit the PNG limit of 16777216 pixels (4106x4106) even with one-pixel cells"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
	err = DrawPNG(io.Discard, make([]bool, 5), 3, 2, nil)
	if want := "picture has 5 cells, want 3x2"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
	err = DrawSVG(io.Discard, make([]bool, 5), 3, 2, nil)
	if want := "picture has 5 cells, want 3x2"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
}

// TestDrawSVGRuns: one rectangle per run of black cells.
func TestDrawSVGRuns(t *testing.T) {
	pic := []bool{true, true, true, false, true, false, false, false, true, true, false, false}
	var buf bytes.Buffer
	if err := DrawSVG(&buf, pic, 4, 3, nil); err != nil {
		t.Fatal(err)
	}
	s := buf.String()
	for _, want := range []string{
		`<rect x="8" y="8" width="60" height="20" style="fill:black" />`,
		`<rect x="8" y="28" width="20" height="20" style="fill:black" />`,
		`<rect x="8" y="48" width="40" height="20" style="fill:black" />`,
	} {
		if !bytes.Contains(buf.Bytes(), []byte(want)) {
			t.Errorf("no %s in\n%s", want, s)
		}
	}
	if n := bytes.Count(buf.Bytes(), []byte("fill:black\" />")); n != 3 {
		t.Errorf("%d black rectangles, want 3", n)
	}
}

// BenchmarkDrawPNG1000 draws a random 1000x1000 picture (issue 9.4: it
// took 31 s and 2.4 GB with RGBA and 20-pixel cells).
func BenchmarkDrawPNG1000(b *testing.B) {
	pic := randomPicture(1000, 1000, 1)
	clues := CluesOf(pic, 1000, 1000)
	b.ReportAllocs()
	for b.Loop() {
		if err := DrawPNG(io.Discard, pic, 1000, 1000, clues); err != nil {
			b.Fatal(err)
		}
	}
}
