package plot

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"github.com/pipesat/pipesat/internal/bytecount"
	stdfont "golang.org/x/image/font"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// pdfCanvas is a vg.Canvas drawing one PDF page with fpdf. It is
// gonum's vgpdf but for the fonts: vgpdf embeds each font file whole
// (Liberation Sans is 400 KB) through a single-byte code page, where
// pdfCanvas gives fpdf the font as a UTF-8 font, which fpdf embeds as a
// subset of the glyphs the page uses, with a ToUnicode map so the text
// can be searched and copied. Its dates are fixed, so the same figure
// gives the same bytes.
type pdfCanvas struct {
	doc    *fpdf.Fpdf
	h      vg.Length
	widths []vg.Length // line width at each Push
	width  vg.Length
	fonts  map[string]bool // registered, by font.Font.Name
	images int
	err    error
}

// pdfEpoch is the PDF's creation and modification date.
var pdfEpoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// newPDFCanvas returns a canvas of one w x h page, its origin at the
// bottom left, y up, as vg draws.
func newPDFCanvas(w, h vg.Length) *pdfCanvas {
	doc := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: w.Points(), Ht: h.Points()}})
	doc.SetCreationDate(pdfEpoch)
	doc.SetModificationDate(pdfEpoch)
	doc.SetProducer("satbench (gonum plot, fpdf)", false)
	doc.SetMargins(0, 0, 0)
	doc.SetAutoPageBreak(false, 0)
	doc.AddPage()
	c := &pdfCanvas{doc: doc, h: h, width: 1, fonts: map[string]bool{}}
	c.SetLineWidth(1)
	c.SetColor(color.Black)
	c.Push()
	c.Translate(vg.Point{Y: h})
	c.Scale(1, -1)
	return c
}

func (c *pdfCanvas) SetLineWidth(w vg.Length) {
	c.width = w
	c.doc.SetLineWidth(w.Points())
}

func (c *pdfCanvas) SetLineDash(dashes []vg.Length, offs vg.Length) {
	ds := make([]float64, len(dashes))
	for i, d := range dashes {
		ds[i] = d.Points()
	}
	c.doc.SetDashPattern(ds, offs.Points())
}

func (c *pdfCanvas) SetColor(clr color.Color) {
	if clr == nil {
		clr = color.Black
	}
	r, g, b, a := clr.RGBA()
	if a > 0 { // un-premultiply
		r, g, b = r*0xffff/a, g*0xffff/a, b*0xffff/a
	}
	ri, gi, bi := int(r>>8), int(g>>8), int(b>>8)
	c.doc.SetFillColor(ri, gi, bi)
	c.doc.SetDrawColor(ri, gi, bi)
	c.doc.SetTextColor(ri, gi, bi)
	c.doc.SetAlpha(float64(a)/math.MaxUint16, "Normal")
}

func (c *pdfCanvas) Rotate(rad float64) { c.doc.TransformRotate(-rad*180/math.Pi, 0, 0) }

func (c *pdfCanvas) Translate(pt vg.Point) {
	c.doc.TransformTranslate(pt.X.Points(), pt.Y.Points())
}

func (c *pdfCanvas) Scale(x, y float64) { c.doc.TransformScale(x*100, y*100, 0, 0) }

func (c *pdfCanvas) Push() {
	c.widths = append(c.widths, c.width)
	c.doc.TransformBegin()
}

func (c *pdfCanvas) Pop() {
	c.doc.TransformEnd()
	c.width = c.widths[len(c.widths)-1]
	c.widths = c.widths[:len(c.widths)-1]
}

func (c *pdfCanvas) Stroke(p vg.Path) {
	if c.width > 0 {
		c.path(p, "D")
	}
}

func (c *pdfCanvas) Fill(p vg.Path) { c.path(p, "F") }

// path draws p, stroked ("D") or filled ("F").
func (c *pdfCanvas) path(p vg.Path, style string) {
	var start vg.Point
	for _, comp := range p {
		switch comp.Type {
		case vg.MoveComp:
			start = comp.Pos
			c.doc.MoveTo(comp.Pos.X.Points(), comp.Pos.Y.Points())
		case vg.LineComp:
			c.doc.LineTo(comp.Pos.X.Points(), comp.Pos.Y.Points())
		case vg.ArcComp:
			c.arc(comp, style)
		case vg.CurveComp:
			c.curve(comp)
		case vg.CloseComp:
			c.doc.LineTo(start.X.Points(), start.Y.Points())
			c.doc.ClosePath()
		}
	}
	c.doc.DrawPath(style)
}

