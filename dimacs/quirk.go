package dimacs

import (
	"fmt"
	"strings"
)

// Kinds of quirks.
const (
	quirkNone   = iota
	quirkText   // cnfParser.quirk says what
	quirkZeros  // a literal with qa leading zeros and the value qb
	quirkSecond // a second clause on the line
	quirkEnds   // the clause of line qa ends on this line
)

// noteQuirk records what as the quirk on the current line unless an
// earlier one was. Callers check ps.qkind == quirkNone first when
// building what costs something.
func (ps *cnfParser) noteQuirk(what string) {
	if ps.qkind == quirkNone {
		ps.qkind, ps.qline, ps.quirk = quirkText, ps.line, what
	}
}

// quirkText returns the phrase of Formula.Quirk.
func (ps *cnfParser) quirkText() string {
	var what string
	switch ps.qkind {
	case quirkNone:
		return ""
	case quirkText:
		what = ps.quirk
	case quirkZeros:
		// A reader that takes "010" for octal (strtol with base 0)
		// reads another variable.
		lit := strings.Repeat("0", min(ps.qa, cnfMaxShown+1))
		if ps.qb < 0 {
			lit = "-" + lit + itoa(-ps.qb)
		} else if ps.qb > 0 {
			lit += itoa(ps.qb)
		}
		what = fmt.Sprintf("literal %q with leading zeros", cnfShorten(lit))
	case quirkSecond:
		// cryptominisat5 wants each clause on a line of its own.
		what = "a second clause on the line"
	case quirkEnds:
		what = "the clause of line " + itoa(ps.qa) + " ends here"
	}
	return "line " + itoa(ps.qline) + ": " + what
}

// zerosQuirk notes the literal at buf[i], which has leading zeros, as the
// quirk. It is not inlined, to keep literals small.
//
//go:noinline
func (ps *cnfParser) zerosQuirk(i int) {
	buf := ps.buf
	neg := buf[i] == '-'
	if neg {
		i++
	}
	z := 0
	for i < len(buf) && buf[i] == '0' {
		i++
		z++
	}
	v := 0
	for n := 0; i < len(buf) && buf[i]-'0' <= 9 && n < 18; n++ {
		v = v*10 + int(buf[i]-'0')
		i++
	}
	if neg {
		v = -v
	}
	ps.qkind, ps.qline, ps.qa, ps.qb = quirkZeros, ps.line, z, v
}
