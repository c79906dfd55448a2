// Package hashcomment reads a whole text input whose comments start with
// "#" and run to the end of the line, as bool2cnf's formulas and
// zebra2cnf's puzzles are written, so that comments of any length cost
// next to nothing and count for nothing against the bound on the rest.
package hashcomment

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/pipesat/pipesat/textpos"
)

// TooLargeError is ReadAll's error for an input whose text, comments
// aside, is longer than Max bytes.
type TooLargeError struct{ Max int }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("input larger than %d bytes, comments aside", e.Max)
}

// ReadAll returns the text of r with its comments cut, or a *TooLargeError
// once the text outside comments (line ends included) is longer than max
// bytes, or r's read error. Of each line it keeps the first
// textpos.MaxCaretLine+1 bytes, comment or not, so that an error quotes the
// line as it was (textpos.LineAt); of a comment past them, nothing. The
// comments kept cost at most max bytes in all, after which they are
// dropped whole. Every line keeps its line end and every byte before a
// comment its column, so positions in the text are positions in r. A "#"
// always starts a comment: the callers' syntaxes have no other use for it.
func ReadAll(r io.Reader, max int) (string, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	rd := reader{budget: max}
	for {
		frag, err := br.ReadSlice('\n')
		rd.add(frag, err == nil)
		if rd.text > max {
			return "", &TooLargeError{Max: max}
		}
		switch err {
		case nil, bufio.ErrBufferFull:
		case io.EOF:
			return rd.b.String(), nil
		default:
			return "", err
		}
	}
}

// reader is the state of ReadAll.
type reader struct {
	b       strings.Builder
	text    int  // bytes kept outside comments
	budget  int  // bytes of comments that may still be kept
	line    int  // bytes of the current line read so far
	comment bool // in a comment whose line has not ended
}

// add takes the next fragment of a line; eol says it ends the line (with
// its '\n').
func (rd *reader) add(frag []byte, eol bool) {
	if !rd.comment {
		i := bytes.IndexByte(frag, '#')
		if i < 0 {
			rd.b.Write(frag)
			rd.text += len(frag)
			rd.line += len(frag)
			if eol {
				rd.line = 0
			}
			return
		}
		rd.b.Write(frag[:i])
		rd.text += i
		rd.line += i
		frag = frag[i:]
		rd.comment = true
	}
	if eol {
		frag = frag[:len(frag)-1]
	}
	n := min(len(frag), max(textpos.MaxCaretLine+1-rd.line, 0), rd.budget)
	rd.b.Write(frag[:n])
	rd.budget -= n
	rd.line += len(frag)
	if eol {
		rd.b.WriteByte('\n')
		rd.text++
		rd.line = 0
		rd.comment = false
	}
}
