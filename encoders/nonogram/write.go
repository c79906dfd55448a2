package nonogram

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// Write writes p to w in format f (NON when f is Auto). What Write writes,
// Read reads back to the same puzzle.
func Write(w io.Writer, p *Puzzle, f Format) error {
	bw := bufio.NewWriter(w)
	switch f {
	case Auto, NON:
		writeNON(bw, p)
	case XML:
		writeXML(bw, p)
	case Keen:
		writeKeen(bw, p)
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
	fmt.Fprintf(w, "width %d\nheight %d\n\nrows\n", p.Width, p.Height)
	for _, c := range p.Rows {
		fmt.Fprintln(w, c)
	}
	fmt.Fprintf(w, "\ncolumns\n")
	for _, c := range p.Cols {
		fmt.Fprintln(w, c)
	}
	if p.Goal != "" {
		fmt.Fprintf(w, "\ngoal %s\n", quote(p.Goal))
	}
	if len(p.Givens) > 0 {
		fmt.Fprintf(w, "\ngivens\n")
		for _, g := range p.Givens {
			fmt.Fprintf(w, "%d,%d\n", g.Row, g.Col)
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

func xmlText(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

func writeXML(w *bufio.Writer, p *Puzzle) {
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
