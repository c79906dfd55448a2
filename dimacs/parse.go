package dimacs

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/bits"

	"github.com/pipesat/pipesat/textpos"
)

// cnfParser holds the state of one Parse. The input is read through br's
// buffer without copying: buf is a Peek at it, p the next byte to look at.
type cnfParser struct {
	br   *bufio.Reader
	name string
	ctx  context.Context // nil: never cancelled
	h    Handler
	fr   *cnfFormulaReader // h, when Read called Parse: a direct call is faster
	ck   *cnfChecker       // h, when ReadCheck called Parse: likewise
	keep *cnfFormulaReader // what keeps the comments, when Read or ReadTee called Parse

	maxVars, maxClauses int
	relaxed             bool

	buf  []byte // the bytes of the input from offset base on
	p    int    // next byte of buf
	base int64  // input offset of buf[0]
	eof  bool   // buf ends where the input ends

	line      int   // 1-based line of buf[p]
	lineStart int64 // input offset of that line's first byte

	header        bool
	headerLine    int
	vars, clauses int // the header's counts
	count         int // clauses read so far
	open          bool
	clauseLine    int // line the open (or else the last) clause started on
	lits          []int32
	text          []byte // scratch for comment and header lines

	// The first thing in the input that a solver reading the bytes
	// itself may take differently from Parse (Formula.Quirk): its kind
	// (quirkNone if none yet), line and what else quirkText needs. The
	// hot loop (literals) only stores numbers here: calls and messages
	// there cost 10% of Parse's speed.
	qkind  int
	qline  int
	qa, qb int
	quirk  string // the message of a quirkText

	// The start of the current line when refill moved buf past it, so
	// that an error can quote the line (textpos.Error.Source): kept[:nkept],
	// at most textpos.MaxCaretLine+1 bytes from input offset keptStart.
	// refill copies them once per cnfChunk, never the hot loop. (An array
	// and a length, not a slice into it: that would move the parser to the
	// heap.)
	kept      [textpos.MaxCaretLine + 1]byte
	nkept     int
	keptStart int64
}

// refill moves buf on to p and looks at up to a buffer (cnfChunk) more bytes, unless
// ps.ctx has ended.
func (ps *cnfParser) refill() error {
	if ps.ctx != nil {
		if err := ps.ctx.Err(); err != nil {
			return fmt.Errorf("%s: %w", ps.name, err)
		}
	}
	if ps.p > 0 {
		ps.keepLine()
		ps.br.Discard(ps.p) // cannot fail: those bytes were peeked
		ps.base += int64(ps.p)
		ps.p = 0
	}
	b, err := ps.br.Peek(ps.br.Size())
	ps.buf = b
	switch err {
	case nil:
	case io.EOF:
		ps.eof = true
	default:
		return fmt.Errorf("%s: %w", ps.name, err)
	}
	return nil
}

// ensure makes at least n bytes from p available unless the input ends
// first.
func (ps *cnfParser) ensure(n int) error {
	if len(ps.buf)-ps.p >= n || ps.eof {
		return nil
	}
	return ps.refill()
}

// errAt returns a *textpos.Error at input offset off, which must be on the
// current line.
func (ps *cnfParser) errAt(off int64, format string, args ...any) error {
	return &textpos.Error{
		Name:   ps.name,
		Pos:    textpos.Pos{Line: ps.line, Col: int(off-ps.lineStart) + 1},
		Msg:    fmt.Sprintf(format, args...),
		Source: ps.source(),
	}
}

// keepLine saves the bytes of the current line that refill is about to
// move buf past, up to what source needs.
func (ps *cnfParser) keepLine() {
	if ps.lineStart >= ps.base {
		from := int(ps.lineStart - ps.base)
		ps.nkept = copy(ps.kept[:], ps.buf[from:min(ps.p, from+len(ps.kept))])
		ps.keptStart = ps.lineStart
	} else if ps.keptStart == ps.lineStart {
		ps.nkept += copy(ps.kept[ps.nkept:], ps.buf[:ps.p])
	}
}

// source returns the current line as textpos.LineAt does, or "" when its
// end is not buffered yet (a short line across the buffer's edge: rare, and
// reading on to find it could block on a slow pipe).
func (ps *cnfParser) source() string {
	const max = len(ps.kept)
	var line []byte
	if ps.lineStart >= ps.base {
		line = ps.buf[ps.lineStart-ps.base:]
	} else if ps.keptStart == ps.lineStart {
		line = append(ps.kept[:ps.nkept:ps.nkept], ps.buf[:min(len(ps.buf), max)]...)
	} else {
		return ""
	}
	line = line[:min(len(line), max)]
	if len(line) < max && !ps.eof && bytes.IndexByte(line, '\n') < 0 {
		return ""
	}
	return textpos.LineAt(line)
}

