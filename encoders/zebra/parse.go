package zebra

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pipesat/pipesat/internal/hashcomment"
	"github.com/pipesat/pipesat/textpos"
)

// Limits checked before anything is allocated for them.
const (
	MaxHouses     = 32
	MaxAttributes = 32
	MaxClues      = 10000    // each costs up to 2N auxiliaries and 6N+1 clauses
	MaxInput      = 64 << 20 // bytes, comments aside: the text is held whole
)

// Attribute is one dimension of the puzzle: colour, nationality, ...
type Attribute struct {
	Name   string
	Values []string
	Line   int
}

// Rel is a clue's relation.
type Rel int

// The relations.
const (
	Same Rel = iota
	LeftOf
	RightOf
	NextTo
	At
	Before
	After
)

var relNames = []string{"same", "left-of", "right-of", "next-to", "at", "before", "after"}

func (r Rel) String() string { return relNames[r] }

// Clue is one line of clues: A rel B, or "at House A".
type Clue struct {
	Not   bool
	Rel   Rel
	A, B  int // global value indexes; B unused for At
	House int // 1-based, for At
	Line  int
}

// Question asks for the value of attribute Attr in the house of Value.
type Question struct {
	Value int // global value index
	Attr  int
	Line  int
}

// Puzzle is a parsed zebra puzzle. Values are numbered globally: the values
// of attribute a are a*N .. a*N+N-1.
type Puzzle struct {
	Name      string
	N         int // houses
	Attrs     []Attribute
	Clues     []Clue
	Questions []Question
}

// Value returns the name of global value i.
func (p *Puzzle) Value(i int) string { return p.Attrs[i/p.N].Values[i%p.N] }

// NumValues returns the number of values of all attributes together.
func (p *Puzzle) NumValues() int { return len(p.Attrs) * p.N }

type field struct {
	s   string
	col int // 1-based, in bytes
}

