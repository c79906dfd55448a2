package nonogram

import (
	"bufio"
	"sort"

	"github.com/pipesat/pipesat/textpos"
)

// xmlKeepBlanks is how much of a run of white space xmlFilter passes on.
const xmlKeepBlanks = 1 << 10

// xmlFilter passes webpbn XML to encoding/xml without its comments and
// with every run of white space cut after xmlKeepBlanks bytes, in one
// pass: the decoder holds a comment or a run of text whole, and no reader
// of a puzzle needs either. It keeps what it takes to say where a
// position of what it passes on was in the input (orig), and the first
// bytes of each input line that holds more than comments and blanks
// (source), so that errors quote their line.
type xmlFilter struct {
	br *bufio.Reader

	state byte // 't' text, '<' in a tag, '"' or '\'' in a quoted value, 'c' in CDATA
	blank int  // length of the run of white space being read

	in, out textpos.Pos // where the next byte read and written are
	marks   []xmlMark
	mark    bool        // a byte was dropped since the last written
	from    textpos.Pos // where the bytes dropped since then start
	cur     []byte
	content bool // the current input line has a byte written that is not blank
	sources []xmlSource
	pending []byte  // bytes to write before reading more
	tail    [2]byte // the last two bytes read
	err     error
}

// xmlMark says that output position out was input position in, after
// bytes were dropped from input position from on.
type xmlMark struct{ out, in, from textpos.Pos }

type xmlSource struct {
	line int
	text string
}

func newXMLFilter(br *bufio.Reader, start textpos.Pos) *xmlFilter {
	f := &xmlFilter{br: br, state: 't', in: start, out: textpos.Pos{Line: 1, Col: 1}}
	if start != f.out {
		f.marks = append(f.marks, xmlMark{f.out, start, start})
	}
	return f
}

// orig returns where output position p was in the input.
func (f *xmlFilter) orig(p textpos.Pos) textpos.Pos {
	k := sort.Search(len(f.marks), func(k int) bool { return after(f.marks[k].out, p) }) - 1
	if k < 0 && len(f.marks) > 0 && f.marks[0].out == (textpos.Pos{Line: 1, Col: 1}) {
		// Before the output's start: encoding/xml says column 0 of line
		// 1 when it puts back a newline it read after a "<".
		k = 0
	}
	if k < 0 {
		return p
	}
	m := f.marks[k]
	if m.out.Line == p.Line {
		return textpos.Pos{Line: m.in.Line, Col: max(m.in.Col+p.Col-m.out.Col, 1)}
	}
	return textpos.Pos{Line: m.in.Line + p.Line - m.out.Line, Col: p.Col}
}

// origBefore is orig, but where p is right where bytes were dropped it
// returns where they started: where a reader that stopped at p had read
// to.
func (f *xmlFilter) origBefore(p textpos.Pos) textpos.Pos {
	k := sort.Search(len(f.marks), func(k int) bool { return after(f.marks[k].out, p) }) - 1
	if k >= 0 && f.marks[k].out == p {
		return f.marks[k].from
	}
	return f.orig(p)
}

func after(a, b textpos.Pos) bool { return a.Line > b.Line || a.Line == b.Line && a.Col > b.Col }

// source returns input line n as textpos.Error.Source wants it, "" when
// it held only comments and blanks.
func (f *xmlFilter) source(n int) string {
	k := sort.Search(len(f.sources), func(k int) bool { return f.sources[k].line >= n })
	if k < len(f.sources) && f.sources[k].line == n {
		return f.sources[k].text
	}
	if n == f.in.Line && f.content {
		return textpos.LineAt(string(f.cur))
	}
	return ""
}

// take moves past input byte b.
func (f *xmlFilter) take(b byte) {
	f.tail = [2]byte{f.tail[1], b}
	if b == '\n' {
		if f.content {
			f.sources = append(f.sources, xmlSource{f.in.Line, textpos.LineAt(string(f.cur))})
		}
		f.cur, f.content = f.cur[:0], false
		f.in.Line, f.in.Col = f.in.Line+1, 1
		return
	}
	if len(f.cur) <= textpos.MaxCaretLine {
		f.cur = append(f.cur, b)
	}
	f.in.Col++
}