// errHere returns a *textpos.Error at buf[p].
func (ps *cnfParser) errHere(format string, args ...any) error {
	return ps.errAt(ps.base+int64(ps.p), format, args...)
}

const cnfMaxShown = 40 // bytes of a bad token quoted in a message

// token returns the text of the token at buf[i], up to the next blank,
// line end or the end of what is buffered, shortened for messages.
func (ps *cnfParser) token(i int) string {
	j := i
	for j < len(ps.buf) && j-i <= cnfMaxShown {
		c := ps.buf[j]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			break
		}
		j++
	}
	if j-i > cnfMaxShown {
		return string(ps.buf[i:i+cnfMaxShown]) + "..."
	}
	return string(ps.buf[i:j])
}

func (ps *cnfParser) binaryErr() error {
	return ps.errHere("binary data: unexpected byte %q", string(ps.buf[ps.p:ps.p+1]))
}

func (ps *cnfParser) run() error {
	if err := ps.refill(); err != nil {
		return err
	}
	if len(ps.buf) >= 3 && string(ps.buf[:3]) == "\xef\xbb\xbf" {
		return ps.errHere("UTF-8 byte order mark (BOM) at start of input")
	}
	atStart := true // no token yet on this line
	for {
		if ps.p >= len(ps.buf) {
			if ps.eof {
				return ps.finish()
			}
			if err := ps.refill(); err != nil {
				return err
			}
			continue
		}
		c := ps.buf[ps.p]
		switch {
		case c == ' ' || c == '\t':
			// kissat wants comments and the header at the start of a
			// line; cryptominisat5 reads no tab between literals.
			if !ps.header {
				ps.noteQuirk("blank at the start of a line before the header")
			} else if c == '\t' {
				ps.noteQuirk("tab outside a comment")
			}
			ps.p++
		case c == '\n':
			ps.p++
			ps.line++
			ps.lineStart = ps.base + int64(ps.p)
			atStart = true
		case c-'0' <= 9 || c == '-':
			var err error
			if atStart, err = ps.literals(); err != nil {
				return err
			}
		case c == '\r':
			if err := ps.crlf(); err != nil {
				return err
			}
		case atStart && c == 'c':
			if ps.open && ps.qkind == quirkNone {
				// minisat and cryptominisat5 read no comment there.
				ps.noteQuirk("comment inside the clause of line " + itoa(ps.clauseLine))
			}
			if err := ps.comment(); err != nil {
				return err
			}
		case atStart && c == 'p':
			if err := ps.parseHeader(); err != nil {
				return err
			}
		case atStart && c == '%':
			return ps.trailer()
		case c < 0x20 || c == 0x7f:
			return ps.binaryErr()
		default:
			return ps.errHere("%q is not a literal", ps.token(ps.p))
		}
	}
}

const cnfMaxLit = 64 // bytes looked at before a literal without reading on

