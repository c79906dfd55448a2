package grid

import (
	"image"
	"image/color"
	"image/draw"
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
	cellSize = 20
	fontSize = 12
	margin   = 8
	clueGap  = 6  // between two numbers of a row clue
	clueLine = 14 // between two numbers of a column clue
	digitW   = 7  // width of a digit at fontSize (Go Regular: 0.556 em)
)

// layout places the grid and its clues.
type layout struct {
	w, h      int // grid cells
	left, top int // top-left corner of the grid
	width     int // image size
	height    int
	clues     *nonogram.Puzzle
}

func textWidth(s string) int { return len(s) * digitW }

func newLayout(w, h int, clues *nonogram.Puzzle) layout {
	l := layout{w: w, h: h, clues: clues, left: margin, top: margin}
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
	l.width = l.left + w*cellSize + margin
	l.height = l.top + h*cellSize + margin
	return l
}

// each calls row for every row clue number with the point where its text
// ends (right-aligned, baseline), and col for every column clue number
// with its centre and baseline.
func (l layout) each(row, col func(s string, x, y int)) {
	if l.clues == nil {
		return
	}
	for r, c := range l.clues.Rows {
		x := l.left - 4
		y := l.top + r*cellSize + cellSize/2 + fontSize*4/10
		for i := len(c) - 1; i >= 0; i-- {
			s := strconv.Itoa(c[i])
			row(s, x, y)
			x -= textWidth(s) + clueGap
		}
	}
	for k, c := range l.clues.Cols {
		x := l.left + k*cellSize + cellSize/2
		y := l.top - 6
		for i := len(c) - 1; i >= 0; i-- {
			col(strconv.Itoa(c[i]), x, y)
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

// DrawPNG draws the picture (row-major, true black) as a PNG image: the
// grid with a thicker line every five cells and, when clues is not nil,
// the clue numbers left of the rows and above the columns.
func DrawPNG(w io.Writer, pic []bool, width, height int, clues *nonogram.Puzzle) error {
	l := newLayout(width, height, clues)
	img := image.NewRGBA(image.Rect(0, 0, l.width, l.height))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	fill := func(x0, y0, x1, y1 int, c color.Color) {
		draw.Draw(img, image.Rect(x0, y0, x1, y1), image.NewUniform(c), image.Point{}, draw.Src)
	}
	gx, gy := l.left, l.top
	gw, gh := width*cellSize, height*cellSize
	for r := range height {
		for c := range width {
			if pic[r*width+c] {
				fill(gx+c*cellSize, gy+r*cellSize, gx+(c+1)*cellSize, gy+(r+1)*cellSize, color.Black)
			}
		}
	}
	light := color.Gray{Y: 0xa0}
	for c := 0; c <= width; c++ {
		x := gx + c*cellSize
		if c%5 == 0 || c == width {
			fill(x-1, gy, x+1, gy+gh+1, color.Black)
		} else {
			fill(x, gy, x+1, gy+gh, light)
		}
	}
	for r := 0; r <= height; r++ {
		y := gy + r*cellSize
		if r%5 == 0 || r == height {
			fill(gx, y-1, gx+gw+1, y+1, color.Black)
		} else {
			fill(gx, y, gx+gw, y+1, light)
		}
	}
	if clues != nil {
		f, err := goFace()
		if err != nil {
			return err
		}
		d := &font.Drawer{Dst: img, Src: image.Black, Face: f}
		l.each(func(s string, x, y int) {
			adv := d.MeasureString(s).Round()
			d.Dot = fixed.P(x-adv, y)
			d.DrawString(s)
		}, func(s string, x, y int) {
			adv := d.MeasureString(s).Round()
			d.Dot = fixed.P(x-adv/2, y)
			d.DrawString(s)
		})
	}
	return png.Encode(w, img)
}

// DrawSVG draws the same picture as DrawPNG, as SVG.
func DrawSVG(w io.Writer, pic []bool, width, height int, clues *nonogram.Puzzle) error {
	cw := &errWriter{w: w}
	l := newLayout(width, height, clues)
	s := svg.New(cw)
	s.Start(l.width, l.height)
	s.Rect(0, 0, l.width, l.height, "fill:white")
	gx, gy := l.left, l.top
	gw, gh := width*cellSize, height*cellSize
	s.Gid("cells")
	for r := range height {
		for c := range width {
			if pic[r*width+c] {
				s.Rect(gx+c*cellSize, gy+r*cellSize, cellSize, cellSize, "fill:black")
			}
		}
	}
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
		l.each(func(t string, x, y int) {
			s.Text(x, y, t, "text-anchor:end")
		}, func(t string, x, y int) {
			s.Text(x, y, t, "text-anchor:middle")
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
