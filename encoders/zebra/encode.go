package zebra

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/header"
	"github.com/pipesat/pipesat/textpos"
)

// Var returns the variable "value i is in house h" (h from 1).
func (p *Puzzle) Var(i, h int) int { return i*p.N + h }

// Primary returns the number of primary variables, A*N*N.
func (p *Puzzle) Primary() int { return p.NumValues() * p.N }

// pair is one disjunct of a positive relation: A in house ha, B in hb.
type pair struct{ ha, hb int }

// pairs returns the house pairs (A's house, B's house) that satisfy the
// relation of c, which is not At.
func (p *Puzzle) pairs(c Clue) []pair {
	var out []pair
	for h := 1; h <= p.N; h++ {
		switch c.Rel {
		case Same:
			out = append(out, pair{h, h})
		case LeftOf:
			if h < p.N {
				out = append(out, pair{h, h + 1})
			}
		case RightOf:
			if h > 1 {
				out = append(out, pair{h, h - 1})
			}
		case NextTo:
			if h > 1 {
				out = append(out, pair{h, h - 1})
			}
			if h < p.N {
				out = append(out, pair{h, h + 1})
			}
		case Before:
			for h2 := h + 1; h2 <= p.N; h2++ {
				out = append(out, pair{h, h2})
			}
		case After:
			for h2 := 1; h2 < h; h2++ {
				out = append(out, pair{h, h2})
			}
		}
	}
	return out
}

// Encode writes the CNF of p into f, which should be empty: header
// comments, named variables (auxiliaries included) and clauses as the
// package documentation says. It is EncodeStyle with Names All.
func Encode(p *Puzzle, f *dimacs.Formula) { EncodeStyle(p, f, header.Style{Names: header.All}) }

// NewFormula returns the CNF of p written as st says: see EncodeStyle.
func NewFormula(p *Puzzle, st header.Style) *dimacs.Formula {
	f := &dimacs.Formula{}
	EncodeStyle(p, f, st)
	return f
}

// WriteHeader appends p's header lines to f: "pipesat zebra N A", the
// puzzle as "pipesat zebra-text" lines and "pipesat primary 1-A*N*N".
// FromHeader reads them back.
func WriteHeader(f *dimacs.Formula, p *Puzzle) {
	f.Commentf("pipesat zebra %d %d", p.N, len(p.Attrs))
	for _, l := range p.Lines() {
		f.Commentf("pipesat zebra-text %s", l)
	}
	f.Commentf("pipesat primary 1-%d", p.Primary())
}

// EncodeStyle writes the CNF of p into f, which should be empty: the
// provenance header (st.Header, when set), the puzzle's header
// (WriteHeader), names as st.Names says (values "Norwegian@1"; with All
// the clue auxiliaries too: "next-to(Norwegian,blue)@1-2", the clue holds
// with Norwegian in house 1 and blue in 2) and, with st.Comments, a group
// comment before each value's and house's exactly-one and each clue.
func EncodeStyle(p *Puzzle, f *dimacs.Formula, st header.Style) {
	h := st.Header
	if h.Encoding == "" {
		h.Encoding = "direct"
	}
	h.Write(f)
	WriteHeader(f, p)
	for i := 0; i < p.NumValues(); i++ {
		for h := 1; h <= p.N; h++ {
			v := f.NewVar()
			if st.Names != header.None {
				f.SetName(v, p.Value(i)+"@"+strconv.Itoa(h))
			}
		}
	}
	g := st.Grouper(f)
	group := func(format string, args ...any) {
		if g != nil {
			g.Groupf(format, args...)
		}
	}
	// Each attribute is a permutation of its values over the houses.
	for a := range p.Attrs {
		for k := 0; k < p.N; k++ {
			i := a*p.N + k
			group("%s %s: in exactly one house", p.Attrs[a].Name, p.Value(i))
			for h := 1; h <= p.N; h++ { // value i somewhere
				f.Add(p.Var(i, h))
			}
			f.Add(0)
			for h := 1; h <= p.N; h++ { // value i in at most one house
				for h2 := h + 1; h2 <= p.N; h2++ {
					f.AddClause(-p.Var(i, h), -p.Var(i, h2))
				}
			}
		}
		for h := 1; h <= p.N; h++ {
			group("house %d: exactly one %s", h, p.Attrs[a].Name)
			for k := 0; k < p.N; k++ { // house h has some value of a
				f.Add(p.Var(a*p.N+k, h))
			}
			f.Add(0)
			for k := 0; k < p.N; k++ { // and at most one
				for k2 := k + 1; k2 < p.N; k2++ {
					f.AddClause(-p.Var(a*p.N+k, h), -p.Var(a*p.N+k2, h))
				}
			}
		}
	}
	var name func(int, string)
	clue := 0 // the clue being encoded
	if setName := st.Namer(f); setName != nil {
		// A clue given twice would name its auxiliaries twice alike.
		seen := map[string]bool{}
		name = func(v int, n string) {
			if seen[n] {
				n += " (clue " + strconv.Itoa(clue+1) + ")"
			}
			seen[n] = true
			setName(v, n)
		}
	}
	for k, c := range p.Clues {
		clue = k
		group("clue %d: %s", k+1, p.ClueString(c))
		encodeClue(p, f, c, name)
	}
}