// fields splits text at white space, keeping each field's column.
func fields(text string) []field {
	var out []field
	start := -1
	for i, r := range text {
		if unicode.IsSpace(r) {
			if start >= 0 {
				out = append(out, field{text[start:i], start + 1})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, field{text[start:], start + 1})
	}
	return out
}

func isNameStart(r rune) bool { return r == '_' || unicode.IsLetter(r) }
func isNameRune(r rune) bool {
	return r == '_' || r == '-' || r == '\'' || r == '.' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// badName returns the byte offset of the first character that makes s not a
// name, or -1.
func badName(s string) int {
	for i, r := range s {
		if i == 0 && !isNameStart(r) || !isNameRune(r) {
			return i
		}
	}
	return -1
}

type pending struct {
	clue  Clue
	q     bool
	args  []field // value names (and attribute name for a question)
	rel   field
	house field
}

// Parse reads a puzzle from r; name is used in error messages and becomes
// the puzzle's Name. Errors are *textpos.Error values.
func Parse(r io.Reader, name string) (*Puzzle, error) {
	src, err := hashcomment.ReadAll(r, MaxInput)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return ParseString(src, name)
}

// ParseString is Parse on a string.
func ParseString(src, name string) (*Puzzle, error) {
	ps := &parser{
		p:       &Puzzle{Name: name},
		src:     src,
		values:  map[string]int{},
		valueAt: map[string]where{},
		attrs:   map[string]int{},
		attrAt:  map[string]where{},
	}
	ln := 0 // no slice of every line: a file of line ends would make it 16 times its size
	for text := range strings.SplitSeq(src, "\n") {
		ln++
		if err := ps.line(ln, text); err != nil {
			return nil, err
		}
	}
	if len(ps.p.Attrs) == 0 {
		return nil, ps.errf(1, 1, "no attributes: a puzzle starts with lines like \"colour: red green blue\"")
	}
	// Clues and questions may name values of attributes defined after
	// them: they are resolved once every attribute is known.
	for _, pd := range ps.todo {
		if err := ps.resolve(pd); err != nil {
			return nil, err
		}
	}
	return ps.p, nil
}

// where is the line and column where a name is defined.
type where struct{ line, col int }

// parser is the state of ParseString: the attributes and values defined
// so far, and the clues and questions waiting for them.
type parser struct {
	p       *Puzzle
	src     string
	values  map[string]int // value name -> global index
	valueAt map[string]where
	attrs   map[string]int
	attrAt  map[string]where
	todo    []pending
}

// errf returns an error at line and col that quotes the line.
func (ps *parser) errf(line, col int, format string, args ...any) error {
	e := textpos.Errorf(ps.p.Name, textpos.Pos{Line: line, Col: col}, format, args...)
	e.Source = textpos.Line(ps.src, line)
	return e
}

// nameError returns the error for field f of line, which is not a
// name, or nil.
func (ps *parser) nameError(line int, f field) error {
	if j := badName(f.s); j >= 0 {
		return ps.errf(line, f.col+j, "%q is not a name: names start with a letter or \"_\" and hold letters, digits, \"_\", \"-\", \"'\" or \".\"", f.s)
	}
	return nil
}

// line reads one line: "NAME: ..." defines an attribute or asks a
// question, any other a clue; "#" starts a comment.
func (ps *parser) line(line int, text string) error {
	if !utf8.ValidString(text) {
		return ps.errf(line, 1, "invalid UTF-8")
	}
	if i := strings.IndexByte(text, '#'); i >= 0 {
		text = text[:i]
	}
	if i := strings.IndexByte(text, ':'); i >= 0 {
		return ps.colonLine(line, text, i)
	}
	return ps.clue(line, text)
}

// colonLine reads a line with a ":" at byte i: "who: VALUE [ATTRIBUTE]"
// or "ATTRIBUTE: VALUE ...".
func (ps *parser) colonLine(line int, text string, i int) error {
	head := fields(text[:i])
	colonCol := i + 1
	if len(head) != 1 {
		if len(head) == 0 {
			return ps.errf(line, colonCol, "expected an attribute name before \":\"")
		}
		return ps.errf(line, head[1].col, "expected \":\" after %q, got %q", head[0].s, head[1].s)
	}
	rest := fields(text[i+1:])
	for k := range rest {
		rest[k].col += colonCol
	}
	for _, f := range append(head, rest...) {
		if err := ps.nameError(line, f); err != nil {
			return err
		}
	}
	if head[0].s == "who" {
		if len(rest) == 0 || len(rest) > 2 {
			return ps.errf(line, head[0].col, "a question is \"who: VALUE [ATTRIBUTE]\"")
		}
		ps.todo = append(ps.todo, pending{q: true, args: rest, clue: Clue{Line: line}})
		return nil
	}
	return ps.attribute(line, head[0], rest, colonCol)
}

// attribute defines attribute head with values rest: the first
// attribute sets the number of houses, the others must have as many.
func (ps *parser) attribute(line int, head field, rest []field, colonCol int) error {
	p := ps.p
	an := head.s
	if w, dup := ps.attrAt[an]; dup {
		return ps.errf(line, head.col, "attribute %q is already defined at %d:%d", an, w.line, w.col)
	}
	if len(rest) == 0 {
		return ps.errf(line, colonCol, "attribute %q has no values", an)
	}
	if len(p.Attrs) == 0 {
		if len(rest) > MaxHouses {
			return ps.errf(line, rest[MaxHouses].col, "attribute %q has %d values, more than %d", an, len(rest), MaxHouses)
		}
		p.N = len(rest)
	} else if len(rest) != p.N {
		col := colonCol
		if len(rest) > p.N {
			col = rest[p.N].col
		}
		return ps.errf(line, col, "attribute %q has %d values, want %d like %q", an, len(rest), p.N, p.Attrs[0].Name)
	}
	if len(p.Attrs) == MaxAttributes {
		return ps.errf(line, head.col, "more than %d attributes", MaxAttributes)
	}
	ps.attrs[an] = len(p.Attrs)
	ps.attrAt[an] = where{line, head.col}
	a := Attribute{Name: an, Line: line}
	for _, f := range rest {
		if w, dup := ps.valueAt[f.s]; dup {
			return ps.errf(line, f.col, "value %q is already defined at %d:%d", f.s, w.line, w.col)
		}
		ps.values[f.s] = len(p.Attrs)*p.N + len(a.Values)
		ps.valueAt[f.s] = where{line, f.col}
		a.Values = append(a.Values, f.s)
	}
	p.Attrs = append(p.Attrs, a)
	return nil
}

// clue reads a clue line, "[not] REL A B" or "[not] at HOUSE A"; its
// values are resolved later.
func (ps *parser) clue(line int, text string) error {
	fs := fields(text)
	if len(fs) == 0 {
		return nil
	}
	pd := pending{clue: Clue{Line: line}}
	if fs[0].s == "not" {
		pd.clue.Not = true
		fs = fs[1:]
		if len(fs) == 0 {
			return ps.errf(line, len(text)+1, "expected a relation after \"not\"")
		}
	}
	pd.rel = fs[0]
	rel := -1
	for k, rn := range relNames {
		if fs[0].s == rn {
			rel = k
		}
	}
	if rel < 0 {
		return ps.errf(line, fs[0].col, "unknown relation %q: want same, left-of, right-of, next-to, before, after or at (or \"name: values\" for an attribute)", fs[0].s)
	}
	pd.clue.Rel = Rel(rel)
	args := fs[1:]
	if pd.clue.Rel == At {
		if len(args) != 2 {
			return ps.errf(line, fs[0].col, "\"at\" takes a house number and a value, got %d arguments", len(args))
		}
		pd.house = args[0]
		args = args[1:]
	} else if len(args) != 2 {
		return ps.errf(line, fs[0].col, "%q takes 2 values, got %d", fs[0].s, len(args))
	}
	for _, f := range args {
		if err := ps.nameError(line, f); err != nil {
			return err
		}
	}
	pd.args = args
	if len(ps.todo) >= MaxClues {
		return ps.errf(line, fs[0].col, "more than %d clues", MaxClues)
	}
	ps.todo = append(ps.todo, pd)
	return nil
}

// value returns the global index of the value field f of line names.
func (ps *parser) value(f field, line int) (int, error) {
	v, ok := ps.values[f.s]
	if !ok {
		return 0, ps.errf(line, f.col, "unknown value %q", f.s)
	}
	return v, nil
}

// resolve turns a pending question or clue into the puzzle's, its names
// into value and attribute indexes.
func (ps *parser) resolve(pd pending) error {
	p := ps.p
	line := pd.clue.Line
	if pd.q {
		v, err := ps.value(pd.args[0], line)
		if err != nil {
			return err
		}
		q := Question{Value: v, Line: line}
		if len(pd.args) == 2 {
			a, ok := ps.attrs[pd.args[1].s]
			if !ok {
				return ps.errf(line, pd.args[1].col, "unknown attribute %q", pd.args[1].s)
			}
			q.Attr = a
		}
		p.Questions = append(p.Questions, q)
		return nil
	}
	c := pd.clue
	var err error
	if c.Rel == At {
		h, err := strconv.Atoi(pd.house.s)
		if err != nil || h < 1 || h > p.N {
			return ps.errf(line, pd.house.col, "house %q: want a number from 1 to %d", pd.house.s, p.N)
		}
		c.House = h
		if c.A, err = ps.value(pd.args[0], line); err != nil {
			return err
		}
	} else {
		if c.A, err = ps.value(pd.args[0], line); err != nil {
			return err
		}
		if c.B, err = ps.value(pd.args[1], line); err != nil {
			return err
		}
	}
	p.Clues = append(p.Clues, c)
	return nil
}

// ClueString returns clue c in the syntax Parse reads.
func (p *Puzzle) ClueString(c Clue) string {
	var b strings.Builder
	if c.Not {
		b.WriteString("not ")
	}
	b.WriteString(c.Rel.String())
	if c.Rel == At {
		fmt.Fprintf(&b, " %d %s", c.House, p.Value(c.A))
	} else {
		fmt.Fprintf(&b, " %s %s", p.Value(c.A), p.Value(c.B))
	}
	return b.String()
}

// Lines returns the puzzle in the syntax Parse reads, one line per element:
// attributes, clues, questions, without comments.
func (p *Puzzle) Lines() []string {
	var out []string
	for _, a := range p.Attrs {
		out = append(out, a.Name+": "+strings.Join(a.Values, " "))
	}
	for _, c := range p.Clues {
		out = append(out, p.ClueString(c))
	}
	for _, q := range p.Questions {
		s := "who: " + p.Value(q.Value)
		if q.Attr != 0 {
			s += " " + p.Attrs[q.Attr].Name
		}
		out = append(out, s)
	}
	return out
}

// String returns the puzzle in the syntax Parse reads (see Lines).
func (p *Puzzle) String() string { return strings.Join(p.Lines(), "\n") + "\n" }
