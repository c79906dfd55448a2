package dimacs

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// cnfMaxComment bounds a comment line that is kept whole: a header line
// ("c pipesat ...", "c varname ...") that Read keeps, any comment line with
// Options.AllComments, and every comment line a Handler of the caller's is
// given. The lines Read does not keep are streamed, of any length.
const cnfMaxComment = 1 << 20

// cnfCommentHead is how much of a comment line that is not kept is looked
// at: enough for the quirk of a "c --option" and its message.
const cnfCommentHead = 2 * cnfMaxShown

// restOfLine reads from buf[p] to the end of the line into ps.text, without
// the line end, and leaves p at the '\n' (or the end of input). It rejects
// control bytes other than tab, and lines over max bytes as a what that
// starts at input offset start.
func (ps *cnfParser) restOfLine(start int64, max int, what string) error {
	n, err := ps.scanLine(max, int64(max))
	if err == nil && n > int64(max) {
		return ps.errAt(start, "%s longer than %d bytes", what, max)
	}
	return err
}

// scanLine reads from buf[p] to the end of the line, without the line end,
// and leaves p at the '\n' (or the end of input). It returns the line's
// length, and keeps its first keep bytes in ps.text: the rest costs no
// memory. It stops as soon as the line is longer than limit, returning a
// length over limit. It rejects control bytes other than tab.
func (ps *cnfParser) scanLine(keep int, limit int64) (int64, error) {
	ps.text = ps.text[:0]
	var n int64
	for {
		buf := ps.buf
		i := ps.p
		for ; i < len(buf); i++ {
			c := buf[i]
			if c < 0x20 || c >= 0x7f {
				if c > 0x7f {
					if c == 0xff && ps.qkind == quirkNone {
						// cryptominisat5 reads it as the end of its
						// input (a char -1, EOF): the clauses after it
						// are lost to it.
						ps.noteQuirk("byte 0xFF in a comment")
					}
					continue
				}
				if c == '\n' {
					break
				}
				if c == '\r' && i+1 < len(buf) && buf[i+1] == '\n' {
					ps.noteQuirk("CR line end")
					continue
				}
				if c == '\r' && i+1 == len(buf) && !ps.eof {
					break // look again after refill
				}
				if c == '\r' {
					ps.p = i
					return n, ps.crlf()
				}
				if c != '\t' {
					ps.p = i
					return n, ps.binaryErr()
				}
			}
		}
		seg := i - ps.p
		if n+int64(seg) > limit {
			return n + int64(seg), nil
		}
		ps.text = append(ps.text, buf[ps.p:ps.p+min(seg, max(keep-len(ps.text), 0))]...)
		n += int64(seg)
		ps.p = i
		if i < len(buf) && buf[i] == '\n' || ps.eof {
			if seg > 0 && buf[i-1] == '\r' {
				// A CRLF line end: its CR is always in the last
				// segment, as a CR at the buffer's end waits for the
				// refill.
				n--
				ps.text = ps.text[:min(int64(len(ps.text)), n)]
			}
			return n, nil
		}
		if err := ps.refill(); err != nil {
			return n, err
		}
	}
}

// comment reads a comment line starting at buf[p] == 'c'.
func (ps *cnfParser) comment() error {
	start := ps.base + int64(ps.p)
	ps.p++
	keep, what, err := ps.commentKeep()
	if err != nil {
		return err
	}
	limit := int64(keep)
	if what == "" {
		limit = math.MaxInt64 // not kept: streamed
	}
	n, err := ps.scanLine(keep, limit)
	if err != nil {
		return err
	}
	if n > limit {
		return ps.errAt(start, "%s longer than %d bytes", what, limit)
	}
	t := ps.text
	if ps.qkind == quirkNone && bytes.HasPrefix(bytes.TrimLeft(t, " \t"), []byte("--")) {
		// cadical reads "c --elim=false" before the header as an
		// option, whatever the blanks after the "c".
		ps.noteQuirk(fmt.Sprintf("comment %q that a solver may read as an option", cnfShorten("c"+string(t))))
	}
	if what == "" {
		return nil
	}
	textStart := start + 1
	if len(t) > 0 && t[0] == ' ' {
		t = t[1:]
		textStart++
	}
	if ps.keep != nil {
		if err := ps.keep.comment(t, ps.line); err != nil {
			col := 1
			if he := (*PipesatLineError)(nil); errors.As(err, &he) {
				col, err = max(he.Col, 1), he.Err
			}
			return ps.errAt(textStart+int64(col-1), "%v", err)
		}
		return nil
	}
	return ps.h.Comment(string(t))
}