// encodeClue writes clue c, naming its auxiliaries with name if not nil.
func encodeClue(p *Puzzle, f *dimacs.Formula, c Clue, name func(int, string)) {
	if c.Rel == At {
		l := p.Var(c.A, c.House)
		if c.Not {
			l = -l
		}
		f.AddClause(l)
		return
	}
	prs := p.pairs(c)
	if c.Not {
		for _, pr := range prs {
			f.AddClause(-p.Var(c.A, pr.ha), -p.Var(c.B, pr.hb))
		}
		return
	}
	if len(prs) == 0 { // e.g. left-of with one house: impossible
		x := f.NewVar()
		if name != nil {
			name(x, fmt.Sprintf("%s(%s,%s)@none", c.Rel, p.Value(c.A), p.Value(c.B)))
		}
		f.AddClause(x)
		f.AddClause(-x)
		return
	}
	var ps []int
	for _, pr := range prs {
		a, b := p.Var(c.A, pr.ha), p.Var(c.B, pr.hb)
		x := f.NewVar()
		where := strconv.Itoa(pr.ha)
		if pr.hb != pr.ha {
			where += "-" + strconv.Itoa(pr.hb)
		}
		if name != nil {
			name(x, fmt.Sprintf("%s(%s,%s)@%s", c.Rel, p.Value(c.A), p.Value(c.B), where))
		}
		// x <-> a & b, the seed article's middle_p.
		f.AddClause(-a, -b, x)
		f.AddClause(-x, a)
		f.AddClause(-x, b)
		ps = append(ps, x)
	}
	f.AddClause(ps...)
}

// Solution gives, for each attribute, the value (global index) in each
// house: Houses[h-1][a].
type Solution struct {
	Houses [][]int
}

// FromModel reads the solution of p in model m. It fails if a value is in
// no house or several, or a house has several values of one attribute.
func FromModel(p *Puzzle, m dimacs.Model) (*Solution, error) {
	s := &Solution{Houses: make([][]int, p.N)}
	for h := range s.Houses {
		s.Houses[h] = make([]int, len(p.Attrs))
		for a := range s.Houses[h] {
			s.Houses[h][a] = -1
		}
	}
	for i := 0; i < p.NumValues(); i++ {
		var in []int
		for h := 1; h <= p.N; h++ {
			if v, ok := m.Value(p.Var(i, h)); ok && v {
				in = append(in, h)
			}
		}
		if len(in) != 1 {
			return nil, fmt.Errorf("the model puts %s in %d houses %v, not one", p.Value(i), len(in), in)
		}
		a := i / p.N
		if prev := s.Houses[in[0]-1][a]; prev >= 0 {
			return nil, fmt.Errorf("the model puts both %s and %s in house %d", p.Value(prev), p.Value(i), in[0])
		}
		s.Houses[in[0]-1][a] = i
	}
	return s, nil
}

// House returns the house (from 1) of value i.
func (s *Solution) House(p *Puzzle, i int) int {
	a := i / p.N
	for h := range s.Houses {
		if s.Houses[h][a] == i {
			return h + 1
		}
	}
	return 0
}

// Holds reports whether clue c is true in s, read directly from the
// houses: the oracle the encoding is checked against.
func (s *Solution) Holds(p *Puzzle, c Clue) bool {
	ha := s.House(p, c.A)
	var ok bool
	switch c.Rel {
	case At:
		ok = ha == c.House
	case Same:
		ok = ha == s.House(p, c.B)
	case LeftOf:
		ok = ha+1 == s.House(p, c.B)
	case RightOf:
		ok = ha-1 == s.House(p, c.B)
	case NextTo:
		d := ha - s.House(p, c.B)
		ok = d == 1 || d == -1
	case Before:
		ok = ha < s.House(p, c.B)
	case After:
		ok = ha > s.House(p, c.B)
	}
	return ok != c.Not
}

