package cmdio

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"
)

// What a command says about itself: -h a summary, --help the manual. Both
// are made here from the Tool's declarations (its name, operands and
// flags, each flag with its usage text) and its doc.go's prose, as
// golang.org/x/tools' cmd/deadcode prints its doc.go and then the flags
// its declarations make; internal/docgen makes the man pages and the
// shell completions from the same declarations (FlagDoc). No flag is
// written a second time by hand, so none can drift.

// Help returns the package comment of a command's doc.go source as plain
// text, with the "//" markers removed and code lines indented by four
// spaces instead of a tab.
func Help(src string) string {
	var b strings.Builder
	b.Grow(len(src))
	for {
		l, rest, more := strings.Cut(src, "\n")
		if strings.HasPrefix(l, "package ") {
			break
		}
		l = strings.TrimPrefix(l, "//")
		if code, ok := strings.CutPrefix(l, "\t"); ok {
			l = "    " + code
		} else {
			l = strings.TrimPrefix(l, " ")
		}
		b.WriteString(l)
		b.WriteString("\n")
		if !more {
			break
		}
		src = rest
	}
	return b.String()
}

// Prose returns the manual's text (Help) cut after its first paragraph,
// the one-line description: first is that paragraph as one line, rest
// what follows the blank line after it.
func Prose(doc string) (first, rest string) {
	text := Help(doc)
	para, rest, _ := strings.Cut(text, "\n\n")
	return strings.Join(strings.Fields(para), " "), strings.TrimLeft(rest, "\n")
}

// FlagDoc is what the help, the manual, the man page and the completions
// say of a flag, all of it read from the flag's declaration: its names,
// its Usage (a line; a word in backquotes there is the value's
// placeholder, as urfave/cli reads it: "write to `FILE`"), its default
// and, for a Choice, its words.
type FlagDoc struct {
	Names   []string // as typed, one-letter names first: "-o", "--output"
	Value   string   // the value's placeholder ("FILE", "none|primary|all"); "" for a flag that takes none
	Usage   string   // the usage line, without the backquotes
	Default string   // the default, when it says something ("" else)
	Choices []string // a Choice's words
	File    bool     // the value is, or may be, a file's name
}

// Head returns the flag as a list of flags shows it: "-o, --output FILE".
func (d FlagDoc) Head() string {
	h := strings.Join(d.Names, ", ")
	if d.Value != "" {
		h += " " + d.Value
	}
	return h
}

// choicesShown reports whether d's placeholder lists its choices.
func (d FlagDoc) choicesShown() bool {
	return d.Choices != nil && d.Value == strings.Join(d.Choices, "|")
}

// Describe returns what f's declaration says of it.
func Describe(f cli.Flag) FlagDoc {
	var d FlagDoc
	names := slices.Clone(f.Names())
	slices.SortStableFunc(names, func(a, b string) int { return min(len(a), 2) - min(len(b), 2) })
	for _, n := range names {
		d.Names = append(d.Names, dashed(n))
	}
	dg, ok := f.(cli.DocGenerationFlag)
	if !ok {
		return d
	}
	var placeholder string
	placeholder, d.Usage = unquoteUsage(dg.GetUsage())
	d.Default = defaultText(dg.GetDefaultText())
	switch f := f.(type) {
	case *cli.BoolFlag:
		if d.Default == "false" {
			d.Default = ""
		}
		return d
	case *cli.IntFlag, *cli.Int64Flag, *cli.UintFlag, *cli.Uint64Flag:
		d.Value = "N"
	case *cli.Float64Flag:
		d.Value = "X"
	case *cli.StringFlag:
		d.Value, d.File = "TEXT", f.TakesFile
	case *cli.StringSliceFlag:
		d.Value, d.File = "TEXT", f.TakesFile
	case *cli.GenericFlag:
		d.Value, d.File = "VALUE", f.TakesFile
		if _, dur := f.Value.(*seconds); dur {
			d.Value = "T"
		}
		if c := choiceOf(f); c != nil {
			d.Choices, d.File = c.Words, d.File || c.File
			if words := strings.Join(c.Words, "|"); !c.File && len(words) <= 20 {
				d.Value = words
			}
		}
	}
	if placeholder != "" && !d.choicesShown() {
		d.Value = placeholder
	}
	return d
}

