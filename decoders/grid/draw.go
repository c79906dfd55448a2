package grid

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"strconv"
	"sync"

	svg "github.com/ajstarks/svgo"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// The drawing's measures, in pixels.
const (
	cellSize = 20 // a cell's side, when the picture fits MaxPixels
	fontSize = 12
	margin   = 8
	clueGap  = 6  // between two numbers of a row clue
	clueLine = 14 // between two numbers of a column clue
	digitW   = 7  // width of a digit at fontSize (Go Regular: 0.556 em)
)

// MaxPixels bounds a PNG image: a picture that would be larger with
// 20-pixel cells is drawn with smaller cells, down to one pixel, and
// without its clue numbers once cells are smaller than MinClueCell. At one
// byte a pixel (a paletted image) the image takes at most 16 MiB.
const MaxPixels = 4096 * 4096

// MinClueCell is the smallest cell, in pixels, drawn with clue numbers:
// below it the numbers (12 px) would not line up with their rows.
const MinClueCell = 12

// layout places the grid and its clues.
type layout struct {
	w, h      int // grid cells
	cell      int // a cell's side in pixels
	left, top int // top-left corner of the grid
	width     int // image size
	height    int
	clues     *nonogram.Puzzle
}

func textWidth(s string) int { return len(s) * digitW }

// newLayout places a w×h grid with cellSize cells and, when clues is not
// nil, its clue numbers.
func newLayout(w, h int, clues *nonogram.Puzzle) layout {
	return newLayoutCell(w, h, cellSize, clues)
}

func newLayoutCell(w, h, cell int, clues *nonogram.Puzzle) layout {
	l := layout{w: w, h: h, cell: cell, clues: clues, left: margin, top: margin}
	if clues != nil {
		maxRow, maxCol := 0, 0
		for _, c := range clues.Rows {
			n := 0
			for _, x := range c {
				n += textWidth(strconv.Itoa(x)) + clueGap
			}
			maxRow = max(maxRow, n)
		}
		for _, c := range clues.Cols {
			maxCol = max(maxCol, len(c))
		}
		l.left += maxRow + 2
		l.top += maxCol*clueLine + 4
	}
	l.width = l.left + w*cell + margin
	l.height = l.top + h*cell + margin
	return l
}

// pixels returns the image's size in pixels, without overflow for any
// grid a nonogram may have.
func (l layout) pixels() int64 { return int64(l.width) * int64(l.height) }

// fitLayout returns the layout with the largest cells, at most cellSize,
// whose image has at most MaxPixels pixels: with the clues while cells
// of MinClueCell pixels or more fit, else without them. The second
// result is false when not even one-pixel cells fit.
func fitLayout(w, h int, clues *nonogram.Puzzle) (layout, bool) {
	if clues != nil {
		for cell := cellSize; cell >= MinClueCell; cell-- {
			if l := newLayoutCell(w, h, cell, clues); l.pixels() <= MaxPixels {
				return l, true
			}
		}
	}
	for cell := cellSize; cell >= 1; cell-- {
		if l := newLayoutCell(w, h, cell, nil); l.pixels() <= MaxPixels {
			return l, true
		}
	}
	return newLayoutCell(w, h, 1, nil), false
}

// each calls row for every row clue number with the point where its text
// ends (right-aligned, baseline), and col for every column clue number
// with its centre and baseline; k is the run's colour (an index into the
// clues' Colours), 0 in black and white.
func (l layout) each(row, col func(s string, x, y, k int)) {
	if l.clues == nil {
		return
	}
	colour := func(cols []int, i int) int {
		if cols == nil {
			return 0
		}
		return cols[i]
	}
	for r, c := range l.clues.Rows {
		x := l.left - 4
		y := l.top + r*l.cell + l.cell/2 + fontSize*4/10
		cols := l.clues.LineColours(true, r)
		for i := len(c) - 1; i >= 0; i-- {
			s := strconv.Itoa(c[i])
			row(s, x, y, colour(cols, i))
			x -= textWidth(s) + clueGap
		}
	}
	for k, c := range l.clues.Cols {
		x := l.left + k*l.cell + l.cell/2
		y := l.top - 6
		cols := l.clues.LineColours(false, k)
		for i := len(c) - 1; i >= 0; i-- {
			col(strconv.Itoa(c[i]), x, y, colour(cols, i))
			y -= clueLine
		}
	}
}

var (
	faceOnce sync.Once
	face     font.Face
	faceErr  error
)

func goFace() (font.Face, error) {
	faceOnce.Do(func() {
		f, err := opentype.Parse(goregular.TTF)
		if err != nil {
			faceErr = err
			return
		}
		face, faceErr = opentype.NewFace(f, &opentype.FaceOptions{Size: fontSize, DPI: 72, Hinting: font.HintingFull})
	})
	return face, faceErr
}