// commentKeep returns how much of the comment line at buf[p] (after its
// "c") to keep, up to cnfMaxComment, and what to call it in the error
// for a longer line; what is "" for a line Read does not keep, of which
// only the head is kept and which may have any length.
func (ps *cnfParser) commentKeep() (int, string, error) {
	if ps.keep == nil || ps.keep.allComments {
		return cnfMaxComment, "comment", nil
	}
	const head = 1 + len("pipesat ")
	if err := ps.ensure(head); err != nil {
		return 0, "", err
	}
	b := ps.buf[ps.p:min(len(ps.buf), ps.p+head)]
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	if len(b) > 0 && b[0] == ' ' {
		b = b[1:]
	}
	if isPipesatComment(b) {
		return cnfMaxComment, "header comment (c pipesat, c varname)", nil
	}
	return cnfCommentHead, "", nil
}

const cnfMaxHeader = 1 << 10

// parseHeader reads the "p cnf V C" line starting at buf[p] == 'p'.
func (ps *cnfParser) parseHeader() error {
	off := ps.base + int64(ps.p)
	if ps.header {
		return ps.errAt(off, "second \"p\" line: the header is on line %d", ps.headerLine)
	}
	if err := ps.restOfLine(off, cnfMaxHeader, "header"); err != nil {
		return err
	}
	// The input may end in the header line only when the header promises
	// no clause: a header that promises some and ends the input is what a
	// cut file looks like (kissat refuses it at every strictness), and
	// relaxed counts must not turn it into the empty formula.
	cut := ps.p >= len(ps.buf)
	line := string(ps.text)
	type field struct {
		s   string
		off int64
	}
	var fs []field
	for i := 0; i < len(line); {
		if line[i] == ' ' || line[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		fs = append(fs, field{line[i:j], off + int64(i)})
		i = j
	}
	shown := strings.TrimRight(line, " \t")
	if len(fs) < 2 || fs[0].s != "p" || fs[1].s != "cnf" {
		return ps.errAt(off, "header %q is not \"p cnf VARS CLAUSES\"", shown)
	}
	end := off + int64(len(shown))
	if len(fs) < 3 {
		return ps.errAt(end, "header %q: missing variable count", shown)
	}
	if len(fs) < 4 {
		return ps.errAt(end, "header %q: missing clause count", shown)
	}
	if len(fs) > 4 {
		return ps.errAt(fs[4].off, "header %q: unexpected %q after the clause count", shown, fs[4].s)
	}
	var err error
	if ps.vars, err = ps.parseCount(fs[2].s, fs[2].off, "variable", ps.maxVars); err != nil {
		return err
	}
	if ps.clauses, err = ps.parseCount(fs[3].s, fs[3].off, "clause", ps.maxClauses); err != nil {
		return err
	}
	if cut && ps.clauses > 0 {
		what := "clauses"
		if ps.clauses == 1 {
			what = "clause"
		}
		return ps.errHere("the input ends in the header line, which promises %d %s: want a line end after it", ps.clauses, what)
	}
	// minisat reads "p cnf " literally, cryptominisat5 no tab.
	if shown != "p cnf "+fs[2].s+" "+fs[3].s {
		ps.noteQuirk(fmt.Sprintf("header %q is not \"p cnf VARS CLAUSES\" with single spaces", shown))
	}
	for _, s := range []string{fs[2].s, fs[3].s} {
		if len(s) > 1 && s[0] == '0' {
			ps.noteQuirk(fmt.Sprintf("header count %q with leading zeros", s))
		}
	}
	ps.header = true
	ps.headerLine = ps.line
	return ps.h.Header(ps.vars, ps.clauses)
}

// parseCount parses a count of the header at input offset off.
func (ps *cnfParser) parseCount(s string, off int64, what string, max int) (int, error) {
	digits := s
	if len(s) > 1 && s[0] == '-' {
		digits = s[1:]
	}
	for i := 0; i < len(digits); i++ {
		if digits[i]-'0' > 9 {
			return 0, ps.errAt(off, "%s count %q is not a number", what, s)
		}
	}
	if len(digits) != len(s) {
		return 0, ps.errAt(off, "negative %s count %q", what, s)
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > max {
		return 0, ps.errAt(off, "%s count %q exceeds the limit %d", what, s, max)
	}
	return n, nil
}
