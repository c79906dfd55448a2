package nonogram

import (
	"fmt"
	"strconv"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/header"
)

// Encoding selects how a line's clue becomes clauses.
type Encoding int

const (
	// Automaton (the default) unrolls each line's automaton over its cells;
	// unit propagation alone is a complete line solver.
	Automaton Encoding = iota
	// Runs is the run-start encoding of the GCHQ article, as written there.
	Runs
	// Patterns enumerates every placement of each line's runs.
	Patterns
)

var encodingNames = []string{"automaton", "runs", "patterns"}

// String returns the encoding's flag value.
func (e Encoding) String() string {
	if int(e) < len(encodingNames) {
		return encodingNames[e]
	}
	return "Encoding(" + strconv.Itoa(int(e)) + ")"
}

// ParseEncoding returns the Encoding called s.
func ParseEncoding(s string) (Encoding, error) {
	for i, n := range encodingNames {
		if s == n {
			return Encoding(i), nil
		}
	}
	return 0, fmt.Errorf("unknown encoding %q (want automaton, runs or patterns)", s)
}

// DefaultMaxPatterns is Options.MaxPatterns when it is 0.
const DefaultMaxPatterns = 200000

// Options control Encode.
type Options struct {
	Encoding Encoding
	// MaxPatterns bounds the total number of line patterns the Patterns
	// encoding may enumerate, checked before any is built; 0 means
	// DefaultMaxPatterns.
	MaxPatterns int
	// Name, if not nil, is called with each auxiliary variable and its
	// name (cells are not passed: see CellName).
	Name func(v int, name string)
	// Style selects the names, group comments and provenance header
	// NewFormula writes; Encode writes group comments (when
	// Style.Comments is set and dst is a dimacs.Grouper) and ignores
	// the rest.
	header.Style
}

// Stats describes an encoding's size.
type Stats struct {
	Vars, Clauses, Lits int
}

// constant literals used while building clauses; never written.
const (
	litTrue  = 1 << 30
	litFalse = -litTrue
)

// sink simplifies clauses (drops true clauses, false literals, repeated
// literals) and passes them on, counting.
type sink struct {
	dst  dimacs.Adder
	vars int
	name func(int, string)
	g    dimacs.Grouper // nil: no group comments
	// pending is the group comment to write before the next clause, so
	// that a group without clauses leaves no comment.
	pending string
	st      Stats
	buf     []int
}

// group starts a group comment "<line>, clue <clue>: what" when comments
// are on.
func (s *sink) group(p *Puzzle, isRow bool, i int, what string) {
	if s.g == nil {
		return
	}
	clue, _ := p.Line(isRow, i)
	s.pending = LineName(isRow, i) + ", clue " + p.clueString(clue, p.LineColours(isRow, i), " ") + ": " + what
}

func (s *sink) newVar(name func() string) int {
	s.vars++
	if s.name != nil {
		s.name(s.vars, name())
	}
	return s.vars
}

func (s *sink) clause(lits ...int) {
	s.buf = s.buf[:0]
outer:
	for _, l := range lits {
		switch l {
		case litTrue:
			return
		case litFalse:
			continue
		}
		for _, k := range s.buf {
			if k == l {
				continue outer
			}
			if k == -l {
				return
			}
		}
		s.buf = append(s.buf, l)
	}
	if s.pending != "" {
		s.g.Groupf("%s", s.pending)
		s.pending = ""
	}
	for _, l := range s.buf {
		s.dst.Add(l)
	}
	s.dst.Add(0)
	s.st.Clauses++
	s.st.Lits += len(s.buf)
}

// Encode writes the clauses of p in the chosen encoding to dst. Cell (r, c)
// is variable r*Width+c+1 (see Puzzle.Var); auxiliary variables follow
// from Width*Height+1. Givens become unit clauses. A colour puzzle has K
// variables per cell (see Puzzle.ColourVar), auxiliaries from
// Width*Height*K+1, and only the Automaton encoding. Encode returns the
// size of what it wrote; it fails only when the Patterns encoding would
// exceed MaxPatterns, before writing anything.
func Encode(p *Puzzle, dst dimacs.Adder, opts Options) (Stats, error) {
	if p.IsColour() {
		if opts.Encoding != Automaton {
			return Stats{}, fmt.Errorf("the %s encoding has no colours: colour puzzles use the automaton encoding", opts.Encoding)
		}
		s := &sink{dst: dst, vars: p.Width * p.Height * len(p.Colours), name: opts.Name, g: opts.Grouper(dst)}
		encodeColourAutomaton(p, s)
		s.st.Vars = s.vars
		return s.st, nil
	}
	s := &sink{dst: dst, vars: p.Width * p.Height, name: opts.Name, g: opts.Grouper(dst)}
	switch opts.Encoding {
	case Automaton:
		encodeAutomaton(p, s)
	case Runs:
		encodeRuns(p, s)
	case Patterns:
		max := opts.MaxPatterns
		if max == 0 {
			max = DefaultMaxPatterns
		}
		if err := encodePatterns(p, s, max); err != nil {
			return Stats{}, err
		}
	default:
		return Stats{}, fmt.Errorf("unknown encoding %v", opts.Encoding)
	}
	if s.g != nil {
		s.pending = fmt.Sprintf("givens: %d cells known black", len(p.Givens))
	}
	for _, g := range p.Givens {
		s.clause(p.Var(g.Row, g.Col))
	}
	s.st.Vars = s.vars
	return s.st, nil
}

