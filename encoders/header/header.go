package header

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
)

// Header is the provenance of a CNF file: the tool and version that wrote
// it, the tool's command-line arguments (without the program name) and
// the encoding it chose.
type Header struct {
	Tool     string   // e.g. "nono2cnf"
	Version  string   // e.g. "v0.3.1" or "(devel)"; may be empty
	Args     []string // os.Args[1:]
	Encoding string   // e.g. "runs"; may be empty
}

// Lines returns the header's comment texts (without "c "): "pipesat tool
// TOOL VERSION", "pipesat args ARGS" with each argument shell-quoted, and
// "pipesat encoding E" when Encoding is set. It returns nil when Tool is
// empty, so an encoder called without a header writes none.
func (h Header) Lines() []string {
	if h.Tool == "" {
		return nil
	}
	tool := "pipesat tool " + h.Tool
	if h.Version != "" {
		tool += " " + h.Version
	}
	q := make([]string, len(h.Args))
	for i, a := range h.Args {
		q[i] = Quote(a)
	}
	out := []string{tool, strings.TrimRight("pipesat args "+strings.Join(q, " "), " ")}
	if h.Encoding != "" {
		out = append(out, "pipesat encoding "+h.Encoding)
	}
	return out
}

// Write appends h's lines to f's comments.
func (h Header) Write(f *dimacs.Formula) {
	f.Comments = append(f.Comments, h.Lines()...)
}

// Read returns the header among comment texts lines (without "c "), and
// false if there is no "pipesat tool" line.
func Read(lines []string) (Header, bool, error) {
	var h Header
	found := false
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "pipesat tool "):
			f := strings.Fields(l[len("pipesat tool "):])
			if len(f) < 1 || len(f) > 2 {
				return h, false, fmt.Errorf("header %q: want \"pipesat tool NAME [VERSION]\"", "c "+l)
			}
			h.Tool = f[0]
			if len(f) == 2 {
				h.Version = f[1]
			}
			found = true
		case l == "pipesat args" || strings.HasPrefix(l, "pipesat args "):
			args, err := Split(strings.TrimPrefix(l, "pipesat args"))
			if err != nil {
				return h, false, fmt.Errorf("header %q: %v", "c "+l, err)
			}
			h.Args = args
		case strings.HasPrefix(l, "pipesat encoding "):
			h.Encoding = strings.TrimSpace(l[len("pipesat encoding "):])
		}
	}
	return h, found, nil
}

// safe reports whether a shell reads s back as itself without quotes.
func safe(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		switch {
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9':
		case strings.ContainsRune("-_./=:,+@%^", r):
		default:
			return false
		}
	}
	return true
}

// Quote returns s as a POSIX shell word: unchanged when it needs no
// quotes, in single quotes when it has no control characters, else in
// $'...' with \n, \t, \r, \\, \' and \xHH escapes, so that the result
// fits on one comment line.
func Quote(s string) string {
	if safe(s) {
		return s
	}
	ctl := false
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] == 0x7f {
			ctl = true
		}
	}
	if !ctl {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\\' || c == '\'':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < ' ' || c == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// Split splits a line of words as Quote writes them: unquoted text,
// '...' and $'...' parts, separated by spaces.
func Split(line string) ([]string, error) {
	var out []string
	var w strings.Builder
	in := false // inside a word
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			if in {
				out = append(out, w.String())
				w.Reset()
				in = false
			}
			i++
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("unterminated quote")
			}
			w.WriteString(line[i+1 : i+1+j])
			i += j + 2
			in = true
		case c == '$' && i+1 < len(line) && line[i+1] == '\'':
			i += 2
			for {
				if i >= len(line) {
					return nil, errors.New("unterminated quote")
				}
				c := line[i]
				if c == '\'' {
					i++
					break
				}
				if c != '\\' {
					w.WriteByte(c)
					i++
					continue
				}
				if i+1 >= len(line) {
					return nil, errors.New("unterminated quote")
				}
				switch e := line[i+1]; e {
				case 'n':
					w.WriteByte('\n')
				case 't':
					w.WriteByte('\t')
				case 'r':
					w.WriteByte('\r')
				case '\\', '\'':
					w.WriteByte(e)
				case 'x':
					if i+4 > len(line) {
						return nil, errors.New(`bad \x escape`)
					}
					n, err := strconv.ParseUint(line[i+2:i+4], 16, 8)
					if err != nil {
						return nil, errors.New(`bad \x escape`)
					}
					w.WriteByte(byte(n))
					i += 2
				default:
					return nil, fmt.Errorf(`unknown escape \%c`, e)
				}
				i += 2
			}
			in = true
		case c == '\\' && i+1 < len(line):
			w.WriteByte(line[i+1])
			i += 2
			in = true
		default:
			w.WriteByte(c)
			i++
			in = true
		}
	}
	if in {
		out = append(out, w.String())
	}
	return out, nil
}
