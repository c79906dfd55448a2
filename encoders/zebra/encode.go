package zebra

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
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

// Encode writes p's formula to dst, as dimacs.EncodeFunc says: the
// provenance (st.Provenance, when set; encoding "direct"), the puzzle
// lines (PuzzleLines), names as st.Names says (values "Norwegian@1"; with
// All the clue auxiliaries too: "next-to(Norwegian,blue)@1-2", the clue
// holds with Norwegian in house 1 and blue in 2), then the clauses as the
// package documentation says, with st.Comments a group comment before
// each value's and house's exactly-one and each clue. It returns the
// number of variables.
func Encode(dst dimacs.Adder, p *Puzzle, st cnfstyle.Style) int {
	s := st.Sink(dst)
	s.WriteProvenance(st.Provenance, "direct")
	s.Lines(PuzzleLines(p)...)
	if s.Primary != nil {
		for i := 0; i < p.NumValues(); i++ {
			for h := 1; h <= p.N; h++ {
				s.Primary.SetName(p.Var(i, h), p.Value(i)+"@"+strconv.Itoa(h))
			}
		}
	}
	// Each attribute is a permutation of its values over the houses.
	for a := range p.Attrs {
		for k := 0; k < p.N; k++ {
			i := a*p.N + k
			s.Groupf("%s %s: in exactly one house", p.Attrs[a].Name, p.Value(i))
			for h := 1; h <= p.N; h++ { // value i somewhere
				s.Add(p.Var(i, h))
			}
			s.Add(0)
			for h := 1; h <= p.N; h++ { // value i in at most one house
				for h2 := h + 1; h2 <= p.N; h2++ {
					s.Clause(-p.Var(i, h), -p.Var(i, h2))
				}
			}
		}
		for h := 1; h <= p.N; h++ {
			s.Groupf("house %d: exactly one %s", h, p.Attrs[a].Name)
			for k := 0; k < p.N; k++ { // house h has some value of a
				s.Add(p.Var(a*p.N+k, h))
			}
			s.Add(0)
			for k := 0; k < p.N; k++ { // and at most one
				for k2 := k + 1; k2 < p.N; k2++ {
					s.Clause(-p.Var(a*p.N+k, h), -p.Var(a*p.N+k2, h))
				}
			}
		}
	}
	e := &clueEncoder{p: p, s: s, vars: p.Primary()}
	if s.Aux != nil {
		// A clue given twice would name its auxiliaries twice alike.
		e.seen = map[string]bool{}
	}
	for k, c := range p.Clues {
		e.clue = k
		s.BeginGroup(p.ClueGroupName(c))
		s.Groupf("clue %d: %s", k+1, p.ClueString(c))
		e.encode(c)
	}
	return e.vars
}

// ClueGroupName returns the name of clue c's group, by its line in the
// puzzle file: "clue line 12: same Brit red". The permutations (each
// value in one house, each house one value of each attribute) are group
// 0: they only say what the variables mean.
func (p *Puzzle) ClueGroupName(c Clue) string {
	return "clue line " + strconv.Itoa(c.Line) + ": " + p.ClueString(c)
}

// PuzzleLines returns p's puzzle lines, the comment texts decoders read
// back with ReadPuzzleLines: "pipesat zebra N A", the puzzle as "pipesat
// zebra-text" lines and "pipesat primary 1-A*N*N".
func PuzzleLines(p *Puzzle) []string {
	out := []string{fmt.Sprintf("pipesat zebra %d %d", p.N, len(p.Attrs))}
	for _, l := range p.Lines() {
		out = append(out, "pipesat zebra-text "+l)
	}
	return append(out, fmt.Sprintf("pipesat primary 1-%d", p.Primary()))
}

// clueEncoder writes the clues, numbering their auxiliary variables.
type clueEncoder struct {
	p    *Puzzle
	s    *cnfstyle.Sink
	vars int             // the last variable used
	clue int             // the clue being encoded, from 0
	seen map[string]bool // auxiliaries' names so far, when they are named
}

// newVar returns a new auxiliary variable, named name() when auxiliaries
// are named.
func (e *clueEncoder) newVar(name func() string) int {
	e.vars++
	if e.s.Aux != nil {
		n := name()
		if e.seen[n] {
			n += " (clue " + strconv.Itoa(e.clue+1) + ")"
		}
		e.seen[n] = true
		e.s.Aux.SetName(e.vars, n)
	}
	return e.vars
}

// encode writes clue c.
func (e *clueEncoder) encode(c Clue) {
	p, s := e.p, e.s
	if c.Rel == At {
		l := p.Var(c.A, c.House)
		if c.Not {
			l = -l
		}
		s.Clause(l)
		return
	}
	prs := p.pairs(c)
	if c.Not {
		for _, pr := range prs {
			s.Clause(-p.Var(c.A, pr.ha), -p.Var(c.B, pr.hb))
		}
		return
	}
	if len(prs) == 0 { // e.g. left-of with one house: impossible
		x := e.newVar(func() string { return fmt.Sprintf("%s(%s,%s)@none", c.Rel, p.Value(c.A), p.Value(c.B)) })
		s.Clause(x)
		s.Clause(-x)
		return
	}
	var ps []int
	for _, pr := range prs {
		a, b := p.Var(c.A, pr.ha), p.Var(c.B, pr.hb)
		x := e.newVar(func() string {
			where := strconv.Itoa(pr.ha)
			if pr.hb != pr.ha {
				where += "-" + strconv.Itoa(pr.hb)
			}
			return fmt.Sprintf("%s(%s,%s)@%s", c.Rel, p.Value(c.A), p.Value(c.B), where)
		})
		// x <-> a & b, the seed article's middle_p.
		s.Clause(-a, -b, x)
		s.Clause(-x, a)
		s.Clause(-x, b)
		ps = append(ps, x)
	}
	s.Clause(ps...)
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

// ReadPuzzleLines rebuilds the puzzle from the "pipesat zebra-text" lines
// among lines (comment texts without "c "), or returns nil if there are
// none. An error in one line, the puzzle's included, is a
// *dimacs.PipesatLineError (see dimacs.Output.Locate).
func ReadPuzzleLines(lines []string) (*Puzzle, error) {
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
				return nil, dimacs.PipesatLineErr(i, fmt.Errorf("bad header line %q: want \"c pipesat zebra HOUSES ATTRIBUTES\"", "c "+l))
			}
			nLine = i
		}
	}
	if b.Len() == 0 {
		if n >= 0 {
			return nil, dimacs.PipesatLineErr(nLine, errors.New("\"c pipesat zebra\" header without the puzzle's \"c pipesat zebra-text\" lines"))
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
		return nil, &dimacs.PipesatLineError{Index: textLines[te.Line-1], Col: col, Err: fmt.Errorf("the puzzle in the header: %s", te.Msg)}
	case err != nil:
		return nil, fmt.Errorf("the puzzle in the header: %w", err)
	}
	if n >= 0 && (p.N != n || len(p.Attrs) != attrs) {
		return nil, dimacs.PipesatLineErr(nLine, fmt.Errorf("header says %d houses and %d attributes, its puzzle has %d and %d", n, attrs, p.N, len(p.Attrs)))
	}
	return p, nil
}

// ErrNoPuzzle is returned when a decoder has no puzzle to decode against:
// the solver output has no puzzle lines and the caller gave no puzzle.
var ErrNoPuzzle = errors.New("no \"c pipesat zebra\" header in the solver output")

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
