// Package draw draws grid pictures as images, PNG, SVG or PDF: the
// Drawer that grid.Options takes for those formats. It is a package of
// its own so that the programs that write text link no fonts nor image
// writers (see grid.Options.Drawer).
//
// A picture is drawn once, on a gonum vg.Canvas, and gonum's back-ends
// write it: vgimg (PNG, drawn at 72 dpi so that a unit is a pixel;
// rectangles on whole pixels are set directly, and the image is written
// paletted), vgsvg and vgpdf. A drawing has an optional title, the clue
// numbers (Liberation Sans; digits 12.4 units tall at the default
// 24-unit cells), the cells, thin grey lines between cells and a thick
// one every five, black but light grey between two dark cells (so it
// shows over black), a frame outside the cells, and a dot on each given
// cell. A colour picture fills each cell with its colour and draws each
// clue number in its run's colour. The same input gives the same bytes,
// PDF included (its date is fixed); SVG names its font with the Arial and
// Helvetica metrics as fallbacks, PDF embeds it.
//
// PNG images stay within 16,777,216 pixels (4096x4096; drawn in RGBA and
// written paletted, 80 MiB at most): a picture too big for its cells is
// drawn with smaller cells, down to one pixel, its clue font shrinking
// with them; the clue numbers are left out when cells would be under 12
// pixels, thin grid lines under 6, and five-cell lines under 3. A picture
// that does not fit even with one-pixel cells is an error naming the
// limit. SVG and PDF are always drawn whole.
package draw

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"slices"
	"strconv"
	"sync"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"git.sr.ht/~sbinet/gg"
	"github.com/pipesat/pipesat/decoders/grid"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/internal/bytecount"
	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// A picture is drawn once, on a vg.Canvas, and the canvas writes it as
// PNG (vgimg), SVG (vgsvg) or PDF (vgpdf): gonum's back-ends, which the
// benchmark plots use too. Measures are in units: a PNG is drawn at 72
// dots per inch, so that a unit is a pixel and cell edges fall on pixel
// edges; in SVG and PDF a unit is a point.
const (
	cellSize  = 24 // a cell's side, when nothing asks for more or less
	clueFont  = 18 // the clue numbers' font size: digits 12.4 units tall
	titleFont = 24
	margin    = 10
	cluePad   = 6 // between the clues and the grid
	borderW   = 2 // the frame around the grid, outside the cells
)

// MaxPixels bounds a PNG image: a picture that would be larger is drawn
// with smaller cells, down to one pixel, and without its clue numbers
// once cells are smaller than MinClueCell. The image is drawn in RGBA
// and written paletted: at most 80 MiB.
const MaxPixels = 4096 * 4096

// MinClueCell is the smallest cell, in pixels, drawn with clue numbers:
// their font shrinks with the cell, and below this it is too small to
// read.
const MinClueCell = 12

// The lines' colours: the thick line every five cells is black, but
// light between two dark cells, so that it shows over black; thin lines
// are mid grey, seen on white and black alike.
var (
	thinLine    = color.RGBA{0xaa, 0xaa, 0xaa, 0xff}
	thickLine   = color.RGBA{0x00, 0x00, 0x00, 0xff}
	thickOnDark = color.RGBA{0xd8, 0xd8, 0xd8, 0xff}
	white       = color.RGBA{0xff, 0xff, 0xff, 0xff}
	black       = color.RGBA{0x00, 0x00, 0x00, 0xff}
)

// markColour is the band behind a marked line and over a marked given.
var markColour = color.RGBA{0xff, 0xc4, 0xc4, 0xff}

// Drawer is the grid.Drawer of Draw and DrawColour.
type Drawer struct{}

// Draw is the package's Draw.
func (Drawer) Draw(w io.Writer, f grid.Format, pic []bool, width, height int, o grid.DrawOptions) error {
	return Draw(w, f, pic, width, height, o)
}

// DrawColour is the package's DrawColour.
func (Drawer) DrawColour(w io.Writer, f grid.Format, pic []int, o grid.DrawOptions) error {
	return DrawColour(w, f, pic, o)
}