// lineLits returns the cell variables of row i (isRow) or column i.
func (p *Puzzle) lineLits(isRow bool, i int) []int {
	if isRow {
		x := make([]int, p.Width)
		for c := range x {
			x[c] = p.Var(i, c)
		}
		return x
	}
	x := make([]int, p.Height)
	for r := range x {
		x[r] = p.Var(r, i)
	}
	return x
}

// linePrefix is the prefix of auxiliary variable names for a line: "r3",
// "c12".
func linePrefix(isRow bool, i int) string {
	if isRow {
		return "r" + strconv.Itoa(i+1)
	}
	return "c" + strconv.Itoa(i+1)
}

// Formula encodes p into a new dimacs.Formula with the pipesat header
// comments ("pipesat nonogram W H", "pipesat primary 1-N", the encoding)
// and a name for every cell ("r3c4", 1-based); auxiliary variables are
// named too when names is true. It is NewFormula with opts.Names set to
// Primary or All, kept for the commands that call it.
func Formula(p *Puzzle, opts Options, names bool) (*dimacs.Formula, Stats, error) {
	opts.Names = header.Primary
	if names {
		opts.Names = header.All
	}
	return NewFormula(p, opts)
}

// WriteHeader appends the puzzle's header lines to f: "pipesat nonogram
// W H" and "pipesat primary 1-W*H". ReadHeader reads them back.
func WriteHeader(f *dimacs.Formula, w, h int) {
	f.Comments = append(f.Comments, "pipesat nonogram "+strconv.Itoa(w)+" "+strconv.Itoa(h), "pipesat primary 1-"+strconv.Itoa(w*h))
}

// WriteColourHeader appends a colour puzzle's header lines to f: "pipesat
// nonogram W H colours 0=rrggbb C=rrggbb ..." (the palette, background
// first, see PaletteLine) and "pipesat primary 1-W*H*K".
// ReadColourHeader reads them back.
func WriteColourHeader(f *dimacs.Formula, w, h int, colours []Colour) {
	f.Comments = append(f.Comments, "pipesat nonogram "+strconv.Itoa(w)+" "+strconv.Itoa(h)+" colours "+PaletteLine(colours), "pipesat primary 1-"+strconv.Itoa(w*h*len(colours)))
}

// NewFormula encodes p into a new dimacs.Formula: the title, the
// provenance header (opts.Header, when set), the puzzle's header
// (WriteHeader) and a comment on the encoding, names as opts.Names says
// (cells "r3c4", 1-based; auxiliaries "r3.s2.5" automaton state 2 after
// cell 5 of row 3, "c4.run1@3" run 1 of column 4 starts at cell 3,
// "r3.p7" pattern 7 of row 3) and group comments when opts.Comments.
func NewFormula(p *Puzzle, opts Options) (*dimacs.Formula, Stats, error) {
	f := &dimacs.Formula{}
	if p.Title != "" {
		f.Commentf("%s", strconv.Quote(p.Title))
	}
	h := opts.Header
	if h.Encoding == "" {
		h.Encoding = opts.Encoding.String()
	}
	h.Write(f)
	if p.IsColour() {
		WriteColourHeader(f, p.Width, p.Height, p.Colours)
		K := len(p.Colours)
		f.Commentf("encoding %s; cell r<row>c<col> in colour C is variable ((row-1)*%d+col-1)*%d+k+1, C the k-th (from 0) of %s; named r<row>c<col>=C from r1c1=0", opts.Encoding, p.Width, K, p.paletteChars())
		if opts.Names != header.None {
			for r := range p.Height {
				for c := range p.Width {
					for k := range K {
						f.SetName(p.ColourVar(r, c, k), p.ColourCellName(r, c, k))
					}
				}
			}
		}
	} else {
		WriteHeader(f, p.Width, p.Height)
		f.Commentf("encoding %s; cells are variables 1-%d row by row, named r<row>c<col> from r1c1", opts.Encoding, p.Width*p.Height)
	}
	if opts.Names != header.None && !p.IsColour() {
		for r := range p.Height {
			for c := range p.Width {
				f.SetName(p.Var(r, c), CellName(r, c))
			}
		}
	}
	if opts.Names == header.All {
		opts.Name = f.SetName
	}
	st, err := Encode(p, f, opts)
	if err != nil {
		return nil, Stats{}, err
	}
	f.Vars = st.Vars
	return f, st, nil
}
