package nonogram

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/pipesat/pipesat/textpos"
)

// Limits on what Read holds of a text puzzle file. Comments and blank
// lines are not held (see readText), so they are bounded only by what a
// puzzle needs of the rest.
const (
	// MaxInput bounds the bytes of the lines Read holds: clues, givens,
	// keys, colour declarations, and the first line of each run of
	// comments. A puzzle of MaxCells cells needs less: its clues and a
	// given for every cell.
	MaxInput = 64 << 20
	// MaxLines bounds the number of lines Read holds, blank clue lines
	// among them: a clue for every row and column and a given for every
	// cell, with a blank line between every two.
	MaxLines = 2 * (MaxCells + 2*MaxSide)
	// commentKeep is how much of a comment line Read keeps (when it keeps
	// one, the first of a run): enough to quote it.
	commentKeep = 1 << 10
)

// text is the part of a text puzzle file that the readers need: its lines
// but comments (after the first of each run) and blank lines beyond what
// a clue section could take, each with its number in the file.
type text struct {
	lines []string
	nums  []int // the 1-based line number of each line
	end   int   // the number of the line after the last
	// extraClues counts the comment and '#' lines left out; extraGroups
	// those of them after a blank line: for Detect's count of lines and
	// groups of lines.
	extraClues, extraGroups int
}

// num returns the line number in the file of line i of t; the end's for i
// past the last line.
func (t *text) num(i int) int {
	if i < len(t.nums) {
		return t.nums[i]
	}
	return t.end
}

// source returns line n of the file as textpos.Error.Source wants it, ""
// when t does not hold it.
func (t *text) source(n int) string {
	k := sort.SearchInts(t.nums, n)
	if k < len(t.nums) && t.nums[k] == n {
		return textpos.LineAt(t.lines[k])
	}
	return ""
}

// bytes returns the lines of t joined, for the XML reader when a name
// or a format says text but the content is XML: it sees a file whose
// lines are numbered differently, which only the suffix hint reads.
func (t *text) bytes() []byte {
	if len(t.lines) == 0 {
		return nil
	}
	return []byte(strings.Repeat("\n", t.nums[0]-1) + strings.Join(t.lines, "\n"))
}

// Line kinds for readText.
const (
	kindBlank   = iota // nothing but white space
	kindHash           // starts with '#', but not "#d", "#t" or "#:" (.g's comments, .mk's separator)
	kindComment        // any other line no format reads (see readText)
	kindKept           // everything else: held whole
)

// kind returns the kind of line ln; in .g's colour declarations (after a
// "#d" line, before the first ':' line), every line that is not blank or
// a '#' comment is a declaration and so kept.
func kind(ln []byte, gDecls bool) int {
	t := bytes.TrimSpace(ln)
	switch {
	case len(t) == 0:
		return kindBlank
	case ln[0] == '#' && len(ln) > 1 && bytes.IndexByte([]byte("dDtT:"), ln[1]) >= 0:
		return kindKept
	case ln[0] == '#' && len(ln) == 1 && gDecls:
		return kindKept // a declaration, in .g, though not a good one
	case ln[0] == '#':
		return kindHash
	case gDecls:
		return kindKept
	case t[0] == '#':
		return kindHash
	case ln[0] == ':' || isDigit(t[0]) || t[0] == ',' || t[0] == '<':
		return kindKept
	}
	key := t
	if i := bytes.IndexAny(t, " \t"); i >= 0 {
		key = t[:i]
	}
	if nonKeys[string(key)] {
		return kindKept
	}
	return kindComment
}