// Draw draws a black-and-white picture (row-major, true black) in format
// f, PNG, SVG or PDF, to w: the grid with a thicker line every five cells
// and a frame, the clues and givens of o.Clues and o.Title. A PNG has at
// most MaxPixels pixels (see MaxPixels and MinClueCell); SVG and PDF are
// always drawn whole, 24 points a cell.
func Draw(w io.Writer, f grid.Format, pic []bool, width, height int, o grid.DrawOptions) error {
	if len(pic) != width*height {
		return fmt.Errorf("picture has %d cells, want %dx%d", len(pic), width, height)
	}
	cells := make([]uint8, len(pic))
	for i, b := range pic {
		if b {
			cells[i] = 1
		}
	}
	p := &drawing{w: width, h: height, cells: cells, pal: []color.RGBA{white, black}, clues: o.Clues, title: o.Title, mark: o.Mark}
	return p.write(w, f)
}

// DrawColour draws a colour picture (row-major colour indexes into
// o.Clues.Colours, 0 the background) as Draw does, each cell in its
// colour and each clue number in its run's colour.
func DrawColour(w io.Writer, f grid.Format, pic []int, o grid.DrawOptions) error {
	c := o.Clues
	if c == nil || !c.IsColour() {
		return fmt.Errorf("a colour picture needs its puzzle's palette")
	}
	if len(pic) != c.Width*c.Height {
		return fmt.Errorf("picture has %d cells, want %dx%d", len(pic), c.Width, c.Height)
	}
	cells := make([]uint8, len(pic))
	for i, k := range pic {
		if k < 0 || k >= len(c.Colours) {
			return fmt.Errorf("cell %s has colour %d, the palette %d", nonogram.CellName(i/c.Width, i%c.Width), k, len(c.Colours))
		}
		cells[i] = uint8(k)
	}
	pal := make([]color.RGBA, len(c.Colours))
	for k, col := range c.Colours {
		pal[k] = color.RGBA{col.RGB[0], col.RGB[1], col.RGB[2], 0xff}
	}
	p := &drawing{w: c.Width, h: c.Height, cells: cells, pal: pal, clues: c, title: o.Title, mark: o.Mark}
	return p.write(w, f)
}

// drawing is what a picture shows.
type drawing struct {
	w, h  int
	cells []uint8      // colour index of each cell, row-major, 0 the background
	pal   []color.RGBA // the colours; 0 the background
	clues *nonogram.Puzzle
	title string
	mark  grid.Marks
}

// dark reports whether colour k is dark: lines and marks on it are drawn
// light.
func (p *drawing) dark(k uint8) bool {
	c := p.pal[k]
	return 299*int(c.R)+587*int(c.G)+114*int(c.B) < 128000
}

func (p *drawing) cellDark(r, c int) bool { return p.dark(p.cells[r*p.w+c]) }

// write draws p on the canvas format f asks for and writes it to w.
func (p *drawing) write(w io.Writer, f grid.Format) error {
	var l layout
	m := p.measure()
	switch f {
	case grid.PNG:
		var ok bool
		l, ok = p.fit(m)
		if !ok {
			return fmt.Errorf("a %dx%d picture does not fit the PNG limit of %d pixels (%dx%d) even with one-pixel cells", p.w, p.h, MaxPixels, l.width, l.height)
		}
	case grid.SVG, grid.PDF:
		l = p.layout(m, cellFor(m), true)
	default:
		return fmt.Errorf("cannot draw %q: want png, svg or pdf", f)
	}
	W, H := vg.Length(l.width), vg.Length(l.height)
	var c vg.CanvasWriterTo
	switch f {
	case grid.PNG:
		// vgimg.New would copy its image into the one it draws on:
		// one RGBA image, drawn on in place, is half the memory.
		img := image.NewRGBA(image.Rect(0, 0, l.width, l.height))
		ctx := gg.NewContextForRGBA(img)
		ctx.SetLineCapButt()
		ctx.InvertY()
		vc := vgimg.NewWith(vgimg.UseImageWithContext(img, ctx), vgimg.UseDPI(72))
		c = pixelCanvas{vgimg.PngCanvas{Canvas: vc}, new(color.Color)}
	case grid.SVG:
		c = vgsvg.New(W, H)
	case grid.PDF:
		pdfDates.Do(func() {
			// fpdf stamps each file with the time it was made; the
			// same picture must make the same bytes.
			t := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
			fpdf.SetDefaultCreationDate(t)
			fpdf.SetDefaultModificationDate(t)
			fpdf.SetDefaultCatalogSort(true)
		})
		c = vgpdf.New(W, H)
	}
	p.draw(c, l)
	if f != grid.SVG {
		_, err := c.WriteTo(w)
		return err
	}
	// vgsvg names the font alone; Liberation Sans has the metrics of
	// Arial and Helvetica, so a viewer without it keeps the layout. The
	// "normal" variant, weight and style are CSS's defaults: a text
	// element is 70 bytes shorter without them.
	r := &replacer{w: w, old: []byte(svgFontStyle), new: []byte("font-family:'Liberation Sans',Arial,Helvetica,sans-serif;")}
	if _, err := c.WriteTo(r); err != nil {
		return err
	}
	return r.Close()
}