// palette is the PNG's colours: white, black, and the grays between for
// the thin grid lines and the anti-aliased clue numbers. Sixteen colours
// make a 4-bit PNG.
var palette = func() color.Palette {
	p := color.Palette{color.White, color.Black}
	for k := 1; k <= 14; k++ {
		p = append(p, color.Gray{Y: uint8(k * 0x11)})
	}
	return p
}()

// Palette indexes of the colours DrawPNG fills with.
const (
	white = 0
	black = 1
	light = 11 // 0xaa gray: the thin grid lines
)

// DrawPNG draws the picture (row-major, true black) as a PNG image: the
// grid with a thicker line every five cells and, when clues is not nil,
// the clue numbers left of the rows and above the columns. The image has
// at most MaxPixels pixels, one byte each: a large picture gets smaller
// cells (see MaxPixels and MinClueCell), and the thin lines between cells
// are left out once cells are under 6 pixels, the thick ones under 3.
func DrawPNG(w io.Writer, pic []bool, width, height int, clues *nonogram.Puzzle) error {
	if len(pic) != width*height {
		return fmt.Errorf("picture has %d cells, want %dx%d", len(pic), width, height)
	}
	return drawPNG(w, width, height, clues, palette, func(run func(r, c, e int, k uint8)) {
		blackRuns(pic, width, height, func(r, c, e int) { run(r, c, e, black) })
	}, func(int) image.Image { return image.Black })
}

// DrawColourPNG draws a colour picture (row-major colour indexes into
// p.Colours, 0 the background) as DrawPNG does, each cell in its colour
// and each clue number of p in its run's colour.
func DrawColourPNG(w io.Writer, pic []int, p *nonogram.Puzzle) error {
	if len(pic) != p.Width*p.Height {
		return fmt.Errorf("picture has %d cells, want %dx%d", len(pic), p.Width, p.Height)
	}
	pal := append(color.Palette{}, palette...)
	for _, c := range p.Colours {
		pal = append(pal, color.RGBA{c.RGB[0], c.RGB[1], c.RGB[2], 0xff})
	}
	return drawPNG(w, p.Width, p.Height, p, pal, func(run func(r, c, e int, k uint8)) {
		colourRuns(pic, p.Width, p.Height, func(r, c, e, k int) {
			if k > 0 {
				run(r, c, e, uint8(len(palette)+k))
			}
		})
	}, func(k int) image.Image { return image.NewUniform(pal[len(palette)+k]) })
}

// drawPNG draws the grid: cells calls its argument for each run of
// cells to fill, with a palette index; text gives the colour of a clue
// number of run colour k.
func drawPNG(w io.Writer, width, height int, clues *nonogram.Puzzle, pal color.Palette, cells func(run func(r, c, e int, k uint8)), text func(k int) image.Image) error {
	l, ok := fitLayout(width, height, clues)
	if !ok {
		return fmt.Errorf("a %dx%d picture does not fit the PNG limit of %d pixels (%dx%d) even with one-pixel cells", width, height, MaxPixels, l.width, l.height)
	}
	img := image.NewPaletted(image.Rect(0, 0, l.width, l.height), pal) // all white: index 0
	fill := func(x0, y0, x1, y1 int, c uint8) {
		x0, y0 = max(x0, 0), max(y0, 0)
		x1, y1 = min(x1, l.width), min(y1, l.height)
		for y := y0; y < y1; y++ {
			row := img.Pix[y*img.Stride+x0 : y*img.Stride+x1]
			for i := range row {
				row[i] = c
			}
		}
	}
	cs := l.cell
	gx, gy := l.left, l.top
	gw, gh := width*cs, height*cs
	// One fill per run of black (coloured) cells.
	cells(func(r, c, e int, k uint8) {
		fill(gx+c*cs, gy+r*cs, gx+e*cs, gy+(r+1)*cs, k)
	})
	thin, thick := cs >= 6, cs >= 3
	for c := 0; c <= width; c++ {
		x := gx + c*cs
		switch {
		case c == 0 || c == width || thick && c%5 == 0:
			fill(x-1, gy, x+1, gy+gh+1, black)
		case thin:
			fill(x, gy, x+1, gy+gh, light)
		}
	}
	for r := 0; r <= height; r++ {
		y := gy + r*cs
		switch {
		case r == 0 || r == height || thick && r%5 == 0:
			fill(gx, y-1, gx+gw+1, y+1, black)
		case thin:
			fill(gx, y, gx+gw, y+1, light)
		}
	}
	if l.clues != nil {
		f, err := goFace()
		if err != nil {
			return err
		}
		d := &font.Drawer{Dst: img, Src: image.Black, Face: f}
		l.each(func(s string, x, y, k int) {
			adv := d.MeasureString(s).Round()
			d.Dot = fixed.P(x-adv, y)
			d.Src = text(k)
			d.DrawString(s)
		}, func(s string, x, y, k int) {
			adv := d.MeasureString(s).Round()
			d.Dot = fixed.P(x-adv/2, y)
			d.Src = text(k)
			d.DrawString(s)
		})
	}
	return png.Encode(w, img)
}

