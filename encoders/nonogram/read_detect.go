package nonogram

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/textpos"
)

// allFormats lists the formats content detection tells apart, for messages.
var allFormats = "non, xml, keen, g, mk, nin, cwd"

// Detect returns the format Read takes data for when the name has no known
// suffix, or Auto when no format fits, or when two fit and neither or
// both read to a puzzle:
//
//   - XML when the first non-blank character is '<';
//   - G (Olsak's .g) when a line starts with ':' (the line before the row
//     clues), which no other format has;
//   - NON when a line starts with a .non key (width, height, rows,
//     columns, title, ...);
//   - otherwise the first line must be numbers: MK when a line starts
//     with '#' (its line between rows and columns); else each of NIN
//     (the first line holds two numbers, W H, and W+H clue lines
//     follow), CWD (the first two lines hold one number each, H and W,
//     H+W clue lines follow and a blank line among them) and Keen (two
//     groups of lines, a blank line between them) whose shape the file
//     has; when it has none of them, NIN if the first line holds two
//     numbers and no blank line follows, CWD or Keen if the first two
//     hold one number each, Keen otherwise.
//
// Where two formats fit, Read reads the file as both and takes the one
// that gives a puzzle; reading as CWD or NIN rather than Keen changes the
// row totals by the size line, so at most one of them passes the check
// that rows and columns need the same number of black cells. When
// neither gives a puzzle, the error is that of the reading that got
// furthest: through the whole file, or else to the later line.
func Detect(data []byte) Format {
	br := bufio.NewReader(bytes.NewReader(data))
	blank, _, first, err := sniff(br)
	if err != nil {
		return Auto
	}
	if first == '<' {
		return XML
	}
	t, err := readText(br, "", blank+1)
	if err != nil {
		return Auto
	}
	_, f, err := detect(t, "", 0)
	if err != nil {
		if cs, cerr := candidates(t, ""); cerr == nil && len(cs) == 1 {
			return cs[0]
		}
		return Auto
	}
	return f
}

// candidates returns the formats data may be in, most likely first; an
// error when it fits none.
func candidates(t *text, name string) ([]Format, error) {
	k := 0
	for k < len(t.lines) && strings.TrimSpace(t.lines[k]) == "" {
		k++
	}
	if k == len(t.lines) {
		return nil, &textpos.Error{Name: name, Msg: "the input is empty: no puzzle"}
	}
	if strings.TrimSpace(t.lines[k])[0] == '<' {
		return []Format{XML}, nil
	}
	if f, ok := keyed(t.lines); ok {
		return []Format{f}, nil
	}
	s, err := shapeOf(t, name)
	if err != nil {
		return nil, err
	}
	if s.hash {
		return []Format{MK}, nil
	}
	return s.fits(), nil
}

// keyed returns the format whose mark a line carries: a ":" line is .g's,
// a .non key .non's.
func keyed(lines []string) (Format, bool) {
	for _, ln := range lines {
		if strings.HasPrefix(ln, ":") {
			return G, true
		}
	}
	for _, ln := range lines {
		if k, _ := cutKey(strings.TrimSpace(ln)); nonKeys[k] {
			return NON, true
		}
	}
	return Auto, false
}

// shape is what the formats of clue lines alone (.mk, .nin, .cwd, Keen)
// are told apart by.
type shape struct {
	lines []string
	hash  bool  // a line starts with "#" (.mk's)
	first []int // line indexes of the first two non-blank lines
	// blankAfter: a blank line between two others, after the first;
	// groups: runs of non-blank lines; clues: non-blank lines.
	blankAfter    bool
	groups, clues int
}

// shapeOf reads the shape of lines; a first non-blank line that is not a
// clue is an error.
func shapeOf(t *text, name string) (*shape, error) {
	s := &shape{lines: t.lines}
	blank := false
	for i, ln := range t.lines {
		tt := strings.TrimSpace(ln)
		if tt == "" {
			blank = len(s.first) > 0
			continue
		}
		if blank || len(s.first) == 0 {
			s.groups++
		}
		s.blankAfter = s.blankAfter || blank
		blank = false
		s.clues++
		switch {
		case tt[0] == '#':
			s.hash = true
		case !isDigit(tt[0]) && len(s.first) == 0:
			// Later lines are the reader's to judge: its message says
			// more than this one.
			return nil, &textpos.Error{Name: name, Pos: textpos.Pos{Line: t.num(i), Col: indent(ln)},
				Msg: fmt.Sprintf("no nonogram format fits: %q is neither a .non key nor a clue (formats: %s)", tt, allFormats)}
		}
		if len(s.first) < 2 {
			s.first = append(s.first, i)
		}
	}
	// The lines readText left out, which come after the first two.
	s.clues += t.extraClues
	s.groups += t.extraGroups
	s.blankAfter = s.blankAfter || t.extraGroups > 0
	return s, nil
}