// svgFontStyle is how vgsvg 0.17 styles a text in Liberation Sans.
const svgFontStyle = "font-family:Liberation Sans;font-variant:normal;font-weight:normal;font-style:normal;"

// replacer writes to w what is written to it with every old replaced by
// new, holding back only what could be the start of an old.
type replacer struct {
	w        io.Writer
	old, new []byte
	pending  []byte
}

func (r *replacer) Write(p []byte) (int, error) {
	r.pending = append(r.pending, p...)
	out := bytes.ReplaceAll(r.pending, r.old, r.new)
	// Hold back a tail that may be the start of an old. It may hold the
	// end of a new, which holds no old and no start of one, so nothing
	// is replaced twice.
	keep := min(len(r.old)-1, len(out))
	if _, err := r.w.Write(out[:len(out)-keep]); err != nil {
		return 0, err
	}
	r.pending = append(r.pending[:0], out[len(out)-keep:]...)
	return len(p), nil
}

// Close writes what is held back.
func (r *replacer) Close() error {
	_, err := r.w.Write(r.pending)
	r.pending = nil
	return err
}

var pdfDates sync.Once

// pixelCanvas is the PNG canvas with a short cut: a path of rectangles
// on whole pixels in an opaque colour (the cells and grid lines) is set
// pixel by pixel, as the rasterizer would set it, instead of through the
// rasterizer, which takes 20 times as long on a large grid. Text and
// dots go through the rasterizer.
type pixelCanvas struct {
	vgimg.PngCanvas
	col *color.Color
}

func (c pixelCanvas) SetColor(col color.Color) {
	*c.col = col
	c.PngCanvas.SetColor(col)
}

func (c pixelCanvas) Fill(path vg.Path) {
	img, ok := c.Image().(*image.RGBA)
	col, opaque := *c.col, false
	if col != nil {
		_, _, _, a := col.RGBA()
		opaque = a == 0xffff
	}
	if !ok || !opaque || !pixelRects(path, nil) {
		c.PngCanvas.Fill(path)
		return
	}
	rgba := color.RGBAModel.Convert(col).(color.RGBA)
	h := img.Bounds().Dy()
	pixelRects(path, func(x0, y0, x1, y1 int) {
		r := image.Rect(x0, h-y1, x1, h-y0).Intersect(img.Bounds())
		for y := r.Min.Y; y < r.Max.Y; y++ {
			row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
			for i := 0; i < len(row); i += 4 {
				row[i], row[i+1], row[i+2], row[i+3] = rgba.R, rgba.G, rgba.B, rgba.A
			}
		}
	})
}

// WriteTo writes the image as PNG: paletted when it has at most 256
// colours (always, but for anti-aliased colour text), which makes the
// file about a third as large and quicker to write, else as RGB.
func (c pixelCanvas) WriteTo(w io.Writer) (int64, error) {
	img, ok := c.Image().(*image.RGBA)
	if !ok {
		return c.PngCanvas.WriteTo(w)
	}
	p := paletted(img)
	if p == nil {
		return c.PngCanvas.WriteTo(w)
	}
	cw := &bytecount.Writer{W: w}
	err := png.Encode(cw, p)
	return cw.N, err
}

