package nonogram

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Write writes p to w in format f (NON when f is Auto). What Write writes,
// Read reads back to the same puzzle (the formats other than NON drop
// the givens; all but NON and XML the goal and the metadata). Keen, MK,
// NIN and CWD have no colours: a colour puzzle is an error there.
func Write(w io.Writer, p *Puzzle, f Format) error {
	if (f == Keen || f == MK || f == NIN || f == CWD) && p.IsColour() {
		return fmt.Errorf("the %v format has no colours", f)
	}
	bw := bufio.NewWriter(w)
	switch f {
	case Auto, NON:
		writeNON(bw, p)
	case XML:
		writeXML(bw, p)
	case Keen:
		writeKeen(bw, p)
	case G:
		writeG(bw, p)
	case MK, NIN, CWD:
		writeSized(bw, p, f)
	default:
		return fmt.Errorf("unknown format %v", f)
	}
	return bw.Flush()
}

func quote(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, "\n", " "), `"`, "&quot;") + `"`
}

func writeNON(w *bufio.Writer, p *Puzzle) {
	for _, kv := range [][2]string{{"catalogue", p.Catalogue}, {"title", p.Title}, {"by", p.By}, {"copyright", p.Copyright}} {
		if kv[1] != "" {
			fmt.Fprintf(w, "%s %s\n", kv[0], quote(kv[1]))
		}
	}
	if p.License != "" {
		if strings.ContainsAny(p.License, " \t\"") {
			fmt.Fprintf(w, "license %s\n", quote(p.License))
		} else {
			fmt.Fprintf(w, "license %s\n", p.License)
		}
	}
	fmt.Fprintf(w, "width %d\nheight %d\n", p.Width, p.Height)
	for _, c := range p.Colours[min(1, len(p.Colours)):] {
		fmt.Fprintf(w, "color %c %s\n", c.Char, c.Hex())
	}
	fmt.Fprintf(w, "\nrows\n")
	for r := range p.Rows {
		fmt.Fprintln(w, p.ClueString(true, r))
	}
	fmt.Fprintf(w, "\ncolumns\n")
	for c := range p.Cols {
		fmt.Fprintln(w, p.ClueString(false, c))
	}
	if p.Goal != "" {
		fmt.Fprintf(w, "\ngoal %s\n", quote(p.Goal))
	}
	if len(p.Givens) > 0 {
		fmt.Fprintf(w, "\ngivens\n")
		for k, g := range p.Givens {
			if c := p.givenColour(k); c > 0 {
				fmt.Fprintf(w, "%d,%d,%c\n", g.Row, g.Col, p.Colours[c].Char)
			} else {
				fmt.Fprintf(w, "%d,%d\n", g.Row, g.Col)
			}
		}
	}
}

func writeKeen(w *bufio.Writer, p *Puzzle) {
	for _, c := range p.Rows {
		fmt.Fprintln(w, strings.ReplaceAll(c.String(), ",", " "))
	}
	fmt.Fprintln(w)
	for _, c := range p.Cols {
		fmt.Fprintln(w, strings.ReplaceAll(c.String(), ",", " "))
	}
}

// writeSized writes the mk, nin and cwd formats: the size, then a clue a
// line, "0" for an empty one.
func writeSized(w *bufio.Writer, p *Puzzle, f Format) {
	switch f {
	case MK:
		fmt.Fprintf(w, "%d %d\n", p.Height, p.Width)
	case NIN:
		fmt.Fprintf(w, "%d %d\n", p.Width, p.Height)
	case CWD:
		fmt.Fprintf(w, "%d\n%d\n", p.Height, p.Width)
	}
	for _, c := range p.Rows {
		fmt.Fprintln(w, strings.ReplaceAll(c.String(), ",", " "))
	}
	switch f {
	case MK:
		w.WriteString("#\n")
	case CWD:
		w.WriteString("\n")
	}
	for _, c := range p.Cols {
		fmt.Fprintln(w, strings.ReplaceAll(c.String(), ",", " "))
	}
}

// writeG writes Olsak's .g format: a colour puzzle's "#d" section with
// each colour as #rrggbb, its character for both inchar and outchar,
// then ":" and the rows, ":" and the columns, and a closing ":". An empty
// line is a blank line, as Olsak's files write it.
func writeG(w *bufio.Writer, p *Puzzle) {
	if p.IsColour() {
		w.WriteString("#d\n")
		for k, c := range p.Colours {
			ch := c.Char
			if k == 0 {
				ch = '0'
			}
			fmt.Fprintf(w, "   %c:%c %s\n", ch, ch, c.Hex())
		}
	}
	for _, isRow := range []bool{true, false} {
		w.WriteString(":\n")
		for i := range p.lines(isRow) {
			c, _ := p.Line(isRow, i)
			if len(c) > 0 {
				w.WriteString(p.clueString(c, p.LineColours(isRow, i), " "))
			}
			w.WriteByte('\n')
		}
	}
	w.WriteString(":\n")
}

