// Package docgen writes the man pages and the shell completions of the
// pipesat commands from the same source as their -h and --help: each
// Tool's declarations (name, operands, commands, and each flag's names,
// usage, default and choices, read through cmdio.Describe) and the prose
// of its doc.go. Nothing here is written by hand a second time, so a page
// or a completion cannot name a flag the command does not take.
//
// The man pages are written by a small roff writer (man(7) macros), not
// by urfave/cli's ToMan: that renders its input as Markdown, which eats
// the manuals' "<row>" and "r*N + c", sorts the flags by name, writes
// each as `--flag=""`, and leaves out the date and non-ASCII escapes that
// mandoc -T lint and groff's warnings ask for. The prose is parsed as the
// doc comment it is (go/doc/comment): paragraphs, code blocks and lists.
package docgen

import (
	"fmt"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"io"
	"strings"

	"github.com/pipesat/pipesat/internal/cmdio"
)

// Man writes the man page (section 1) of t, whose doc.go source is
// t.Source(), dated date (YYYY-MM-DD) and naming version in its footer; see
// lists the other commands for its SEE ALSO section.
func Man(w io.Writer, t *cmdio.Tool, date, version string, see []string) error {
	first, rest, err := docText(t.Source())
	if err != nil {
		return err
	}
	name := strings.Fields(t.Synopsis(nil))[0]
	var b strings.Builder
	fmt.Fprintf(&b, ".\\\" %s(1), made by internal/docgen from its declarations and cmd/%s/doc.go: do not edit.\n", name, name)
	fmt.Fprintf(&b, ".TH %s 1 %s %s \"pipesat manual\"\n", strings.ToUpper(name), date, quote("pipesat "+version))
	// No hyphenation: a flag broken across lines ("--as-sume") cannot be
	// copied.
	b.WriteString(".nh\n.SH NAME\n")
	desc := strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(first, name)), ".")
	b.WriteString(escape(name+" - "+desc) + "\n")
	b.WriteString(".SH SYNOPSIS\n")
	synopses := []*cmdio.Command{nil}
	if len(t.Commands) > 0 {
		synopses = t.Commands
	}
	for i, c := range synopses {
		if i > 0 {
			b.WriteString(".br\n")
		}
		s := strings.TrimPrefix(t.Synopsis(c), name)
		fmt.Fprintf(&b, ".B %s\n%s\n", name, escapeCode(strings.TrimSpace(s)))
	}
	b.WriteString(".SH DESCRIPTION\n")
	writeBlocks(&b, new(comment.Parser).Parse(rest).Content, false)
	b.WriteString(".SH OPTIONS\n")
	writeFlags(&b, cmdio.Docs(t.Flags))
	for _, c := range t.Commands {
		fmt.Fprintf(&b, ".SS %s\n", quote(name+" "+c.Name))
		if c.Usage != "" {
			b.WriteString(escape(c.Usage) + "\n")
		}
		writeFlags(&b, cmdio.Docs(c.Flags))
	}
	b.WriteString(".PP\n" + escape(strings.ReplaceAll(cmdio.CommonFlags, "\n", " ")) + "\n")
	if len(see) > 0 {
		b.WriteString(".SH SEE ALSO\n")
		for i, s := range see {
			sep := ","
			if i == len(see)-1 {
				sep = ""
			}
			fmt.Fprintf(&b, ".BR %s (1)%s\n", s, sep)
		}
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// docText returns the package comment of a doc.go source, its first
// paragraph (the description) apart from the rest.
func docText(src string) (first, rest string, err error) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", "", err
	}
	if f.Doc == nil {
		return "", "", fmt.Errorf("doc.go has no package comment")
	}
	first, rest, _ = strings.Cut(f.Doc.Text(), "\n\n")
	return strings.Join(strings.Fields(first), " "), rest, nil
}