// defaultText returns a default as the help says it: unquoted, and "" for
// a zero value or a negative number (a flag's "not given").
func defaultText(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		s = u
	}
	if s == "0" || s == "0s" || strings.HasPrefix(s, "-") && s != "-" {
		return ""
	}
	return s
}

// unquoteUsage returns the word in backquotes in usage, the placeholder
// of the flag's value, and usage without the backquotes, as urfave/cli
// reads them ("write to `FILE`" is "FILE", "write to FILE").
func unquoteUsage(usage string) (placeholder, text string) {
	i := strings.IndexByte(usage, '`')
	if i < 0 {
		return "", usage
	}
	j := strings.IndexByte(usage[i+1:], '`')
	if j < 0 {
		return "", usage
	}
	placeholder = usage[i+1 : i+1+j]
	return placeholder, usage[:i] + placeholder + usage[i+2+j:]
}

// Docs returns what the declarations of flags say of each visible one.
func Docs(flags []cli.Flag) []FlagDoc {
	var ds []FlagDoc
	for _, f := range flags {
		if v, ok := f.(cli.VisibleFlag); ok && !v.IsVisible() {
			continue
		}
		ds = append(ds, Describe(f))
	}
	return ds
}

// Synopsis returns how the command c of t (nil: t itself) is called:
// "queens2cnf [flags] [--n] N", "satbench run [flags] [FILE...]"; for a
// tool with commands, "satbench run|report [flags] ...".
func (t *Tool) Synopsis(c *Command) string {
	s := t.name()
	ops := t.Operands
	switch {
	case c != nil:
		s += " " + c.Name
		ops = c.Operands
	case len(t.Commands) > 0:
		var names []string
		for _, c := range t.Commands {
			names = append(names, c.Name)
		}
		s += " " + strings.Join(names, "|")
		ops = "..."
	}
	s += " [flags]"
	if ops != "" {
		s += " " + ops
	}
	return s
}

// usageLine returns the line printed under a usage error of the command c
// of t (nil: t itself): "usage: " and its Synopsis.
func (t *Tool) usageLine(c *Command) string {
	return "usage: " + t.Synopsis(c)
}

// Summary returns what -h prints for the command c of t (nil: t itself):
// the synopsis, the one-line description, one line per flag (or per
// command, for a tool with commands) and where the manual is.
func (t *Tool) Summary(c *Command) string {
	var b strings.Builder
	name := t.name()
	fmt.Fprintf(&b, "usage: %s\n\n", t.Synopsis(c))
	first, _ := Prose(t.Doc)
	flags := t.Flags
	if c != nil {
		first, flags = c.Usage, c.Flags
	}
	if first != "" {
		b.WriteString(first + "\n\n")
	}
	if c == nil && len(t.Commands) > 0 {
		b.WriteString("Commands:\n")
		var rows [][2]string
		for _, c := range t.Commands {
			rows = append(rows, [2]string{c.Name, c.Usage})
		}
		writeColumns(&b, rows)
	}
	if len(flags) > 0 || c == nil && len(t.Commands) == 0 {
		if c == nil && len(t.Commands) > 0 {
			b.WriteString("\n")
		}
		b.WriteString("Flags:\n")
		var rows [][2]string
		for _, d := range Docs(flags) {
			rows = append(rows, [2]string{d.Head(), d.Usage + d.extra(50)})
		}
		writeColumns(&b, rows)
	}
	if c == nil && len(t.Commands) > 0 {
		fmt.Fprintf(&b, "\n%s COMMAND -h lists the flags of COMMAND.", name)
	}
	fmt.Fprintf(&b, "\n%s --help prints the manual (also man %s).\n", name, name)
	return b.String()
}

