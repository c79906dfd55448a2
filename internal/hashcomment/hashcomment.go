// Package hashcomment reads a whole text input whose comments start with
// "#" and run to the end of the line, as bool2cnf's formulas and
// zebra2cnf's puzzles are written, without keeping the comments: they
// cost no memory and count for nothing against the bound on the rest.
package hashcomment

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
)

// TooLargeError is ReadAll's error for an input whose text, comments
// aside, is longer than Max bytes.
type TooLargeError struct{ Max int }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("input larger than %d bytes, comments aside", e.Max)
}

// ReadAll returns the text of r without its comments and the blanks before
// them, or a *TooLargeError once that text is longer than max bytes, or
// r's read error. Every line keeps its line end and every byte before a
// comment its column, so positions in the text are positions in r. A "#"
// always starts a comment: the callers' syntaxes have no other use for it.
func ReadAll(r io.Reader, max int) (string, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var b strings.Builder
	comment := false // in a comment whose line has not ended yet
	for {
		frag, err := br.ReadSlice('\n')
		if !comment {
			if i := bytes.IndexByte(frag, '#'); i >= 0 {
				comment = true
				frag = bytes.TrimRight(frag[:i], " \t")
			}
			b.Write(frag)
		}
		if comment && err == nil { // the comment's line ends
			b.WriteByte('\n')
			comment = false
		}
		if b.Len() > max {
			return "", &TooLargeError{Max: max}
		}
		switch err {
		case nil, bufio.ErrBufferFull:
		case io.EOF:
			return b.String(), nil
		default:
			return "", err
		}
	}
}
