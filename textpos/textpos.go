package textpos

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Pos is a position in text: Line and Col count from 1, Col in bytes from
// the start of the line. 0 means unknown: Line 0 stands for the whole
// input, Col 0 for the whole line.
type Pos struct {
	Line, Col int
}

// String returns "line:col", "line" when Col is unknown, or "" when Line is.
func (p Pos) String() string {
	switch {
	case p.Line <= 0:
		return ""
	case p.Col <= 0:
		return strconv.Itoa(p.Line)
	}
	return strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}

// MaxCaretLine is the longest source line, in bytes, that Caret shows:
// a longer one would wrap on a terminal and hide the caret.
const MaxCaretLine = 120

// Error is an error at a position in named input. It is the error type of
// every pipesat reader: callers find it with errors.As.
type Error struct {
	Name string // input name: a file name, "<stdin>" for standard input
	Pos         // where; zero values are unknown (see Pos)
	Msg  string // what is wrong, and what was expected
	// Source is the text of line Pos.Line without its line end, or "" if
	// the reader did not keep it. A reader may cut it after MaxCaretLine
	// bytes (see LineAt): Caret shows no longer line anyway.
	Source string
	// Err, if not nil, is the mistake as a value its caller can test
	// (errors.Is, errors.As), which Msg words: a command adds what to
	// do about it in its own terms.
	Err error
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// SeveralError is the cause (Error.Err) of a reader's error for a file of
// several puzzles read as if it held one: the caller must pick one, by
// its number from 1 to Puzzles.
type SeveralError struct{ Puzzles int }

func (e *SeveralError) Error() string { return fmt.Sprintf("the file holds %d puzzles", e.Puzzles) }

// Errorf returns an *Error at p in the input called name, its message
// formatted as by fmt.Sprintf. Set Source on it to have a caret line.
func Errorf(name string, p Pos, format string, args ...any) *Error {
	return &Error{Name: name, Pos: p, Msg: fmt.Sprintf(format, args...)}
}

// Error returns "name:line:col: msg", without ":col" when the column is
// unknown and without ":line:col" when the line is.
func (e *Error) Error() string {
	where := e.Name
	if p := e.Pos.String(); p != "" {
		if where != "" {
			where += ":"
		}
		where += p
	}
	if where == "" {
		return e.Msg
	}
	return where + ": " + e.Msg
}

// Caret returns the source line, a newline, and a line with "^" under
// column Col, without a final newline; tabs in the source are repeated in
// the caret line so that the caret lines up whatever the tab width. Each
// rune before the column counts one place (wide characters are not
// measured). Caret returns "" when there is nothing worth showing: Source
// empty or longer than MaxCaretLine bytes, a control character other than
// tab in it, invalid UTF-8, or a position off the line (unknown, or past
// the byte after its end).
func (e *Error) Caret() string {
	s := e.Source
	if s == "" || len(s) > MaxCaretLine || e.Line <= 0 || e.Col <= 0 || e.Col > len(s)+1 || !printable(s) {
		return ""
	}
	var b strings.Builder
	b.Grow(2*len(s) + 2)
	b.WriteString(s)
	b.WriteByte('\n')
	for _, r := range s[:e.Col-1] {
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteByte('^')
	return b.String()
}

// printable reports whether s is valid UTF-8 without control characters
// other than tab.
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r != '\t' && unicode.IsControl(r) {
			return false
		}
	}
	return true
}

// LineAt returns the line that starts at src[0]: the text before the first
// "\n", without a "\r" before it. A line longer than MaxCaretLine bytes is
// cut after MaxCaretLine+1 of them, which is enough for Caret to know not
// to show it and keeps an error from holding a megabyte line.
func LineAt[T ~string | ~[]byte](src T) string {
	n := min(len(src), MaxCaretLine+1)
	end := n
	for i := 0; i < n; i++ {
		if src[i] == '\n' {
			end = i
			if i > 0 && src[i-1] == '\r' {
				end--
			}
			break
		}
	}
	return string(src[:end])
}

// Line returns line n (from 1) of src as LineAt does, or "" if src has
// fewer lines. It scans src from the start: readers call it only when
// they build an error.
func Line[T ~string | ~[]byte](src T, n int) string {
	if n <= 0 {
		return ""
	}
	start := 0
	for l := 1; l < n; l++ {
		i := start
		for i < len(src) && src[i] != '\n' {
			i++
		}
		if i == len(src) {
			return ""
		}
		start = i + 1
	}
	return LineAt(src[start:])
}

// CheckSource returns an error when err is an *Error whose Source is not
// line Line of src (a CR ending either aside), else nil: the check fuzz
// targets make of the line a reader quotes for its caret. It calls Caret,
// which must never panic.
func CheckSource[T ~string | ~[]byte](err error, src T) error {
	var e *Error
	if !errors.As(err, &e) || e.Source == "" {
		return nil
	}
	_ = e.Caret()
	if want := Line(src, e.Line); strings.TrimRight(e.Source, "\r") != strings.TrimRight(want, "\r") {
		return fmt.Errorf("%v: Source %q, but line %d is %q", err, e.Source, e.Line, want)
	}
	return nil
}