// literals reads literals from buf[p], which holds a digit or '-', across
// blanks and line ends, until something else: the hot loop of Parse. It
// reports whether it stopped at the start of a line. What happens once
// per clause (opening and ending it) and a literal's leading zeros are
// methods of their own; the digits and blanks of every literal stay here.
func (ps *cnfParser) literals() (atStart bool, err error) {
	buf, p := ps.buf, ps.p
	lits := ps.lits
	vars := uint64(ps.vars)
	for {
		if len(buf)-p < cnfMaxLit && !ps.eof {
			ps.p = p
			if err := ps.refill(); err != nil {
				return false, err
			}
			buf, p = ps.buf, ps.p
		}
		start := p
		startOff := ps.base + int64(start)
		neg := buf[p] == '-'
		if neg {
			p++
		}
		sig := p // first significant digit
		var v uint64
		n, w := 8, uint64(0)
		if len(buf)-p >= 8 {
			w = binary.LittleEndian.Uint64(buf[p:])
			n = cnfDigitCount(w)
		}
		if n < 8 && (n < 2 || buf[p] != '0') {
			// The common case, up to 7 digits without leading zeros, at
			// once. All n are significant, but "0" has none: v >= n
			// unless v is 0.
			v, p = cnfDigitValue(w, n), p+n
			sig = p - min(n, int(v))
		} else {
			p, v = ps.digits(start, p)
			sig = p - cnfSigDigits(buf, start, p)
		}
		nsig := p - sig
		long := "" // the literal's text for messages when it ran past buf
		if p == len(buf) && !ps.eof {
			// Many leading zeros, or too long to be a literal: read on,
			// so that where the buffer ends does not change the verdict.
			ps.p, ps.lits = start, lits
			if neg, nsig, v, long, err = ps.longLiteral(); err != nil {
				return false, err
			}
			buf, p = ps.buf, ps.p
		} else if cnfBadLiteral(buf, start, p, neg, nsig) {
			return false, ps.badLiteral(start, p)
		}
		if !ps.open {
			if ps.line == ps.clauseLine && ps.qkind == quirkNone {
				// The last clause started on this line and, had it
				// gone on past it, would have been noted.
				ps.qkind, ps.qline = quirkSecond, ps.line
			}
			if !ps.header || ps.count >= ps.clauses && !ps.relaxed {
				return false, ps.openErr(start, startOff, long)
			}
			ps.open = true
			ps.clauseLine = ps.line
		}
		if nsig > 10 || v > vars {
			return false, ps.errAt(startOff, "literal %q exceeds the header's variable count %d", ps.litText(start, long), ps.vars)
		}
		switch {
		case v == 0:
			if ps.line != ps.clauseLine && ps.qkind == quirkNone {
				ps.qkind, ps.qline, ps.qa = quirkEnds, ps.line, ps.clauseLine
			}
			ps.open = false
			ps.count++
			if ps.fr != nil {
				ps.fr.add(lits, ps.clauseLine)
				lits = ps.fr.f.room() // the next clause's literals go in place
			} else if ps.ck != nil {
				ps.ck.check(lits, ps.clauseLine)
				lits = lits[:0]
			} else if err := ps.h.Clause(lits, ps.clauseLine); err != nil {
				return false, err
			} else {
				lits = lits[:0]
			}
		case neg:
			lits = append(lits, -int32(v))
		default:
			lits = append(lits, int32(v))
		}
		// Blanks and line ends, then another literal, or back to run.
		p, atStart = ps.blanks(buf, p)
		if !cnfLiteralAt(buf, p) {
			ps.p, ps.lits = p, lits
			return atStart, nil
		}
	}
}

// digits reads the digits of the literal at buf[start] from buf[p],
// where the sign ends, one by one (cnfDigits8 found 8 or more, leading
// zeros, or fewer than 8 bytes left), and returns where they end and
// their value (meaningful up to 19 significant digits).
func (ps *cnfParser) digits(start, p int) (int, uint64) {
	buf := ps.buf
	if p < len(buf) && buf[p] == '0' {
		// "0" ends a clause: look no further unless a digit follows.
		p++
		if cnfDigitAt(buf, p) {
			p = ps.zeros(start, p)
		}
	}
	var v uint64
	for p < len(buf) {
		d := buf[p] - '0'
		if d > 9 {
			break
		}
		v = v*10 + uint64(d)
		p++
	}
	return p, v
}

// cnfSigDigits returns how many significant digits end at buf[p] in the
// literal at buf[start]: its digits after its sign and leading zeros.
func cnfSigDigits(buf []byte, start, p int) int {
	q := start
	if q < p && buf[q] == '-' {
		q++
	}
	for q < p && buf[q] == '0' {
		q++
	}
	return p - q
}

// cnfDigitCount returns how many decimal digits start the eight bytes
// of w (the first in its low byte), up to 8: the digits of a literal
// without a branch per digit, whose mispredicted end cost more than the
// rest of the hot loop. The caller reads them one by one when 8.
func cnfDigitCount(w uint64) int {
	// A byte's high bit is set in w-0x30.. below '0', in w+0x46.. above
	// '9'; a borrow or carry only reaches bytes after the first non-digit.
	nondigit := ((w - 0x3030303030303030) | (w + 0x4646464646464646)) & 0x8080808080808080
	return bits.TrailingZeros64(nondigit) >> 3
}