// Check returns an error naming the first clue s breaks, or nil.
func (s *Solution) Check(p *Puzzle) error {
	for _, c := range p.Clues {
		if !s.Holds(p, c) {
			return fmt.Errorf("%s:%d: the solution breaks clue %q", p.Name, c.Line, p.ClueString(c))
		}
	}
	return nil
}

// Answer returns the answer to question q in s: the value of q's attribute
// in the house of q's value.
func (s *Solution) Answer(p *Puzzle, q Question) string {
	return p.Value(s.Houses[s.House(p, q.Value)-1][q.Attr])
}

// Equal reports whether s and t put every value in the same house.
func (s *Solution) Equal(t *Solution) bool {
	for h := range s.Houses {
		for a := range s.Houses[h] {
			if s.Houses[h][a] != t.Houses[h][a] {
				return false
			}
		}
	}
	return true
}

// FromHeader rebuilds the puzzle from the "pipesat zebra-text" lines among
// the header comment lines (without "c "), or returns nil if there are none.
// An error in one line, the puzzle's included, is a *dimacs.HeaderLineError
// (see dimacs.Output.Locate).
func FromHeader(lines []string) (*Puzzle, error) {
	const text = "pipesat zebra-text "
	var b strings.Builder
	var textLines []int // the index in lines of each line of the puzzle
	n, attrs, nLine := -1, -1, 0
	for i, l := range lines {
		if rest, ok := strings.CutPrefix(l, text); ok {
			b.WriteString(rest)
			b.WriteByte('\n')
			textLines = append(textLines, i)
		} else if rest, ok := strings.CutPrefix(l, "pipesat zebra "); ok {
			if _, err := fmt.Sscanf(rest, "%d %d", &n, &attrs); err != nil {
				return nil, dimacs.HeaderErr(i, fmt.Errorf("bad header line %q: want \"c pipesat zebra HOUSES ATTRIBUTES\"", "c "+l))
			}
			nLine = i
		}
	}
	if b.Len() == 0 {
		if n >= 0 {
			return nil, dimacs.HeaderErr(nLine, errors.New("\"c pipesat zebra\" header without the puzzle's \"c pipesat zebra-text\" lines"))
		}
		return nil, nil
	}
	p, err := ParseString(b.String(), "<header>")
	var te *textpos.Error
	switch {
	case errors.As(err, &te) && te.Line >= 1 && te.Line <= len(textLines):
		col := 0
		if te.Col > 0 {
			col = te.Col + len(text)
		}
		return nil, &dimacs.HeaderLineError{Index: textLines[te.Line-1], Col: col, Err: fmt.Errorf("the puzzle in the header: %s", te.Msg)}
	case err != nil:
		return nil, fmt.Errorf("the puzzle in the header: %w", err)
	}
	if n >= 0 && (p.N != n || len(p.Attrs) != attrs) {
		return nil, dimacs.HeaderErr(nLine, fmt.Errorf("header says %d houses and %d attributes, its puzzle has %d and %d", n, attrs, p.N, len(p.Attrs)))
	}
	return p, nil
}

// ErrNoPuzzle is returned when a decoder has no puzzle to decode against.
var ErrNoPuzzle = errors.New("no \"c pipesat zebra\" header in the solver output: give --puzzle FILE")

// Format writes s as a table, one line per house with all its values, and
// a line "value: answer" per question of p. Columns are padded with spaces
// to line up; there is no trailing space.
func (s *Solution) Format(w io.Writer, p *Puzzle) error {
	rows := [][]string{{"house"}}
	for _, a := range p.Attrs {
		rows[0] = append(rows[0], a.Name)
	}
	for h, vs := range s.Houses {
		r := []string{strconv.Itoa(h + 1)}
		for _, i := range vs {
			r = append(r, p.Value(i))
		}
		rows = append(rows, r)
	}
	width := make([]int, len(rows[0]))
	for _, r := range rows {
		for c, cell := range r {
			width[c] = max(width[c], utf8.RuneCountInString(cell))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		for c, cell := range r {
			b.WriteString(cell)
			if c < len(r)-1 {
				b.WriteString(strings.Repeat(" ", width[c]-utf8.RuneCountInString(cell)+2))
			}
		}
		b.WriteByte('\n')
	}
	for _, q := range p.Questions {
		fmt.Fprintf(&b, "%s: %s\n", p.Value(q.Value), s.Answer(p, q))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