// writeBlocks writes the blocks of a doc comment as man(7) paragraphs,
// examples and lists.
// The first block follows a section heading, which starts a paragraph
// itself, unless after says it follows text.
func writeBlocks(b *strings.Builder, blocks []comment.Block, after bool) {
	for _, bl := range blocks {
		pp := ""
		if after {
			pp = ".PP\n"
		}
		after = true
		switch bl := bl.(type) {
		case *comment.Paragraph:
			b.WriteString(pp + escape(text(bl.Text)) + "\n")
		case *comment.Heading:
			b.WriteString(".SS " + quote(text(bl.Text)) + "\n")
			after = false
		case *comment.Code:
			b.WriteString(pp + ".RS 4\n.EX\n")
			for _, l := range strings.Split(strings.TrimSuffix(bl.Text, "\n"), "\n") {
				b.WriteString(escapeCode(l) + "\n")
			}
			b.WriteString(".EE\n.RE\n")
		case *comment.List:
			for _, it := range bl.Items {
				mark := "\\(bu"
				if it.Number != "" {
					mark = it.Number + "."
				}
				fmt.Fprintf(b, ".IP %s 4\n", mark)
				for j, c := range it.Content {
					if p, ok := c.(*comment.Paragraph); ok {
						if j > 0 {
							b.WriteString(".IP\n")
						}
						b.WriteString(escape(text(p.Text)) + "\n")
					}
				}
			}
		}
	}
}

// text returns the plain text of a doc comment's text.
func text(ts []comment.Text) string {
	var b strings.Builder
	for _, t := range ts {
		switch t := t.(type) {
		case comment.Plain:
			b.WriteString(string(t))
		case comment.Italic:
			b.WriteString(string(t))
		case *comment.Link:
			b.WriteString(text(t.Text))
		case *comment.DocLink:
			b.WriteString(text(t.Text))
		}
	}
	return b.String()
}

// writeFlags writes flags as man(7) tagged paragraphs: the names in
// bold, the value's placeholder in italics, then the usage, default and
// choices.
func writeFlags(b *strings.Builder, docs []cmdio.FlagDoc) {
	for _, d := range docs {
		var names []string
		for _, n := range d.Names {
			names = append(names, `\fB`+escapeCode(n)+`\fR`)
		}
		head := strings.Join(names, ", ")
		if d.Value != "" {
			head += ` \fI` + escapeCode(d.Value) + `\fR`
		}
		b.WriteString(".TP\n" + head + "\n")
		line := d.Usage
		if d.Default != "" {
			line += " (default " + d.Default + ")"
		}
		if d.Choices != nil && d.Value != strings.Join(d.Choices, "|") {
			or := ""
			if d.File {
				or = ", or a file"
			}
			line += "; " + d.Value + " is one of " + strings.Join(d.Choices, ", ") + or
		}
		b.WriteString(escape(line) + "\n")
	}
}

// quote returns s as one argument of a macro line.
func quote(s string) string {
	return `"` + strings.ReplaceAll(escape(s), `"`, `\(dq`) + `"`
}

// escape returns text as roff reads it in a filled paragraph, in lines
// of at most 78 bytes where the words allow: a backslash is \e, a line
// starting with "." or "'" starts with \&, a dash that starts a word (a
// flag, "-" itself) is \-, and every other character beyond ASCII is its
// \[uXXXX] escape.
func escape(s string) string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		w = escapeWord(w)
		if line != "" && len(line)+1+len(w) > 78 {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	lines = append(lines, line)
	for i, l := range lines {
		if strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'") {
			lines[i] = `\&` + l
		}
	}
	return strings.Join(lines, "\n")
}

// escapeWord returns a word of text as escape says: a dash is a minus
// only where it starts the word or follows a dash or an opening bracket
// or quote.
func escapeWord(w string) string {
	return escapeChars(w, func(prev rune) bool { return strings.ContainsRune(" -(\"`[", prev) })
}

// escapeCode returns a line of an example, or a flag, as roff prints it
// as written: every dash is \- (a minus, which a reader can copy into a
// shell), and the rest as escape says.
func escapeCode(s string) string {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	lead := ""
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		lead = `\&`
	}
	return lead + escapeChars(s, func(rune) bool { return true })
}

// escapeChars returns s with a backslash as \e, a dash as \- where minus
// says so of the character before it, and every character beyond ASCII
// as its \[uXXXX] escape.
func escapeChars(s string, minus func(prev rune) bool) string {
	var b strings.Builder
	prev := ' '
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\e`)
		case r == '-' && minus(prev):
			b.WriteString(`\-`)
		case r > 126:
			fmt.Fprintf(&b, `\[u%04X]`, r)
		default:
			b.WriteRune(r)
		}
		prev = r
	}
	return b.String()
}
