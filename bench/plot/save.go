package plot

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pipesat/pipesat/internal/outfile"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Formats are the plot files' formats SavePlot writes, by extension.
var Formats = []string{"svg", "png", "pdf", "eps"}

// Paper is the page a PDF plot is drawn on.
type Paper string

// The pages of a PDF plot: ISO A4 (210 x 297 mm) and US Letter (8.5 x 11 in).
const (
	PaperA4     Paper = "a4"
	PaperLetter Paper = "letter"
)

// Papers are the pages Options.Paper may name.
var Papers = []string{string(PaperA4), string(PaperLetter)}

// Size returns the page's width and height, portrait; A4's for an empty
// or unknown Paper.
func (p Paper) Size() (w, h vg.Length) {
	if p == PaperLetter {
		return 8.5 * vg.Inch, 11 * vg.Inch
	}
	return 210 * vg.Millimeter, 297 * vg.Millimeter
}

// pageMargin is the least space between a PDF's figure and its page's edge.
const pageMargin = 15 * vg.Millimeter

// svgFamilies is the font-family an SVG plot's text names: the font it was
// measured with, the fonts of the same widths (Arimo is Liberation Sans'
// twin in ChromeOS and Google Fonts), and the generic family, so a reader
// without any of them still draws sans-serif text rather than a serif
// default that clips labels.
const svgFamilies = "'Liberation Sans',Arimo,Arial,Helvetica,sans-serif"

// SavePlot writes f to path in the format its extension names (svg, png,
// pdf, eps), as outfile.Write does. An SVG's text names svgFamilies; a
// PDF's page is f's paper (A4 unless Options.Paper said Letter), the
// figure centred across it at the top, scaled down if it does not fit
// within the margins, its font a subset (see pdfCanvas).
func SavePlot(f *Figure, path string) error {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	if !slices.Contains(Formats, ext) {
		return fmt.Errorf("%s: unknown plot format %q (use .svg, .png, .pdf or .eps)", path, ext)
	}
	var wt io.WriterTo
	switch ext {
	case "svg":
		wt = writerTo(f.WriteSVG)
	case "pdf":
		wt = f.pdf()
	default:
		w, h := f.Size()
		c, err := draw.NewFormattedCanvas(w, h, ext)
		if err != nil {
			return err
		}
		f.Draw(draw.New(c))
		wt = c
	}
	return outfile.Write(path, wt, nil) // path ends in one of the extensions: never "-"
}

// WriteSVG writes f to w as an SVG document whose text names svgFamilies.
func (f *Figure) WriteSVG(w io.Writer) error {
	b, err := f.svg()
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// WriteInlineSVG writes f to w as an <svg> element for an HTML page: the
// SVG document without its XML prolog.
func (f *Figure) WriteInlineSVG(w io.Writer) error {
	b, err := f.svg()
	if err != nil {
		return err
	}
	if i := bytes.Index(b, []byte("<svg")); i > 0 {
		b = b[i:]
	}
	_, err = w.Write(b)
	return err
}

// svg returns f drawn as an SVG document, its font families named by
// svgFamilies: gonum writes the one family it measured with, which a
// reader without it replaces by its default, often a wider serif.
func (f *Figure) svg() ([]byte, error) {
	w, h := f.Size()
	c := vgsvg.New(w, h)
	f.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, err
	}
	return bytes.ReplaceAll(buf.Bytes(), []byte("font-family:Liberation Sans;"), []byte("font-family:"+svgFamilies+";")), nil
}

// pdf returns f drawn on its paper: centred across it, pageMargin from
// the top, scaled down if it does not fit within the margins.
func (f *Figure) pdf() *pdfCanvas {
	pw, ph := f.paper.Size()
	fw, fh := f.Size()
	s := min(1, float64((pw-2*pageMargin)/fw), float64((ph-2*pageMargin)/fh))
	c := newPDFCanvas(pw, ph)
	dw, dh := vg.Length(s)*fw, vg.Length(s)*fh
	c.Translate(vg.Point{X: (pw - dw) / 2, Y: ph - pageMargin - dh})
	c.Scale(s, s)
	f.Draw(draw.Canvas{Canvas: c, Rectangle: vg.Rectangle{Max: vg.Point{X: fw, Y: fh}}})
	return c
}

// writerTo is a function as an io.WriterTo, for outfile.Write.
type writerTo func(io.Writer) error

func (f writerTo) WriteTo(w io.Writer) (int64, error) { return 0, f(w) }