// readText reads a text puzzle file from br, whose first line is line
// first (the lines before it are blank, and were read), in one pass,
// holding only what a reader of any text format can tell from the whole
// file, so that Detect and every format read it as they would the file.
// Of a run of blank lines, comments and '#' lines it holds:
//
//   - the blank lines before the first comment or '#' line, up to
//     MaxSide+1 of them (in a .non or .g clue section a blank line is an
//     empty clue, and a section has at most MaxSide);
//   - that first line, cut after commentKeep bytes, and after a '#' line
//     the next comment or '#' line too (.mk's separator and what follows
//     it), with one blank line between them where the file has one;
//   - the file's first '#' line, which tells .mk apart, and one blank
//     line before the next line it holds where the file has one there.
//
// It holds every other line whole. Every format either ignores the rest
// of such a run or stops with an error at its first line; Detect counts
// what was left out by text.extraClues and text.extraGroups. A comment is
// a line that no format reads but .non ignores: it starts with none of a
// digit, ',', a .non key, ':', '<', or .g's "#d", "#t" and "#:". In .g's
// colour declarations (after "#d", before the first ':' line) only '#'
// lines are comments. A file whose first line that is not blank starts
// with '<' is XML read as text (its suffix names a text format): it is
// held whole, for the error to say what it reads as. The lines held are
// bounded by MaxInput bytes and MaxLines lines.
func readText(br *bufio.Reader, name string, first int) (*text, error) {
	return readTextMax(br, name, first, MaxInput, MaxLines)
}

// readTextMax is readText with the limits given.
func readTextMax(br *bufio.Reader, name string, first, maxBytes, maxLines int) (*text, error) {
	r := &textReader{br: br, name: name, t: &text{}, n: first - 1, maxBytes: maxBytes, maxLines: maxLines}
	for {
		more, last, err := r.readLine()
		if err != nil {
			return nil, err
		}
		if !more {
			break
		}
		if k := r.kind(); r.keep(k) {
			if k != kindBlank {
				if err := r.blankBefore(); err != nil {
					return nil, err
				}
				r.hashHeld = r.hashHeld || k == kindHash
			}
			if err := r.hold(r.line, r.n); err != nil {
				return nil, err
			}
		}
		if last {
			break
		}
	}
	r.t.end = r.n + 1
	return r.t, nil
}

// textReader is the state of readTextMax.
type textReader struct {
	br                 *bufio.Reader
	name               string
	t                  *text
	line               []byte // the current line, as much as is kept of it
	n                  int    // its number
	held               int    // bytes held
	maxBytes, maxLines int

	nonB      int  // comment and '#' lines read in this run
	quota     int  // how many of them the run holds: 1, or 2 after a '#' line
	blanks    int  // blank lines held in the run before its first comment
	blankSeen int  // the last blank line since the last line that is not blank, or 0
	hashHeld  bool // a '#' line is held
	afterHd   bool // a "#d" line has been read
	colon     bool // a ':' line has been read
	gDecls    bool // in .g's "#d" section: afterHd and not colon
	started   bool // a line that is not blank was read
	xmlText   bool // the first line is XML's: hold it all, for the suffix hint
}

// tooMuch is the error of holding more than what.
func (r *textReader) tooMuch(what string) error {
	return &textpos.Error{Name: r.name, Pos: textpos.Pos{Line: r.n, Col: 1},
		Msg: fmt.Sprintf("more than %s of clues, givens and keys (comments and blank lines aside): a puzzle of at most %d cells needs fewer", what, MaxCells)}
}

// hold holds line as line num of the file.
func (r *textReader) hold(line []byte, num int) error {
	r.held += len(line) + 1
	if r.held > r.maxBytes {
		return r.tooMuch(fmt.Sprintf("%d bytes", r.maxBytes))
	}
	if len(r.t.lines) >= r.maxLines {
		return r.tooMuch(fmt.Sprintf("%d lines", r.maxLines))
	}
	r.t.lines = append(r.t.lines, string(line))
	r.t.nums = append(r.t.nums, num)
	return nil
}

// readLine reads the next line into r.line, without its line end: all
// of it when its kind needs it, else enough of it to know its kind and
// quote it. more is false at the end of the input; last says the line
// is the input's last.
func (r *textReader) readLine() (more, last bool, err error) {
	r.line = r.line[:0]
	frag, err := r.br.ReadSlice('\n')
	if len(frag) == 0 && err == io.EOF {
		return false, true, nil
	}
	r.n++
	r.line = append(r.line, frag...)
	whole := err != bufio.ErrBufferFull
	for err == bufio.ErrBufferFull {
		frag, err = r.br.ReadSlice('\n')
		k := kind(r.line, r.gDecls)
		if k == kindKept || r.xmlText || len(bytes.TrimSpace(r.line)) == 0 && len(bytes.TrimSpace(frag)) > 0 {
			if r.held+len(r.line) > r.maxBytes {
				return false, false, r.tooMuch(fmt.Sprintf("%d bytes", r.maxBytes))
			}
			r.line = append(r.line, frag...)
			whole = err != bufio.ErrBufferFull
		}
	}
	if err != nil && err != io.EOF {
		return false, false, err
	}
	if whole {
		r.line = bytes.TrimSuffix(r.line, []byte("\n"))
		r.line = bytes.TrimSuffix(r.line, []byte("\r"))
	}
	return true, err == io.EOF, nil
}