// numbers returns the numbers on the k-th non-blank line, nil when it
// holds anything else.
func (s *shape) numbers(k int) []int {
	if k >= len(s.first) {
		return nil
	}
	var ns []int
	for _, x := range strings.FieldsFunc(s.lines[s.first[k]], func(r rune) bool { return r == ' ' || r == '\t' || r == ',' }) {
		n, err := strconv.Atoi(x)
		if err != nil || n < 0 || strings.Trim(x, "0123456789") != "" {
			return nil
		}
		ns = append(ns, n)
	}
	return ns
}

// fits returns the formats whose shape the lines have: as many clue
// lines as the size says, a blank line where there must be one. When
// none has, it returns the reading that says most about what is wrong.
func (s *shape) fits() []Format {
	n0, n1 := s.numbers(0), s.numbers(1)
	var fits []Format
	if len(n0) == 2 && s.clues-1 == n0[0]+n0[1] {
		fits = append(fits, NIN)
	}
	if len(n0) == 1 && len(n1) == 1 && s.blankAfter && s.clues-2 == n0[0]+n1[0] {
		fits = append(fits, CWD)
	}
	if s.groups == 2 {
		fits = append(fits, Keen)
	}
	if len(fits) > 0 {
		return fits
	}
	switch {
	case len(n0) == 2 && !s.blankAfter:
		return []Format{NIN}
	case len(n0) == 1 && len(n1) == 1 && s.blankAfter:
		return []Format{CWD, Keen}
	}
	return []Format{Keen}
}

// detect reads data in the format its content fits (see Detect).
func detect(t *text, name string, index int) (*Puzzle, Format, error) {
	cs, err := candidates(t, name)
	if err != nil {
		if e, ok := err.(*textpos.Error); ok && e.Line > 0 {
			e.Source = t.source(e.Line)
		}
		return nil, Auto, err
	}
	if len(cs) == 1 {
		p, err := parseAs(t, name, cs[0], index)
		return p, cs[0], err
	}
	var (
		ok   []Format
		p    *Puzzle
		errs []error
		read []bool
	)
	for _, f := range cs {
		q, r, err := readAs(t, name, f, index)
		if err != nil {
			errs = append(errs, err)
			read = append(read, r)
			continue
		}
		ok = append(ok, f)
		p = q
	}
	switch len(ok) {
	case 1:
		return p, ok[0], nil
	case 0:
		if k := furthest(errs, read); k >= 0 {
			return nil, Auto, errs[k]
		}
		var msgs []string
		for k, err := range errs {
			msg := err.Error()
			var e *textpos.Error
			if errors.As(err, &e) {
				msg = e.Msg
				if s := e.Pos.String(); s != "" {
					msg = s + ": " + msg
				}
			}
			msgs = append(msgs, "as "+cs[k].String()+", "+msg)
		}
		return nil, Auto, &textpos.Error{Name: name, Msg: "fits no format it could be in: " + strings.Join(msgs, "; ")}
	}
	return nil, Auto, &textpos.Error{Name: name, Msg: fmt.Sprintf("reads as two different puzzles, as %v and as %v: name its format", ok[0], ok[1])}
}

// furthest returns which of the errors of reading a file in its
// candidate formats to report: the one reading that got through the
// whole file (its error is the puzzle's, not the format's) if only one
// did, else the one that failed on the latest line if only one did, else
// -1.
func furthest(errs []error, read []bool) int {
	best, n := -1, 0
	for k := range errs {
		if read[k] {
			best, n = k, n+1
		}
	}
	if n == 1 {
		return best
	}
	if n > 1 {
		return -1
	}
	line := func(err error) int {
		var e *textpos.Error
		if errors.As(err, &e) {
			return e.Line
		}
		return 0
	}
	best = 0
	for k := 1; k < len(errs); k++ {
		if line(errs[k]) > line(errs[best]) {
			best = k
		}
	}
	for k := range errs {
		if k != best && line(errs[k]) == line(errs[best]) {
			return -1
		}
	}
	return best
}

// suffixHint adds to err, the error of reading data in format f (the one
// its name's suffix names), what the content reads as when that is
// another format.
func suffixHint(err error, t *text, name string, f Format, index int) error {
	var e *textpos.Error
	if !errors.As(err, &e) {
		return err
	}
	if _, g, derr := detect(t, name, index); derr == nil && g != f {
		e.Msg += fmt.Sprintf(" (read as %v, as its suffix says; its content reads as %v)", f, g)
	}
	return err
}