func (c *pdfCanvas) curve(comp vg.PathComp) {
	pt := func(p vg.Point) (float64, float64) { return p.X.Points(), p.Y.Points() }
	px, py := pt(comp.Pos)
	switch len(comp.Control) {
	case 1:
		cx, cy := pt(comp.Control[0])
		c.doc.CurveTo(cx, cy, px, py)
	case 2:
		cx, cy := pt(comp.Control[0])
		dx, dy := pt(comp.Control[1])
		c.doc.CurveBezierCubicTo(cx, cy, dx, dy, px, py)
	}
}

// arc draws an arc as vgpdf does: a line to its start, the arc, and a
// move to its end.
func (c *pdfCanvas) arc(comp vg.PathComp, style string) {
	at := func(a float64) (float64, float64) {
		return (comp.Pos.X + comp.Radius*vg.Length(math.Cos(a))).Points(), (comp.Pos.Y + comp.Radius*vg.Length(math.Sin(a))).Points()
	}
	c.doc.LineTo(at(comp.Start))
	const deg = 180 / math.Pi
	r := comp.Radius.Points()
	c.doc.Arc(comp.Pos.X.Points(), comp.Pos.Y.Points(), r, r, comp.Angle*deg, comp.Start*deg, (comp.Start+comp.Angle)*deg, style)
	c.doc.MoveTo(at(comp.Start + comp.Angle))
}

// FillString draws str with its baseline's left end at pt.
func (c *pdfCanvas) FillString(fnt font.Face, pt vg.Point, str string) {
	if fnt.Font.Size == 0 {
		return
	}
	name := fnt.Name()
	if !c.fonts[name] {
		var ttf bytes.Buffer
		if _, err := fnt.Face.WriteSourceTo(nil, &ttf); err != nil && c.err == nil {
			c.err = fmt.Errorf("font %s: %v", name, err)
		}
		c.doc.AddUTF8FontFromBytes(name, fontStyle(fnt.Font), ttf.Bytes())
		c.fonts[name] = true
	}
	c.doc.SetFont(name, fontStyle(fnt.Font), fnt.Font.Size.Points())
	c.Push()
	c.Translate(pt)
	c.Scale(1, -1) // text upright in the flipped page
	c.doc.Text(0, 0, str)
	c.Pop()
}

// fontStyle returns fpdf's style letters of f: B bold, I italic.
func fontStyle(f font.Font) string {
	s := ""
	if f.Weight == stdfont.WeightBold {
		s += "B"
	}
	if f.Style == stdfont.StyleItalic {
		s += "I"
	}
	return s
}

// DrawImage draws img in rect, as a PNG.
func (c *pdfCanvas) DrawImage(rect vg.Rectangle, img image.Image) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil && c.err == nil {
		c.err = err
	}
	c.images++
	name := fmt.Sprintf("image%d.png", c.images)
	opts := fpdf.ImageOptions{ImageType: "png"}
	c.doc.RegisterImageOptionsReader(name, opts, &buf)
	c.Push()
	c.Translate(vg.Point{X: rect.Min.X, Y: rect.Max.Y})
	c.Scale(1, -1)
	sz := rect.Size()
	c.doc.ImageOptions(name, 0, 0, sz.X.Points(), sz.Y.Points(), false, opts, 0, "")
	c.Pop()
}

// Size returns the page's size.
func (c *pdfCanvas) Size() (w, h vg.Length) {
	pw, ph := c.doc.GetPageSize()
	return vg.Length(pw), vg.Length(ph)
}

// WriteTo writes the PDF to w; the canvas is done.
func (c *pdfCanvas) WriteTo(w io.Writer) (int64, error) {
	if c.err != nil {
		return 0, c.err
	}
	c.Pop()
	cw := &bytecount.Writer{W: w}
	err := c.doc.Output(cw)
	return cw.N, err
}