// DrawSVG draws the same picture as DrawPNG, as SVG, always with 20-unit
// cells and the clues: it is written as it is drawn, so memory stays
// small, and its size grows with the runs of black cells and the clues.
func DrawSVG(w io.Writer, pic []bool, width, height int, clues *nonogram.Puzzle) error {
	if len(pic) != width*height {
		return fmt.Errorf("picture has %d cells, want %dx%d", len(pic), width, height)
	}
	return drawSVG(w, width, height, clues, func(run func(r, c, e int, fill string)) {
		blackRuns(pic, width, height, func(r, c, e int) { run(r, c, e, "fill:black") })
	}, nil)
}

// DrawColourSVG draws a colour picture as DrawColourPNG does, as SVG.
func DrawColourSVG(w io.Writer, pic []int, p *nonogram.Puzzle) error {
	if len(pic) != p.Width*p.Height {
		return fmt.Errorf("picture has %d cells, want %dx%d", len(pic), p.Width, p.Height)
	}
	return drawSVG(w, p.Width, p.Height, p, func(run func(r, c, e int, fill string)) {
		colourRuns(pic, p.Width, p.Height, func(r, c, e, k int) {
			if k > 0 {
				run(r, c, e, "fill:"+p.Colours[k].Hex())
			}
		})
	}, func(k int) string { return ";fill:" + p.Colours[k].Hex() })
}

// drawSVG draws the grid: cells calls its argument for each run of cells
// to fill, with its style; text, when not nil, adds to a clue number's
// style for run colour k.
func drawSVG(w io.Writer, width, height int, clues *nonogram.Puzzle, cells func(run func(r, c, e int, fill string)), text func(k int) string) error {
	cw := &errWriter{w: w}
	l := newLayout(width, height, clues)
	s := svg.New(cw)
	s.Start(l.width, l.height)
	s.Rect(0, 0, l.width, l.height, "fill:white")
	gx, gy := l.left, l.top
	gw, gh := width*cellSize, height*cellSize
	s.Gid("cells")
	// One rectangle per run of black (coloured) cells: the file grows
	// with the runs, not the cells.
	cells(func(r, c, e int, fill string) {
		s.Rect(gx+c*cellSize, gy+r*cellSize, (e-c)*cellSize, cellSize, fill)
	})
	s.Gend()
	s.Gstyle("stroke:#a0a0a0;stroke-width:1")
	for c := 1; c < width; c++ {
		if c%5 != 0 {
			s.Line(gx+c*cellSize, gy, gx+c*cellSize, gy+gh)
		}
	}
	for r := 1; r < height; r++ {
		if r%5 != 0 {
			s.Line(gx, gy+r*cellSize, gx+gw, gy+r*cellSize)
		}
	}
	s.Gend()
	s.Gstyle("stroke:black;stroke-width:2")
	for c := 0; c <= width; c++ {
		if c%5 == 0 || c == width {
			s.Line(gx+c*cellSize, gy, gx+c*cellSize, gy+gh)
		}
	}
	for r := 0; r <= height; r++ {
		if r%5 == 0 || r == height {
			s.Line(gx, gy+r*cellSize, gx+gw, gy+r*cellSize)
		}
	}
	s.Gend()
	if clues != nil {
		s.Gstyle("font-family:Go,Helvetica,Arial,sans-serif;font-size:" + strconv.Itoa(fontSize) + "px;fill:black")
		style := func(k int) string {
			if text == nil {
				return ""
			}
			return text(k)
		}
		l.each(func(t string, x, y, k int) {
			s.Text(x, y, t, "text-anchor:end"+style(k))
		}, func(t string, x, y, k int) {
			s.Text(x, y, t, "text-anchor:middle"+style(k))
		})
		s.Gend()
	}
	s.End()
	return cw.err
}

// errWriter keeps the first write error (svgo ignores them).
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return len(p), nil
	}
	_, e.err = e.w.Write(p)
	return len(p), nil
}

// blackRuns calls run(r, c, e) for each run of black cells of the
// width x height picture pic: row r, columns c up to e (exclusive).
func blackRuns(pic []bool, width, height int, run func(r, c, e int)) {
	for r := range height {
		for c := 0; c < width; {
			if !pic[r*width+c] {
				c++
				continue
			}
			e := c
			for e < width && pic[r*width+e] {
				e++
			}
			run(r, c, e)
			c = e
		}
	}
}

// colourRuns calls run(r, c, e, k) for each run of cells of one colour k
// (background included) of the width x height colour picture pic.
func colourRuns(pic []int, width, height int, run func(r, c, e, k int)) {
	for r := range height {
		for c := 0; c < width; {
			k := pic[r*width+c]
			e := c
			for e < width && pic[r*width+e] == k {
				e++
			}
			run(r, c, e, k)
			c = e
		}
	}
}
