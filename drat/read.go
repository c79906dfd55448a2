package drat

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
)

// Format is the encoding of a proof file.
type Format int

const (
	// Auto detects the format from the first 10 bytes as drat-trim does:
	// any byte other than 'd', '-', a digit, a letter 'A'..'z', space,
	// CR or LF makes the proof binary. A proof starting with "%RUP" (a
	// picosat RUP trace) is text.
	Auto Format = iota
	// Text is the DRAT text format: lemmas as DIMACS clauses, deletions
	// prefixed by "d", comment lines starting with "c". A line starting
	// with "%" is skipped too: picosat -R starts its RUP trace with a
	// "%RUPD32 vars clauses" line.
	Text
	// Binary is the binary DRAT format: 'a' (addition) or 'd' (deletion),
	// then each literal l as the variable-length unsigned number
	// 2|l| + (1 if l < 0), seven bits a byte, low bits first, high bit set
	// on every byte but the last, and a 0 byte ending the step.
	Binary
	// LRAT is an LRAT proof, whose lemmas carry the IDs of the clauses
	// that make them RUP (see checkLRAT): text, or binary when it starts
	// with 'a' or 'd'. Auto never picks it: an LRAT text line reads as a
	// DRAT lemma too.
	LRAT
)

// String returns "auto", "text", "binary" or "lrat".
func (f Format) String() string {
	switch f {
	case Auto:
		return "auto"
	case Text:
		return "text"
	case Binary:
		return "binary"
	case LRAT:
		return "lrat"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// MaxVar is the largest variable the Reader accepts, the largest a Step's
// int32 literal holds. The Checker allows less: the formula's variables
// and ExtraVars more.
const MaxVar = 1<<31 - 1

// Error is an error in a proof: one that cannot be read or a step that
// does not check. Step counts the proof's steps (additions and deletions)
// from 1, Offset is the byte offset of the step's first byte from the
// start of the file, counting from 0. Step 0 means the error is not at a
// step (the proof ended too early, or could not be read at all).
type Error struct {
	Name   string // proof file name, "<stdin>" for standard input
	Step   int
	Offset int64
	Msg    string
}

// Error returns "name: step N at offset B: msg", "name: at offset B:
// msg" when Step is 0, "name: step N: msg" when Offset is negative
// (unknown).
func (e *Error) Error() string {
	if e.Offset < 0 { // unknown: a backward check of a proof it cannot read again
		return fmt.Sprintf("%s: step %d: %s", e.Name, e.Step, e.Msg)
	}
	if e.Step == 0 {
		return fmt.Sprintf("%s: at offset %d: %s", e.Name, e.Offset, e.Msg)
	}
	return fmt.Sprintf("%s: step %d at offset %d: %s", e.Name, e.Step, e.Offset, e.Msg)
}

// Step is one proof step: a lemma added or a clause deleted.
type Step struct {
	Delete bool
	// Lits are the literals in file order; for an addition the first one
	// is the RAT pivot. The slice is reused by the next call to Next.
	Lits   []int32
	Index  int   // from 1
	Offset int64 // of the step's first byte, from 0
}

// Reader reads a proof one step at a time in a single streaming pass.
// Not safe for concurrent use.
type Reader struct {
	br     *bufio.Reader
	name   string
	binary bool
	off    int64 // offset of the next unread byte
	index  int
	lits   []int32
	err    error // sticky
}

// NewReader returns a Reader of the proof r, called name in errors. With
// Auto it peeks at the first bytes to choose between text and binary.
func NewReader(r io.Reader, name string, f Format) *Reader {
	br := bufio.NewReaderSize(r, 64<<10)
	rd := &Reader{br: br, name: name, binary: f == Binary}
	if f == Auto {
		head, _ := br.Peek(10) // a short or failing peek is read again by Next
		rd.binary = !bytes.HasPrefix(head, []byte("%RUP")) && looksBinary(head)
	}
	return rd
}

// looksBinary is drat-trim's rule: a byte outside the text alphabet in the
// first 10 bytes. ('a', the binary addition marker, is inside it, but a
// binary step ends in a 0 byte, which is not.)
func looksBinary(head []byte) bool {
	for _, c := range head {
		switch {
		case c == 'd', c == '\n', c == '\r', c == ' ', c == '-':
		case c >= '0' && c <= '9', c >= 'A' && c <= 'z':
		default:
			return true
		}
	}
	return false
}

// Binary reports whether the proof is read as binary DRAT.
func (r *Reader) Binary() bool { return r.binary }

// Offset returns the number of bytes read so far.
func (r *Reader) Offset() int64 { return r.off }

// Steps returns the number of steps read so far.
func (r *Reader) Steps() int { return r.index }

// Next returns the next step, or io.EOF after the last one. Any other error
// is an *Error (or the underlying read error) and is returned again by every
// later call.
func (r *Reader) Next() (Step, error) {
	if r.err != nil {
		return Step{}, r.err
	}
	var s Step
	var err error
	if r.binary {
		s, err = r.nextBinary()
	} else {
		s, err = r.nextText()
	}
	if err != nil {
		r.err = err
	}
	return s, err
}

func (r *Reader) errAt(step int, off int64, format string, args ...any) error {
	return &Error{Name: r.name, Step: step, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// readErr turns a read error other than io.EOF into an error naming the
// proof; io.EOF is passed on.
func (r *Reader) readErr(err error) error {
	if err == io.EOF {
		return err
	}
	return fmt.Errorf("%s: %w", r.name, err)
}

func (r *Reader) nextBinary() (Step, error) {
	c, err := r.br.ReadByte()
	if err != nil {
		return Step{}, r.readErr(err)
	}
	start := r.off
	r.off++
	r.index++
	s := Step{Index: r.index, Offset: start}
	switch c {
	case 'a':
	case 'd':
		s.Delete = true
	default:
		return Step{}, r.errAt(r.index, start, "byte 0x%02x: expected 'a' (0x61) or 'd' (0x64) starting a binary step", c)
	}
	r.lits = r.lits[:0]
	for {
		var u uint64
		shift := 0
		litOff := r.off
		for {
			b, err := r.br.ReadByte()
			if err != nil {
				if err == io.EOF {
					return Step{}, r.errAt(r.index, start, "truncated: the file ends inside the step (at offset %d) before its 0 byte", r.off)
				}
				return Step{}, r.readErr(err)
			}
			r.off++
			if shift > 28 {
				return Step{}, r.errAt(r.index, start, "literal at offset %d is longer than 5 bytes", litOff)
			}
			u |= uint64(b&0x7f) << shift
			shift += 7
			if b&0x80 == 0 {
				break
			}
		}
		if u == 0 {
			s.Lits = r.lits
			return s, nil
		}
		v := u >> 1
		if v == 0 {
			return Step{}, r.errAt(r.index, start, "literal at offset %d encodes -0", litOff)
		}
		if v > MaxVar {
			return Step{}, r.errAt(r.index, start, "literal at offset %d: variable %d is above the limit %d", litOff, v, MaxVar)
		}
		l := int32(v)
		if u&1 != 0 {
			l = -l
		}
		r.lits = append(r.lits, l)
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// skipSpace skips blanks and comment lines ("c" to the end of the line),
// returning the next byte, not consumed.
func (r *Reader) skipSpace() (byte, error) {
	for {
		c, err := r.br.ReadByte()
		if err != nil {
			return 0, err
		}
		if isSpace(c) {
			r.off++
			continue
		}
		if c == 'c' || c == '%' {
			r.off++
			for {
				line, err := r.br.ReadSlice('\n')
				r.off += int64(len(line))
				if err == nil {
					break
				}
				if err != bufio.ErrBufferFull {
					return 0, err
				}
			}
			continue
		}
		r.br.UnreadByte()
		return c, nil
	}
}

func (r *Reader) nextText() (Step, error) {
	c, err := r.skipSpace()
	if err != nil {
		return Step{}, r.readErr(err)
	}
	start := r.off
	r.index++
	s := Step{Index: r.index, Offset: start}
	if c == 'd' {
		r.br.ReadByte()
		r.off++
		s.Delete = true
		n, err := r.br.Peek(1)
		if err == nil && !isSpace(n[0]) {
			return Step{}, r.errAt(r.index, start, "%q after \"d\": expected a blank", n[0])
		}
	}
	r.lits = r.lits[:0]
	for {
		c, err := r.skipSpace()
		if err != nil {
			if err == io.EOF {
				return Step{}, r.errAt(r.index, start, "truncated: the file ends inside the step (at offset %d) before its 0", r.off)
			}
			return Step{}, r.readErr(err)
		}
		litOff := r.off
		neg := false
		if c == '-' {
			neg = true
			r.br.ReadByte()
			r.off++
		}
		var v uint64
		digits := 0
		for {
			b, err := r.br.ReadByte()
			if err != nil {
				if err != io.EOF {
					return Step{}, r.readErr(err)
				}
				break
			}
			if b < '0' || b > '9' {
				r.br.UnreadByte()
				if !isSpace(b) || digits == 0 {
					return Step{}, r.errAt(r.index, start, "%q at offset %d: expected a literal", r.word(), r.off)
				}
				break
			}
			r.off++
			digits++
			if v <= MaxVar {
				v = v*10 + uint64(b-'0')
			}
		}
		if digits == 0 {
			return Step{}, r.errAt(r.index, start, "truncated: the file ends inside the step (at offset %d) before its 0", r.off)
		}
		if v > MaxVar {
			return Step{}, r.errAt(r.index, start, "literal at offset %d: variable above the limit %d", litOff, MaxVar)
		}
		if v == 0 {
			if neg {
				return Step{}, r.errAt(r.index, start, "\"-0\" at offset %d is not a literal", litOff)
			}
			s.Lits = r.lits
			return s, nil
		}
		l := int32(v)
		if neg {
			l = -l
		}
		r.lits = append(r.lits, l)
	}
}

// word returns the unread bad token for a message: up to 20 bytes until a
// blank, or the one byte if it is not printable ASCII.
func (r *Reader) word() string {
	n, _ := r.br.Peek(20)
	if len(n) == 0 || n[0] < 0x20 || n[0] >= 0x7f {
		return string(n[:min(len(n), 1)])
	}
	i := 0
	for i < len(n) && !isSpace(n[i]) && n[i] >= 0x20 && n[i] < 0x7f {
		i++
	}
	return string(n[:i])
}

// AppendStep appends step s (Delete and Lits) to buf in format f (Text or
// Binary) and returns the extended buffer.
func AppendStep(buf []byte, f Format, s Step) []byte {
	if f == Binary {
		if s.Delete {
			buf = append(buf, 'd')
		} else {
			buf = append(buf, 'a')
		}
		for _, l := range s.Lits {
			u := uint64(l) << 1
			if l < 0 {
				u = uint64(-int64(l))<<1 | 1
			}
			for u >= 0x80 {
				buf = append(buf, byte(u)|0x80)
				u >>= 7
			}
			buf = append(buf, byte(u))
		}
		return append(buf, 0)
	}
	if s.Delete {
		buf = append(buf, "d "...)
	}
	for _, l := range s.Lits {
		buf = strconv.AppendInt(buf, int64(l), 10)
		buf = append(buf, ' ')
	}
	return append(buf, "0\n"...)
}