// paletted returns img as a paletted image of the same colours, its
// palette in the order the colours first appear, or nil if it has more
// than 256.
func paletted(img *image.RGBA) *image.Paletted {
	b := img.Bounds()
	out := image.NewPaletted(b, nil)
	// The colours seen, as RGBA words; a picture has a handful but for
	// anti-aliased text, so a linear search of them is quickest.
	var seen []uint32
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):img.PixOffset(b.Max.X, y)]
		dst := out.Pix[out.PixOffset(b.Min.X, y):out.PixOffset(b.Max.X, y)]
		k := -1
		var last uint32
		for i := range dst {
			px := row[4*i : 4*i+4 : 4*i+4]
			v := uint32(px[0])<<24 | uint32(px[1])<<16 | uint32(px[2])<<8 | uint32(px[3])
			if k < 0 || v != last {
				k = slices.Index(seen, v)
				if k < 0 {
					if len(seen) == 256 {
						return nil
					}
					k = len(seen)
					seen = append(seen, v)
					out.Palette = append(out.Palette, color.RGBA{px[0], px[1], px[2], px[3]})
				}
				last = v
			}
			dst[i] = uint8(k)
		}
	}
	return out
}

// pixelRects reports whether path is rectangles on whole units as
// rects.add draws them (move, three lines, close), and calls rect, when
// not nil, with each one's corners (y up).
func pixelRects(path vg.Path, rect func(x0, y0, x1, y1 int)) bool {
	whole := func(l vg.Length) (int, bool) {
		v := math.Round(float64(l))
		return int(v), v == float64(l)
	}
	for i := 0; i+5 <= len(path); i += 5 {
		q := path[i : i+5]
		if q[0].Type != vg.MoveComp || q[1].Type != vg.LineComp || q[2].Type != vg.LineComp || q[3].Type != vg.LineComp || q[4].Type != vg.CloseComp {
			return false
		}
		x0, ok0 := whole(q[0].Pos.X)
		y0, ok1 := whole(q[0].Pos.Y)
		x1, ok2 := whole(q[2].Pos.X)
		y1, ok3 := whole(q[2].Pos.Y)
		if !ok0 || !ok1 || !ok2 || !ok3 || q[1].Pos != (vg.Point{X: q[2].Pos.X, Y: q[0].Pos.Y}) || q[3].Pos != (vg.Point{X: q[0].Pos.X, Y: q[2].Pos.Y}) {
			return false
		}
		if rect != nil {
			rect(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
		}
	}
	return len(path)%5 == 0
}

var (
	fontsOnce sync.Once
	fonts     *font.Cache
)

// face returns Liberation Sans Regular at size. (No bold: vgpdf 0.17
// registers a bold face under the plain style and then cannot find it.)
func face(size vg.Length) font.Face {
	fontsOnce.Do(func() { fonts = font.NewCache(liberation.Collection()) })
	return fonts.Lookup(font.Font{Typeface: "Liberation", Variant: "Sans"}, size)
}

// digitHeight returns the height of the digit 1 (the digits' flat top)
// in face f.
func digitHeight(f font.Face) vg.Length {
	var buf sfnt.Buffer
	upem := fixed.Int26_6(f.Face.UnitsPerEm())
	i, err := f.Face.GlyphIndex(&buf, '1')
	if err != nil {
		return f.Font.Size * 0.7
	}
	b, _, err := f.Face.GlyphBounds(&buf, i, upem, xfont.HintingNone)
	if err != nil {
		return f.Font.Size * 0.7
	}
	return vg.Length(float64(b.Max.Y-b.Min.Y)) * f.Font.Size / vg.Length(float64(upem))
}

// layout places the title, the clues and the grid. Lengths are in units,
// y down from the top; the grid's corner and cells are whole units.
type layout struct {
	cell      int // a cell's side
	left, top int // the grid's top-left corner
	width     int // the drawing's size
	height    int
	clueTop   int       // where the column clues start, below the title
	clues     bool      // the clue numbers are drawn
	font      font.Face // theirs
	digit     vg.Length // a digit's height in it
	pitch     vg.Length // between two numbers of a column clue, baseline to baseline
	gap       vg.Length // between two numbers of a row clue
	title     font.Face
	titleBase vg.Length // the title's baseline
}

// pixels returns the drawing's size in pixels, without overflow for any
// grid a nonogram may have.
func (l layout) pixels() int64 { return int64(l.width) * int64(l.height) }

// clueMeasures are the widths layout needs, measured once at clueFont:
// the widest row clue (its numbers; its gaps are counted apart), the
// most numbers in a column clue, the widest number in one.
type clueMeasures struct {
	rowW    vg.Length // numbers only
	rowGaps int       // gaps in that row clue
	colN    int
	colNumW vg.Length
}

// measure returns p's clueMeasures; each distinct number is measured
// once (Face.Width is slow, and a large puzzle has a million numbers).
func (p *drawing) measure() clueMeasures {
	var m clueMeasures
	if p.clues == nil {
		return m
	}
	f := face(clueFont)
	widths := map[int]vg.Length{}
	width := func(n int) vg.Length {
		w, ok := widths[n]
		if !ok {
			w = f.Width(strconv.Itoa(n))
			widths[n] = w
		}
		return w
	}
	gap := f.Font.Size / 2
	for _, c := range p.clues.Rows {
		w := vg.Length(0)
		for _, n := range c {
			w += width(n)
		}
		if g := max(len(c)-1, 0); w+vg.Length(g)*gap > m.rowW+vg.Length(m.rowGaps)*gap {
			m.rowW, m.rowGaps = w, g
		}
	}
	for _, c := range p.clues.Cols {
		m.colN = max(m.colN, len(c))
		for _, n := range c {
			m.colNumW = max(m.colNumW, width(n))
		}
	}
	return m
}

// cellFor returns the cell size for clues measured m: cellSize, or more
// when a column clue number is wider than a cell.
func cellFor(m clueMeasures) int {
	return max(cellSize, int(math.Ceil(float64(m.colNumW)))+6)
}

// layout places p with cells of side cell, and its clue numbers if
// clues (and p has clues), measured m; their font shrinks with cells
// smaller than cellSize.
func (p *drawing) layout(m clueMeasures, cell int, clues bool) layout {
	l := layout{cell: cell, clues: clues && p.clues != nil}
	top := vg.Length(margin)
	if p.title != "" {
		l.title = face(titleFont)
		e := l.title.Extents()
		l.titleBase = top + e.Ascent
		top += e.Ascent + e.Descent + vg.Length(margin)
	}
	left := vg.Length(margin)
	l.clueTop = int(top) - margin/2
	if l.clues {
		scale := vg.Length(min(cell, cellSize)) / cellSize
		size := clueFont * scale
		l.font = face(size)
		l.digit = digitHeight(l.font)
		l.pitch = l.digit + size/3
		l.gap = size / 2
		left += m.rowW*scale + vg.Length(m.rowGaps)*l.gap + cluePad
		top += vg.Length(m.colN)*l.pitch + cluePad
	}
	l.left = int(math.Ceil(float64(left))) + borderW
	l.top = int(math.Ceil(float64(top))) + borderW
	l.width = l.left + p.w*cell + borderW + margin
	l.height = l.top + p.h*cell + borderW + margin
	if p.title != "" {
		l.width = max(l.width, int(math.Ceil(float64(l.title.Width(p.title))))+2*margin)
	}
	return l
}

// fit returns the PNG layout with the largest cells, at most cellFor's,
// whose image has at most MaxPixels pixels: with the clues while cells
// of MinClueCell pixels or more fit, else without them. The second
// result is false when not even one-pixel cells fit.
func (p *drawing) fit(m clueMeasures) (layout, bool) {
	start := cellFor(m)
	if p.clues != nil {
		for cell := start; cell >= MinClueCell; cell-- {
			if l := p.layout(m, cell, true); l.pixels() <= MaxPixels {
				return l, true
			}
		}
	}
	for cell := start; cell >= 1; cell-- {
		if l := p.layout(m, cell, false); l.pixels() <= MaxPixels {
			return l, true
		}
	}
	return p.layout(m, 1, false), false
}

// rects gathers rectangles of one colour into paths of a bounded size,
// filling each on the canvas as it fills up: memory stays small however
// many cells and line pieces there are.
type rects struct {
	c    vg.Canvas
	h    int // the drawing's height: y is measured down from the top
	col  color.Color
	path vg.Path
	n    int
}

const rectsPerPath = 1024

func (rs *rects) add(x0, y0, x1, y1 int) {
	if x1 <= x0 || y1 <= y0 {
		return
	}
	X0, X1 := vg.Length(x0), vg.Length(x1)
	Y0, Y1 := vg.Length(rs.h-y0), vg.Length(rs.h-y1)
	rs.path.Move(vg.Point{X: X0, Y: Y0})
	rs.path.Line(vg.Point{X: X1, Y: Y0})
	rs.path.Line(vg.Point{X: X1, Y: Y1})
	rs.path.Line(vg.Point{X: X0, Y: Y1})
	rs.path.Close()
	if rs.n++; rs.n == rectsPerPath {
		rs.flush()
	}
}

func (rs *rects) flush() {
	if rs.n == 0 {
		return
	}
	rs.c.SetColor(rs.col)
	rs.c.Fill(rs.path)
	rs.path = rs.path[:0]
	rs.n = 0
}

// draw draws p on c as l places it.
func (p *drawing) draw(c vg.Canvas, l layout) {
	newRects := func(col color.Color) *rects { return &rects{c: c, h: l.height, col: col} }
	bg := newRects(white)
	bg.add(0, 0, l.width, l.height)
	bg.flush()
	gx, gy, cs := l.left, l.top, l.cell
	// The cells: the background in one rectangle, then one per run of
	// another colour in a row, the colours in palette order.
	grid := newRects(p.pal[0])
	grid.add(gx, gy, gx+p.w*cs, gy+p.h*cs)
	grid.flush()
	p.marks(newRects, l)
	for k := 1; k < len(p.pal); k++ {
		rs := newRects(p.pal[k])
		for r := range p.h {
			row := p.cells[r*p.w : (r+1)*p.w]
			for c0 := 0; c0 < p.w; {
				if int(row[c0]) != k {
					c0++
					continue
				}
				e := c0
				for e < p.w && int(row[e]) == k {
					e++
				}
				rs.add(gx+c0*cs, gy+r*cs, gx+e*cs, gy+(r+1)*cs)
				c0 = e
			}
		}
		rs.flush()
	}
	p.rules(newRects, l)
	// The frame, outside the cells.
	frame := newRects(black)
	gw, gh := p.w*cs, p.h*cs
	frame.add(gx-borderW, gy-borderW, gx+gw+borderW, gy)
	frame.add(gx-borderW, gy+gh, gx+gw+borderW, gy+gh+borderW)
	frame.add(gx-borderW, gy, gx, gy+gh)
	frame.add(gx+gw, gy, gx+gw+borderW, gy+gh)
	frame.flush()
	if p.clues != nil {
		p.givens(c, l)
	}
	if l.clues {
		p.clueNumbers(c, l)
	}
	if p.title != "" {
		x := (vg.Length(l.width) - l.title.Width(p.title)) / 2
		c.SetColor(black)
		c.FillString(l.title, vg.Point{X: x, Y: vg.Length(l.height) - l.titleBase}, p.title)
	}
}

// marks draws a band of markColour behind each marked row, from the left
// margin over its clue to the grid's right edge, and each marked column,
// from above its clue to the grid's bottom edge, and fills each marked
// given's cell.
func (p *drawing) marks(newRects func(color.Color) *rects, l layout) {
	if p.mark.Rows == nil {
		return
	}
	gx, gy, cs := l.left, l.top, l.cell
	band := newRects(markColour)
	for r, on := range p.mark.Rows {
		if on && r < p.h {
			band.add(margin/2, gy+r*cs, gx+p.w*cs, gy+(r+1)*cs)
		}
	}
	for c, on := range p.mark.Cols {
		if on && c < p.w {
			band.add(gx+c*cs, l.clueTop, gx+(c+1)*cs, gy+p.h*cs)
		}
	}
	for cell := range p.mark.Cells {
		if cell.Row < p.h && cell.Col < p.w {
			band.add(gx+cell.Col*cs, gy+cell.Row*cs, gx+(cell.Col+1)*cs, gy+(cell.Row+1)*cs)
		}
	}
	band.flush()
}

// rules draws the lines between cells: a thin one, one unit wide, on
// the first unit of a cell, and every fifth line two units wide, one on
// each side, black, but light where it runs between two dark cells, so
// that it shows over black. Thin lines are left out when cells are under
// 6 units, all of them under 3. A line is one rectangle, and the light
// pieces one per run of dark pairs: a random 1000x1000 picture has some
// 76,000, where a piece per change of cell would be a million.
func (p *drawing) rules(newRects func(color.Color) *rects, l layout) {
	cs := l.cell
	if cs < 3 {
		return
	}
	gx, gy := l.left, l.top
	gw, gh := p.w*cs, p.h*cs
	thin, thick, light := newRects(thinLine), newRects(thickLine), newRects(thickOnDark)
	for k := 1; k < p.w; k++ {
		x := gx + k*cs
		switch {
		case k%5 == 0:
			thick.add(x-1, gy, x+1, gy+gh)
		case cs >= 6:
			thin.add(x, gy, x+1, gy+gh)
		}
	}
	for k := 1; k < p.h; k++ {
		y := gy + k*cs
		switch {
		case k%5 == 0:
			thick.add(gx, y-1, gx+gw, y+1)
		case cs >= 6:
			thin.add(gx, y, gx+gw, y+1)
		}
	}
	thin.flush()
	thick.flush()
	// bothDark runs along a thick line: i-th pair of cells on either side.
	pieces := func(n int, bothDark func(i int) bool, add func(i, j int)) {
		for i := 0; i < n; {
			if !bothDark(i) {
				i++
				continue
			}
			j := i
			for j < n && bothDark(j) {
				j++
			}
			add(i, j)
			i = j
		}
	}
	for k := 5; k < p.w; k += 5 {
		x := gx + k*cs
		pieces(p.h, func(r int) bool { return p.cellDark(r, k-1) && p.cellDark(r, k) },
			func(i, j int) { light.add(x-1, gy+i*cs, x+1, gy+j*cs) })
	}
	for k := 5; k < p.h; k += 5 {
		y := gy + k*cs
		pieces(p.w, func(c int) bool { return p.cellDark(k-1, c) && p.cellDark(k, c) },
			func(i, j int) { light.add(gx+i*cs, y-1, gx+j*cs, y+1) })
	}
	light.flush()
}

// givens marks each given cell with a dot that contrasts with it.
func (p *drawing) givens(c vg.Canvas, l layout) {
	rad := vg.Length(max(float64(l.cell)*0.18, 1.5))
	for _, g := range p.clues.Givens {
		if g.Row < 0 || g.Row >= p.h || g.Col < 0 || g.Col >= p.w {
			continue
		}
		x := vg.Length(l.left) + (vg.Length(g.Col)+0.5)*vg.Length(l.cell)
		y := vg.Length(l.height) - (vg.Length(l.top) + (vg.Length(g.Row)+0.5)*vg.Length(l.cell))
		var dot vg.Path
		dot.Move(vg.Point{X: x + rad, Y: y})
		dot.Arc(vg.Point{X: x, Y: y}, rad, 0, 2*math.Pi)
		dot.Close()
		col := black
		if p.cellDark(g.Row, g.Col) {
			col = white
		}
		c.SetColor(col)
		c.Fill(dot)
	}
}

// clueNumbers draws the row clues right-aligned left of the grid, each
// centred on its row, and the column clues centred above their columns,
// the last next to the grid; each number in its run's colour.
func (p *drawing) clueNumbers(c vg.Canvas, l layout) {
	H := vg.Length(l.height)
	cell := vg.Length(l.cell)
	colour := func(cols []int, i int) color.Color {
		if cols == nil {
			return black
		}
		return p.pal[cols[i]]
	}
	for r, clue := range p.clues.Rows {
		cols := p.clues.LineColours(true, r)
		x := vg.Length(l.left-borderW) - cluePad
		y := vg.Length(l.top) + vg.Length(r)*cell + (cell+l.digit)/2
		for i := len(clue) - 1; i >= 0; i-- {
			s := strconv.Itoa(clue[i])
			x -= l.font.Width(s)
			c.SetColor(colour(cols, i))
			c.FillString(l.font, vg.Point{X: x, Y: H - y}, s)
			x -= l.gap
		}
	}
	for k, clue := range p.clues.Cols {
		cols := p.clues.LineColours(false, k)
		cx := vg.Length(l.left) + (vg.Length(k)+0.5)*cell
		y := vg.Length(l.top-borderW) - cluePad
		for i := len(clue) - 1; i >= 0; i-- {
			s := strconv.Itoa(clue[i])
			c.SetColor(colour(cols, i))
			c.FillString(l.font, vg.Point{X: cx - l.font.Width(s)/2, Y: H - y}, s)
			y -= l.pitch
		}
	}
}
