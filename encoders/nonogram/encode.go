package nonogram

import (
	"fmt"
	"strconv"

	"github.com/pipesat/pipesat/dimacs"
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
	st   Stats
	buf  []int
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
	for _, l := range s.buf {
		s.dst.Add(l)
	}
	s.dst.Add(0)
	s.st.Clauses++
	s.st.Lits += len(s.buf)
}

// Encode writes the clauses of p in the chosen encoding to dst. Cell (r, c)
// is variable r*Width+c+1 (see Puzzle.Var); auxiliary variables follow
// from Width*Height+1. Givens become unit clauses. Encode returns the
// size of what it wrote; it fails only when the Patterns encoding would
// exceed MaxPatterns, before writing anything.
func Encode(p *Puzzle, dst dimacs.Adder, opts Options) (Stats, error) {
	s := &sink{dst: dst, vars: p.Width * p.Height, name: opts.Name}
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
// named too when names is true.
func Formula(p *Puzzle, opts Options, names bool) (*dimacs.Formula, Stats, error) {
	f := &dimacs.Formula{}
	if p.Title != "" {
		f.Commentf("%s", strconv.Quote(p.Title))
	}
	f.Commentf("pipesat nonogram %d %d", p.Width, p.Height)
	f.Commentf("pipesat primary 1-%d", p.Width*p.Height)
	f.Commentf("encoding %s; cells are variables 1-%d row by row, named r<row>c<col> from r1c1", opts.Encoding, p.Width*p.Height)
	for r := range p.Height {
		for c := range p.Width {
			f.SetName(p.Var(r, c), CellName(r, c))
		}
	}
	if names {
		opts.Name = f.SetName
	}
	st, err := Encode(p, f, opts)
	if err != nil {
		return nil, Stats{}, err
	}
	f.Vars = st.Vars
	return f, st, nil
}