// cnfDigitValue returns the value of the first n < 8 digits of w
// (cnfDigitCount): those digits moved to the top bytes with zeros below
// them, then the digits of each pair, each quad and all eight combined.
func cnfDigitValue(w uint64, n int) uint64 {
	x := ((w - 0x3030303030303030) << (64 - 8*uint(n))) & 0x0F0F0F0F0F0F0F0F
	x = (x * 2561) >> 8 & 0x00FF00FF00FF00FF
	x = (x * 6553601) >> 16 & 0x0000FFFF0000FFFF
	return (x * 42949672960001) >> 32
}

// zeros reads past the leading zeros at buf[p] of the literal at
// buf[start], a quirk, and returns where its significant digits start.
func (ps *cnfParser) zeros(start, p int) int {
	if ps.qkind == quirkNone {
		ps.zerosQuirk(start)
	}
	for p < len(ps.buf) && ps.buf[p] == '0' {
		p++
	}
	return p
}

// openErr returns the error for the literal at buf[start] (offset
// startOff; long its text when it ran past the buffer) that would open a
// clause where none may be: before the header, or past its clause count.
func (ps *cnfParser) openErr(start int, startOff int64, long string) error {
	if !ps.header {
		return ps.errAt(startOff, "%q before the \"p cnf\" header", ps.litText(start, long))
	}
	return ps.errAt(startOff, "more clauses than the header's %d", ps.clauses)
}

// blanks skips the blanks and line ends from buf[p] and returns where
// the next token starts and whether a line ended on the way. A tab stops
// it too: run notes it. Small enough to be inlined in literals.
func (ps *cnfParser) blanks(buf []byte, p int) (int, bool) {
	atStart := false
	for p < len(buf) {
		c := buf[p]
		if c == ' ' {
			p++
		} else if c == '\n' {
			p++
			ps.line++
			ps.lineStart = ps.base + int64(p)
			atStart = true
		} else {
			break
		}
	}
	return p, atStart
}

// cnfDigitAt reports whether buf[p] is a digit.
func cnfDigitAt(buf []byte, p int) bool {
	return p < len(buf) && buf[p]-'0' <= 9
}

// cnfLiteralAt reports whether a literal starts at buf[p]: a digit or
// '-'.
func cnfLiteralAt(buf []byte, p int) bool {
	return p < len(buf) && (buf[p]-'0' <= 9 || buf[p] == '-')
}

// litText returns the text of the literal at buf[start] for a message, or
// long if that is not empty (the literal ran past the buffer).
func (ps *cnfParser) litText(start int, long string) string {
	if long != "" {
		return long
	}
	return ps.token(start)
}

// longLiteral reads the literal at buf[p] that runs past the end of buf,
// reading on as often as it takes, and leaves p after it. It returns its
// sign, its number of significant digits, its value (meaningful up to 19
// digits) and its text shortened for messages; or the error for a token
// that is not a literal.
func (ps *cnfParser) longLiteral() (neg bool, nsig int, v uint64, text string, err error) {
	start := ps.base + int64(ps.p)
	p := ps.p
	neg = ps.buf[p] == '-'
	var shown []byte // the first bytes of the token, for messages
	zeros, digits := 0, 0
	for {
		if p == len(ps.buf) {
			if ps.eof {
				break
			}
			ps.p = p
			if err := ps.refill(); err != nil {
				return false, 0, 0, "", err
			}
			p = ps.p
			continue
		}
		c := ps.buf[p]
		if c == '-' && len(shown) == 0 && neg {
			// the sign
		} else if c-'0' <= 9 {
			digits++
			if c == '0' && nsig == 0 {
				zeros++
			}
			if c != '0' || nsig > 0 {
				nsig++
				if nsig <= 19 {
					v = v*10 + uint64(c-'0')
				}
			}
		} else {
			break
		}
		if len(shown) <= cnfMaxShown {
			shown = append(shown, c)
		}
		p++
	}
	ps.p = p
	text = cnfShorten(string(shown))
	if p < len(ps.buf) && !cnfDelim(ps.buf[p]) {
		if c := ps.buf[p]; c < 0x20 || c == 0x7f {
			return false, 0, 0, "", ps.binaryErr()
		}
		return false, 0, 0, "", ps.errAt(start, "%q is not a literal", cnfShorten(string(shown)+ps.token(p)))
	}
	if neg && nsig == 0 {
		return false, 0, 0, "", ps.errAt(start, "%q is not a literal", text)
	}
	if zeros > 0 && digits > 1 && ps.qkind == quirkNone {
		ps.noteQuirk(fmt.Sprintf("literal %q with leading zeros", text))
	}
	return neg, nsig, v, text, nil
}