func xmlText(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

func xmlAttr(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return strings.ReplaceAll(b.String(), "\"", "&#34;")
}

// xmlNames returns the XML names of a colour puzzle's colours: their own,
// or "colour-C" for those read from .non, made unique.
func xmlNames(p *Puzzle) []string {
	names := make([]string, len(p.Colours))
	seen := map[string]bool{}
	for k, c := range p.Colours {
		n := c.Name
		switch {
		case n == "" && k == 0:
			n = "white"
		case n == "":
			n = "colour-" + string(c.Char)
		}
		for seen[n] {
			n += "'"
		}
		seen[n] = true
		names[k] = n
	}
	return names
}

func writeXML(w *bufio.Writer, p *Puzzle) {
	if p.IsColour() {
		writeColourXML(w, p)
		return
	}
	fmt.Fprintf(w, "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"https://webpbn.com/pbn-0.3.dtd\">\n<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"black\">\n")
	for _, kv := range [][2]string{{"source", p.Catalogue}, {"title", p.Title}, {"author", p.By}, {"copyright", p.Copyright}} {
		if kv[1] != "" {
			fmt.Fprintf(w, "<%s>%s</%s>\n", kv[0], xmlText(kv[1]), kv[0])
		}
	}
	if p.License != "" {
		fmt.Fprintf(w, "<!-- license: %s -->\n", strings.ReplaceAll(p.License, "--", "- -"))
	}
	fmt.Fprintf(w, "<color name=\"white\" char=\".\">fff</color>\n<color name=\"black\" char=\"X\">000</color>\n")
	for _, sec := range []struct {
		typ   string
		clues []Clue
	}{{"columns", p.Cols}, {"rows", p.Rows}} {
		fmt.Fprintf(w, "<clues type=%q>\n", sec.typ)
		for _, c := range sec.clues {
			w.WriteString("<line>")
			for _, n := range c {
				fmt.Fprintf(w, "<count>%d</count>", n)
			}
			w.WriteString("</line>\n")
		}
		fmt.Fprintf(w, "</clues>\n")
	}
	if p.Goal != "" {
		fmt.Fprintf(w, "<solution type=\"goal\">\n<image>\n")
		for r := range p.Height {
			w.WriteByte('|')
			for c := range p.Width {
				if p.Goal[r*p.Width+c] == '0' {
					w.WriteByte('.')
				} else {
					w.WriteByte('X')
				}
			}
			w.WriteString("|\n")
		}
		fmt.Fprintf(w, "</image>\n</solution>\n")
	}
	fmt.Fprintf(w, "</puzzle>\n</puzzleset>\n")
}

// writeColourXML writes a colour puzzle: a <color> per colour (the
// background's char '.'), every count with its colour's name.
func writeColourXML(w *bufio.Writer, p *Puzzle) {
	names := xmlNames(p)
	// Every count names its colour, and the default colour is none of
	// them: a reader sees a colour puzzle even when it has one colour.
	def := "default"
	for slices.Contains(names, def) {
		def += "'"
	}
	fmt.Fprintf(w, "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"https://webpbn.com/pbn-0.3.dtd\">\n<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"%s\" backgroundcolor=\"%s\">\n", xmlAttr(def), xmlAttr(names[0]))
	for _, kv := range [][2]string{{"source", p.Catalogue}, {"title", p.Title}, {"author", p.By}, {"copyright", p.Copyright}} {
		if kv[1] != "" {
			fmt.Fprintf(w, "<%s>%s</%s>\n", kv[0], xmlText(kv[1]), kv[0])
		}
	}
	if p.License != "" {
		fmt.Fprintf(w, "<!-- license: %s -->\n", strings.ReplaceAll(p.License, "--", "- -"))
	}
	for k, c := range p.Colours {
		ch := string(c.Char)
		if k == 0 {
			ch = "."
		}
		fmt.Fprintf(w, "<color name=\"%s\" char=\"%s\">%s</color>\n", xmlAttr(names[k]), xmlAttr(ch), c.Hex()[1:])
	}
	for _, isRow := range []bool{false, true} {
		typ := "columns"
		if isRow {
			typ = "rows"
		}
		fmt.Fprintf(w, "<clues type=%q>\n", typ)
		for i := range p.lines(isRow) {
			c, _ := p.Line(isRow, i)
			cols := p.LineColours(isRow, i)
			w.WriteString("<line>")
			for k, n := range c {
				fmt.Fprintf(w, "<count color=\"%s\">%d</count>", xmlAttr(names[cols[k]]), n)
			}
			w.WriteString("</line>\n")
		}
		fmt.Fprintf(w, "</clues>\n")
	}
	if p.Goal != "" {
		fmt.Fprintf(w, "<solution type=\"goal\">\n<image>\n")
		for r := range p.Height {
			w.WriteByte('|')
			for c := range p.Width {
				ch := p.Goal[r*p.Width+c]
				if ch == '0' {
					ch = '.'
				}
				w.WriteString(xmlText(string(ch)))
			}
			w.WriteString("|\n")
		}
		fmt.Fprintf(w, "</image>\n</solution>\n")
	}
	fmt.Fprintf(w, "</puzzle>\n</puzzleset>\n")
}