// drop moves past input byte b without writing it.
func (f *xmlFilter) drop(b byte) {
	if !f.mark {
		f.from = f.in
	}
	f.take(b)
	f.mark = true
}

// flushMark notes, after bytes were dropped, where the next byte
// written was in the input.
func (f *xmlFilter) flushMark() {
	if !f.mark {
		return
	}
	if k := len(f.marks) - 1; k >= 0 && f.marks[k].out == f.out {
		f.marks[k].in = f.in
	} else {
		f.marks = append(f.marks, xmlMark{f.out, f.in, f.from})
	}
	f.mark = false
}

// comment drops the comment whose '<' is the next byte, and the blanks
// after it, so that lines of comments leave nothing. Where the input
// ends in it, or it holds "--" but at its end, it leaves bytes pending
// for the decoder to find the same fault in.
func (f *xmlFilter) comment() {
	f.drop('<')
	for range 3 {
		b, _ := f.br.ReadByte()
		f.drop(b)
	}
	dashes := 0
	for {
		b, err := f.br.ReadByte()
		if err != nil {
			f.err = err
			f.pending = []byte("<!--")
			return
		}
		f.drop(b)
		switch {
		case dashes < 2 && b == '-':
			dashes++
		case dashes >= 2 && b == '>':
			for {
				next, err := f.br.Peek(1)
				if err != nil || !isBlank(next[0]) {
					return
				}
				f.br.ReadByte()
				f.drop(next[0])
			}
		case dashes >= 2:
			f.pending = []byte{'<', '!', '-', '-', '-', '-', b}
			return
		default:
			dashes = 0
		}
	}
}

// emit writes input byte b to p, which has room.
func (f *xmlFilter) emit(p []byte, n int, b byte) int {
	f.flushMark()
	f.take(b)
	if !isBlank(b) {
		f.content = true
	}
	if b == '\n' {
		f.out.Line, f.out.Col = f.out.Line+1, 1
	} else {
		f.out.Col++
	}
	p[n] = b
	return n + 1
}

func isBlank(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\n' }

// Read writes the filtered input to p.
func (f *xmlFilter) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(f.pending) > 0 {
			f.flushMark()
			f.out.Col++
			p[n] = f.pending[0]
			f.pending = f.pending[1:]
			n++
			continue
		}
		if f.err != nil {
			break
		}
		b, err := f.br.ReadByte()
		if err != nil {
			f.err = err
			break
		}
		if isBlank(b) {
			f.blank++
			if f.blank > xmlKeepBlanks && f.state != 'c' {
				f.drop(b)
			} else {
				n = f.emit(p, n, b)
			}
			continue
		}
		f.blank = 0
		switch f.state {
		case 't':
			if b == '<' {
				if next, _ := f.br.Peek(3); string(next) == "!--" {
					f.comment()
					f.blank = 0
					continue
				}
				if next, _ := f.br.Peek(8); string(next) == "![CDATA[" {
					f.state = 'c'
				} else {
					f.state = '<'
				}
			}
		case '<':
			switch b {
			case '"', '\'':
				f.state = b
			case '>':
				f.state = 't'
			}
		case '"', '\'':
			if b == f.state {
				f.state = '<'
			}
		case 'c':
			if b == '>' && f.tail == [2]byte{']', ']'} {
				f.state = 't'
			}
		}
		n = f.emit(p, n, b)
	}
	if n == 0 && f.err != nil {
		if f.content || len(f.cur) > 0 {
			f.sources = append(f.sources, xmlSource{f.in.Line, textpos.LineAt(string(f.cur))})
			f.cur, f.content = f.cur[:0], false
		}
		return 0, f.err
	}
	return n, nil
}