// cnfShorten shortens a token's text for messages, as token does.
func cnfShorten(s string) string {
	if len(s) > cnfMaxShown {
		return s[:cnfMaxShown] + "..."
	}
	return s
}

// badLiteral returns the error for the token at buf[start] that is not a
// literal; buf[p] is where reading it stopped.
func (ps *cnfParser) badLiteral(start, p int) error {
	if p < len(ps.buf) && (ps.buf[p] < 0x20 || ps.buf[p] == 0x7f) && !cnfDelim(ps.buf[p]) {
		ps.p = p
		return ps.binaryErr()
	}
	return ps.errAt(ps.base+int64(start), "%q is not a literal", ps.token(start))
}

func cnfDelim(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

// cnfBadLiteral reports whether the token at buf[start:p], read as a
// literal (neg: with a '-'; nsig significant digits), is none: it runs
// on into something that is no delimiter, or is a '-' without digits.
// Small enough to be inlined in the hot loop of literals.
func cnfBadLiteral(buf []byte, start, p int, neg bool, nsig int) bool {
	return p < len(buf) && !cnfDelim(buf[p]) || p == start+1 && neg || neg && nsig == 0
}

// trailer reads the SATLIB trailer at buf[p] == '%', at the start of a
// line: the "%" line (what follows the "%" on it is part of it), then
// optionally a line holding just "0", then nothing but blanks and line ends
// up to the end of the input. The formula ends at the "%", where finish
// checks it; the "0" is not a clause (a solver that reads on takes it for
// an empty clause, so the file gets the canonical copy: a quirk). Anything
// else after the "%" is an error in every mode: ending the formula there
// would drop it, reading on would read another formula than SATLIB meant.
func (ps *cnfParser) trailer() error {
	if err := ps.finish(); err != nil {
		return err
	}
	ps.noteQuirk(`SATLIB "%" trailer`)
	pct := ps.line
	if _, err := ps.scanLine(0, math.MaxInt64); err != nil { // the "%" line: any length
		return err
	}
	zero := false // the "0" line was read
	for {
		if ps.p >= len(ps.buf) {
			if ps.eof {
				return nil
			}
			if err := ps.refill(); err != nil {
				return err
			}
			continue
		}
		switch c := ps.buf[ps.p]; {
		case c == ' ' || c == '\t':
			ps.p++
		case c == '\n':
			ps.p++
			ps.line++
			ps.lineStart = ps.base + int64(ps.p)
		case c == '\r':
			if err := ps.crlf(); err != nil {
				return err
			}
		case c == '0' && !zero && ps.line == pct+1:
			if err := ps.ensure(2); err != nil {
				return err
			}
			if ps.p+1 < len(ps.buf) && !cnfDelim(ps.buf[ps.p+1]) {
				return ps.afterTrailer(pct)
			}
			zero = true
			ps.p++
		default:
			return ps.afterTrailer(pct)
		}
	}
}

// afterTrailer returns the error for what stands at buf[p] after the
// SATLIB trailer whose "%" is on line pct.
func (ps *cnfParser) afterTrailer(pct int) error {
	if c := ps.buf[ps.p]; c < 0x20 || c == 0x7f {
		return ps.binaryErr()
	}
	return ps.errHere(`%q after the SATLIB "%%" trailer of line %d: only a "0" line and the end of the input may follow its "%%" line`, ps.token(ps.p), pct)
}

// crlf steps over the CR at buf[p], which must start a CRLF line end: a
// CR on its own is no line end to every solver (kissat refuses it, others
// read it as a blank), and at the end of the input it is a CRLF cut short.
func (ps *cnfParser) crlf() error {
	if err := ps.ensure(2); err != nil {
		return err
	}
	if ps.p+1 >= len(ps.buf) || ps.buf[ps.p+1] != '\n' {
		return ps.errHere("CR not followed by LF: line ends are LF or CRLF")
	}
	ps.noteQuirk("CR line end")
	ps.p++
	return nil
}

// finish checks what must hold where the formula ends, at buf[p].
func (ps *cnfParser) finish() error {
	if !ps.header {
		return ps.errHere("missing \"p cnf VARS CLAUSES\" header")
	}
	if ps.open {
		return ps.errHere("missing final 0 of the clause that starts on line %d", ps.clauseLine)
	}
	if ps.count != ps.clauses && !ps.relaxed {
		return ps.errHere("found %d clauses, the header declares %d", ps.count, ps.clauses)
	}
	return nil
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