// kind returns the kind of r.line, and cuts it when it is not held
// whole.
func (r *textReader) kind() int {
	k := kind(r.line, r.gDecls)
	if r.xmlText {
		k = kindKept
	}
	if !r.started && k != kindBlank {
		r.started = true
		if t := bytes.TrimSpace(r.line); t[0] == '<' {
			r.xmlText, k = true, kindKept
		}
	}
	if k != kindKept && len(r.line) > commentKeep {
		ind := len(r.line) - len(bytes.TrimLeft(r.line, " \t"))
		r.line = r.line[:min(len(r.line), ind+commentKeep)]
	}
	return k
}

// keep says whether to hold the current line, of kind k (see readText).
func (r *textReader) keep(k int) bool {
	switch k {
	case kindBlank:
		r.blankSeen = r.n
		if r.nonB == 0 && r.blanks <= MaxSide {
			r.blanks++
			return true
		}
		return false
	case kindHash, kindComment:
		if r.nonB == 0 {
			r.quota = 1
			if k == kindHash {
				r.quota = 2
			}
		}
		r.nonB++
		if r.nonB <= r.quota || k == kindHash && !r.hashHeld {
			return true
		}
		r.t.extraClues++
		if r.blankSeen > 0 {
			r.t.extraGroups++
		}
		r.blankSeen = 0
		return false
	}
	r.nonB, r.blanks = 0, 0
	line := r.line
	if len(line) > 0 && line[0] == ':' {
		r.colon = true
	}
	if len(line) > 1 && line[0] == '#' && (line[1] == 'd' || line[1] == 'D') {
		r.afterHd = true
	}
	r.gDecls = r.afterHd && !r.colon
	return true
}

// blankBefore holds a blank line before the line about to be held, which
// is not blank, where the file has one there that was left out.
func (r *textReader) blankBefore() error {
	ls := r.t.lines
	if r.blankSeen > 0 && len(ls) > 0 && strings.TrimSpace(ls[len(ls)-1]) != "" {
		if err := r.hold(nil, r.blankSeen); err != nil {
			return err
		}
	}
	r.blankSeen = 0
	return nil
}

// sniff reads the blank lines at the start of br, and a byte order mark,
// and returns how many lines it read, whether there was a mark, and the
// first byte of the first line that is not blank: 0 when that line is
// not in the buffer (a line of more than 64 KiB of blanks) or the input
// ends.
func sniff(br *bufio.Reader) (lines int, bom bool, first byte, err error) {
	if b, _ := br.Peek(3); string(b) == "\ufeff" {
		br.Discard(3)
		bom = true
	}
	for {
		if _, err := br.Peek(1); err != nil {
			if err == io.EOF {
				err = nil
			}
			return lines, bom, 0, err
		}
		b, _ := br.Peek(br.Buffered())
		i := bytes.IndexFunc(b, func(r rune) bool { return r != ' ' && r != '\t' && r != '\r' && r != '\n' })
		end := len(b)
		if i >= 0 {
			end, first = i, b[i] // read before Discard lets the buffer move
		}
		if nl := bytes.LastIndexByte(b[:end], '\n'); nl >= 0 {
			lines += bytes.Count(b[:nl+1], []byte("\n"))
			br.Discard(nl + 1)
		}
		if i >= 0 {
			return lines, bom, first, nil
		}
		if br.Buffered() == br.Size() {
			return lines, bom, 0, nil // a line of more than a buffer of blanks
		}
		if _, err := br.Peek(br.Buffered() + 1); err != nil {
			if err == io.EOF {
				err = nil
			}
			return lines, bom, 0, err
		}
	}
}
