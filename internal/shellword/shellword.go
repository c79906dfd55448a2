// Package shellword quotes and splits command lines as a POSIX shell (and
// bash's $'...') writes them: the one place pipesat does so, for the
// command lines in CNF headers (Quote: one line, which Split reads back),
// --solver-cmd (Split) and satbench's plans and scripts (QuotePOSIX: any
// sh runs them).
package shellword

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// safe reports whether s needs no quotes.
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

// Quote returns s as a shell word: unchanged when it needs no quotes, in
// single quotes when it has no control characters, else in bash's $'...'
// with \n, \t, \r, \\, \' and \xHH escapes, so that the result fits on one
// line.
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

// QuotePOSIX returns s as a word any POSIX shell reads (dash, busybox
// sh, not only bash): unchanged when it needs no quotes, else in single
// quotes (a quote in s closes them, is escaped with a backslash and
// opens them again), control characters as they are. POSIX sh
// has no escape for them (dash reads $'\n' as "$" and "\n"), so a
// newline makes the word span two lines: a writer of one command per line
// checks for it.
func QuotePOSIX(s string) string {
	if safe(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// JoinPOSIX returns the words quoted by QuotePOSIX, separated by spaces.
func JoinPOSIX(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = QuotePOSIX(w)
	}
	return strings.Join(q, " ")
}

// Join returns the words quoted by Quote, separated by spaces.
func Join(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = Quote(w)
	}
	return strings.Join(q, " ")
}

// Split splits line into words separated by blanks (space, tab, newline)
// as a shell does, without expanding anything: '...' keeps its text as it
// is; "..." keeps blanks, and a backslash in it escapes $, `, " and \;
// $'...' takes the escapes Quote writes (\n, \t, \r, \\, \', \xHH); a
// backslash elsewhere escapes the next byte. Words may join quoted and
// unquoted parts.
func Split(line string) ([]string, error) {
	var out []string
	var w strings.Builder
	in := false // inside a word
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				out = append(out, w.String())
				w.Reset()
				in = false
			}
			i++
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("unterminated ' quote")
			}
			w.WriteString(line[i+1 : i+1+j])
			i += j + 2
			in = true
		case c == '"':
			for i++; ; i++ {
				if i >= len(line) {
					return nil, errors.New(`unterminated " quote`)
				}
				if line[i] == '"' {
					i++
					break
				}
				if line[i] == '\\' && i+1 < len(line) && strings.IndexByte("$`\"\\", line[i+1]) >= 0 {
					i++
				}
				w.WriteByte(line[i])
			}
			in = true
		case c == '$' && i+1 < len(line) && line[i+1] == '\'':
			n, err := dollarQuote(&w, line[i+2:])
			if err != nil {
				return nil, err
			}
			i += 2 + n
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

// dollarQuote writes to w the text of a $'...' word whose body (after
// "$'") starts s, and returns the bytes of s it read, its closing quote
// included.
func dollarQuote(w *strings.Builder, s string) (int, error) {
	for i := 0; ; {
		if i >= len(s) {
			return 0, errors.New("unterminated $' quote")
		}
		c := s[i]
		if c == '\'' {
			return i + 1, nil
		}
		if c != '\\' {
			w.WriteByte(c)
			i++
			continue
		}
		if i+1 >= len(s) {
			return 0, errors.New("unterminated $' quote")
		}
		switch e := s[i+1]; e {
		case 'n':
			w.WriteByte('\n')
		case 't':
			w.WriteByte('\t')
		case 'r':
			w.WriteByte('\r')
		case '\\', '\'':
			w.WriteByte(e)
		case 'x':
			if i+4 > len(s) {
				return 0, errors.New(`bad \x escape`)
			}
			n, err := strconv.ParseUint(s[i+2:i+4], 16, 8)
			if err != nil {
				return 0, errors.New(`bad \x escape`)
			}
			w.WriteByte(byte(n))
			i += 2
		default:
			return 0, fmt.Errorf(`unknown escape \%c`, e)
		}
		i += 2
	}
}