// extra returns what a summary adds after a flag's usage: its choices
// (when its placeholder does not show them and they take at most width
// bytes) and its default, as " (a, b or c; default a)", or "".
func (d FlagDoc) extra(width int) string {
	var parts []string
	if words := orList(d.Choices); d.Choices != nil && !d.choicesShown() && len(words) <= width {
		parts = append(parts, words)
	}
	if d.Default != "" {
		parts = append(parts, "default "+d.Default)
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// writeColumns writes rows as two columns, the first padded to the
// widest (up to 26 bytes; a wider one pushes its row's second column
// along).
func writeColumns(b *strings.Builder, rows [][2]string) {
	w := 0
	for _, r := range rows {
		if n := len(r[0]); n <= 26 {
			w = max(w, n)
		}
	}
	for _, r := range rows {
		line := "  " + r[0]
		if r[1] != "" {
			line += strings.Repeat(" ", max(w-len(r[0]), 0)) + "  " + r[1]
		}
		b.WriteString(line + "\n")
	}
}

// Source returns the tool's doc.go source, Doc, with More's text at the
// end of its package comment: the manual's and the man page's source.
func (t *Tool) Source() string {
	if t.More == nil {
		return t.Doc
	}
	i := strings.LastIndex(t.Doc, "\npackage ")
	if i < 0 {
		return t.Doc
	}
	var b strings.Builder
	b.WriteString(t.Doc[:i+1])
	b.WriteString("//\n")
	for l := range strings.Lines(t.More()) {
		l = strings.TrimRight(l, "\n")
		switch {
		case l == "":
			b.WriteString("//\n")
		case l[0] == '\t':
			b.WriteString("//" + l + "\n")
		default:
			b.WriteString("// " + l + "\n")
		}
	}
	b.WriteString(t.Doc[i+1:])
	return b.String()
}

// Manual returns what --help prints: the doc.go prose with the synopsis
// after its first paragraph, then the flags, each with its usage, its
// choices and its default.
func (t *Tool) Manual() string {
	var b strings.Builder
	first, rest := Prose(t.Source())
	b.WriteString(first + "\n\nUsage:\n\n")
	if len(t.Commands) == 0 {
		b.WriteString("    " + t.Synopsis(nil) + "\n")
	}
	for _, c := range t.Commands {
		b.WriteString("    " + t.Synopsis(c) + "\n")
	}
	b.WriteString("\n" + strings.TrimRight(rest, "\n") + "\n")
	if len(t.Flags) > 0 || len(t.Commands) == 0 {
		b.WriteString("\nFlags:\n\n")
		writeFlagList(&b, t.Flags)
	}
	for _, c := range t.Commands {
		fmt.Fprintf(&b, "\nFlags of %s %s:\n\n", t.name(), c.Name)
		writeFlagList(&b, c.Flags)
	}
	b.WriteString("\n" + CommonFlags + "\n")
	return b.String()
}

// CommonFlags is what the manual says of the flags and the command line
// every pipesat command shares, after its flags.
const CommonFlags = `-h prints a summary of the flags, --help this manual, --version the
command's name and version. Options may also follow the operands; "--"
ends them.`

// writeFlagList writes the manual's list of flags: each flag's head,
// then its usage, default and choices on the next line, indented.
func writeFlagList(b *strings.Builder, flags []cli.Flag) {
	for _, d := range Docs(flags) {
		b.WriteString("  " + d.Head() + "\n")
		line := d.Usage
		if d.Default != "" {
			line += " (default " + d.Default + ")"
		}
		if line != "" {
			b.WriteString("        " + line + "\n")
		}
		if d.Choices != nil && !d.choicesShown() {
			or := ""
			if d.File {
				or = ", or a file"
			}
			fmt.Fprintf(b, "        %s is %s%s\n", d.Value, orList(d.Choices), or)
		}
	}
}
