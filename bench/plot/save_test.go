package plot

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestSVGFonts checks that every text of an SVG plot names the font list
// ending in the generic sans-serif, so a reader without Liberation Sans
// still draws the text in a font of about its widths.
func TestSVGFonts(t *testing.T) {
	f, err := Cactus(configRows(t), Options{Title: "suite x"})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "cactus.svg")
	if err := SavePlot(f, path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	families := regexp.MustCompile(`font-family:([^;"]*)`).FindAllSubmatch(b, -1)
	if len(families) < 10 {
		t.Fatalf("%d font-family in the SVG, want one per text", len(families))
	}
	for _, m := range families {
		if got := string(m[1]); got != "'Liberation Sans',Arimo,Arial,Helvetica,sans-serif" {
			t.Fatalf("font-family %q", got)
		}
	}
	var inline bytes.Buffer
	if err := f.WriteInlineSVG(&inline); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(inline.Bytes(), []byte("<svg")) || !bytes.HasSuffix(b, inline.Bytes()) {
		t.Errorf("inline SVG starts %q, want the document from <svg on", inline.String()[:min(inline.Len(), 20)])
	}
}

// TestPDFPaper checks the PDF's page (its MediaBox, in points) for each
// paper, that the figure's font is embedded as a subset, and that the
// same figure gives the same bytes.
func TestPDFPaper(t *testing.T) {
	rows := configRows(t)
	a, b, err := ScatterPair(rows, "minisat + "+encRuns+", gini + "+encAuto)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		paper Paper
		box   string
	}{
		{"", "/MediaBox [0 0 595.28 841.89]"},
		{PaperA4, "/MediaBox [0 0 595.28 841.89]"},
		{PaperLetter, "/MediaBox [0 0 612.00 792.00]"},
	} {
		f, err := Scatter(rows, a, b, Options{Paper: tc.paper})
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "scatter.pdf")
		if err := SavePlot(f, path); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if boxes := regexp.MustCompile(`/MediaBox \[[^\]]*\]`).FindAll(b, -1); len(boxes) != 1 || string(boxes[0]) != tc.box {
			t.Errorf("paper %q: page boxes %q, want %q", tc.paper, boxes, tc.box)
		}
		if !bytes.Contains(b, []byte("/FontFile2")) || !bytes.Contains(b, []byte("/BaseFont /utf8liberationsans-regular")) {
			t.Errorf("paper %q: Liberation Sans is not embedded", tc.paper)
		}
		// The whole font is 411,860 bytes (vgpdf's PDF of this plot,
		// embedding it whole, was 219 KB); the subset of the glyphs the
		// plot uses, and the drawing, a few KB.
		if len(b) > 40_000 {
			t.Errorf("paper %q: the PDF has %d bytes: is the font a subset?", tc.paper, len(b))
		}
		again := filepath.Join(t.TempDir(), "again.pdf")
		if err := SavePlot(f, again); err != nil {
			t.Fatal(err)
		}
		if b2, err := os.ReadFile(again); err != nil || !bytes.Equal(b, b2) {
			t.Errorf("paper %q: the same plot saved twice differs (%v)", tc.paper, err)
		}
	}
}
