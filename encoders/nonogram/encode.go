package nonogram

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
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
	// Order writes each run's start in the order encoding (see order.go):
	// about a third of the automaton's clauses and variables, and much
	// faster search on puzzles that line logic does not solve.
	Order
)

var encodingNames = []string{"automaton", "runs", "patterns", "order"}

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
	return 0, fmt.Errorf("unknown encoding %q (want automaton, runs, patterns or order)", s)
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
	// Style selects the names (cells "r3c4", 1-based; with All the
	// auxiliaries too: "r3:block-2-cell-1@c5", after column 5 row 3 is
	// in the first cell of its block 2; "c4.run1@3", run 1 of column 4
	// starts at cell 3; "r3.p7", pattern 7 of row 3), a group comment per
	// line and kind of clause, and the provenance (its encoding is
	// Encoding).
	cnfstyle.Style
	// Presolved, if not nil, is Presolve's result for the puzzle
	// encoded: the cells line logic fixed become unit clauses, the lines
	// it settled are left out and the other lines' clauses take the
	// fixed cells' values, a formula with the same solutions over the
	// cells (see presolve.go). nil writes the full formula.
	Presolved *Presolved
	// PresolveNote, if not "", ends the presolve comment, in parentheses
	// after the count of lines left out: how the command's user has them
	// written (nono2cnf's "nono2cnf --presolve=false writes them").
	PresolveNote string
}

// constant literals used while building clauses; never written.
const (
	litTrue  = 1 << 30
	litFalse = -litTrue
)

// sink simplifies clauses (drops true clauses, false literals, repeated
// literals), writes each once (see dedupe.go), and numbers and names the
// auxiliary variables.
type sink struct {
	out  *cnfstyle.Sink
	vars int
	// pending and pendingStep are the group comments to write before the
	// next clause, so that a group without clauses leaves no comment:
	// the line's, and in an automaton the step's (start, transitions,
	// accept), which the next step's replaces if it has no clause.
	pending, pendingStep string
	buf                  []int
	cells                *cellClauses // nil: no check across lines
	step                 stepClauses  // in a step of an automaton (inStep)
	inStep               bool
	pre                  *Presolved    // nil without Options.Presolved
	fixed                *Presolved    // the cells a clause leaves out (see Presolved.value); nil: none
	auto                 lineAutomaton // reused by automatonLine from line to line
	// clauses is out's Adder when it takes whole clauses: buf, the sink's
	// own, goes to it without the copy out.Clause makes.
	clauses dimacs.ClauseAdder
	// marks finds a literal in a long clause (see clause): for variable
	// v, gen<<1 (1 if negative) when the clause being built has it.
	marks []uint32
	gen   uint32
}

// longClause is the length from which clause looks a literal up in
// marks instead of scanning the clause so far, which costs the square of
// the length: a line's "one of its patterns" has tens of thousands.
const longClause = 32

// keep reports whether a line's clauses go into the formula (see
// presolve.go).
func (s *sink) keep(isRow bool, i int) bool { return s.pre.keep(isRow, i) }

// newStep starts a step of a line automaton: clauses are compared with
// those of the step only.
func (s *sink) newStep() {
	s.step = s.step[:0]
	s.inStep = true
}

// endSteps ends a line automaton's steps.
func (s *sink) endSteps() { s.inStep = false }

// group starts a group comment "<line>, clue <clue>: what" when comments
// are on.
func (s *sink) group(p *Puzzle, isRow bool, i int, what string) {
	if s.out.Group == nil {
		return
	}
	clue, _ := p.Line(isRow, i)
	s.pending = LineName(isRow, i) + ", clue " + p.clueString(clue, p.LineColours(isRow, i), " ") + ": " + what
}

// lineGroup begins the group of line i's clue (see GroupName). Every
// encoding calls it once before the line's first clause. A presolved
// formula has no groups: its unit clauses follow from all the clues
// together, so no group could be dropped alone (satrun --explain wants
// the full formula, Options.Presolved nil).
func (s *sink) lineGroup(p *Puzzle, isRow bool, i int) {
	if !s.pre.active() {
		s.out.BeginGroup(p.GroupName(isRow, i))
	}
	s.cells.newGroup()
}

// givenGroup begins the group of given g (see GivenGroupName); none in a
// presolved formula (see lineGroup).
func (s *sink) givenGroup(p *Puzzle, g int) {
	if !s.pre.active() {
		s.out.BeginGroup(p.GivenGroupName(g))
	}
	s.cells.newGroup()
}

// GroupName returns the name of the group of line i's clue, as its
// "c pipesat group" line says: `row 3 "2 1"`, `column 12 "1 1 3"`, a
// colour clue with its colours' characters `row 2 "2a 1b"`, an empty
// line `row 4 "0"`. ParseGroupName reads it back.
func (p *Puzzle) GroupName(isRow bool, i int) string {
	clue, _ := p.Line(isRow, i)
	return LineName(isRow, i) + ` "` + p.clueString(clue, p.LineColours(isRow, i), " ") + `"`
}

// GivenGroupName returns the name of the group of given g: "given r2c5"
// (known black), in colour "given r2c5=a" or "given r2c5 not background".
func (p *Puzzle) GivenGroupName(g int) string {
	cell := p.Givens[g]
	switch k := p.givenColour(g); {
	case !p.IsColour():
		return "given " + CellName(cell.Row, cell.Col)
	case k > 0:
		return "given " + p.ColourCellName(cell.Row, cell.Col, k)
	}
	return "given " + CellName(cell.Row, cell.Col) + " not background"
}

// LineGroup is a line's group as ParseGroupName reads its name.
type LineGroup struct {
	IsRow bool
	Index int    // from 0
	Clue  string // as the name writes it: "2 1", "2a 1b", "0"
}

// ParseGroupName reads the name of a line's group (see GroupName), and
// reports whether name is one: "row 3 \"2 1\"" is row index 2, clue
// "2 1". The clue is not checked against a puzzle.
func ParseGroupName(name string) (LineGroup, bool) {
	var g LineGroup
	kind, rest, ok := strings.Cut(name, " ")
	if !ok || kind != "row" && kind != "column" {
		return g, false
	}
	num, clue, ok := strings.Cut(rest, " ")
	n, err := strconv.Atoi(num)
	if !ok || err != nil || n < 1 || strconv.Itoa(n) != num || len(clue) < 2 || clue[0] != '"' || clue[len(clue)-1] != '"' {
		return g, false
	}
	return LineGroup{IsRow: kind == "row", Index: n - 1, Clue: clue[1 : len(clue)-1]}, true
}

// newVar returns a new auxiliary variable, named name() when auxiliaries
// are named.
func (s *sink) newVar(name func() string) int {
	s.vars++
	if s.out.Aux != nil {
		s.out.Aux.SetName(s.vars, name())
	}
	return s.vars
}

func (s *sink) clause(lits ...int) {
	// buf, not s.buf, in the loop: a slice stored in s on every literal
	// costs a write barrier each time while the collector runs.
	buf := s.buf[:0]
	fixed := s.fixed
outer:
	for _, l := range lits {
		if fixed != nil {
			l = fixed.value(l)
		}
		switch l {
		case litTrue:
			s.buf = buf
			return
		case litFalse:
			continue
		}
		if len(buf) >= longClause {
			if len(buf) == longClause {
				s.markAll(buf)
			}
			switch s.marked(l) {
			case 1:
				continue outer
			case -1:
				s.buf = buf
				return
			}
			s.mark(l)
			buf = append(buf, l)
			continue
		}
		for _, k := range buf {
			if k == l {
				continue outer
			}
			if k == -l {
				s.buf = buf
				return
			}
		}
		buf = append(buf, l)
	}
	s.buf = buf
	if s.seen() {
		return
	}
	if s.pending != "" || s.pendingStep != "" {
		for _, g := range [...]*string{&s.pending, &s.pendingStep} {
			if *g != "" {
				s.out.Groupf("%s", *g)
				*g = ""
			}
		}
	}
	if s.clauses != nil {
		s.clauses.AddClause(buf...)
	} else {
		s.out.Clause(buf...)
	}
}

// markAll starts a new long clause in marks with the literals of c,
// which are distinct and none the negation of another.
func (s *sink) markAll(c []int) {
	if s.gen++; s.gen >= 1<<31 {
		clear(s.marks)
		s.gen = 1
	}
	for _, l := range c {
		s.mark(l)
	}
}

// mark records literal l in the long clause marks holds.
func (s *sink) mark(l int) {
	v, neg := l, uint32(0)
	if l < 0 {
		v, neg = -l, 1
	}
	if v >= len(s.marks) {
		s.marks = append(s.marks, make([]uint32, v+1-len(s.marks)+len(s.marks)/2)...)
	}
	s.marks[v] = s.gen<<1 | neg
}

// marked reports whether the long clause marks holds l (1), its
// negation (-1), or neither (0).
func (s *sink) marked(l int) int {
	v, neg := l, uint32(0)
	if l < 0 {
		v, neg = -l, 1
	}
	if v >= len(s.marks) || s.marks[v]>>1 != s.gen {
		return 0
	}
	if s.marks[v]&1 == neg {
		return 1
	}
	return -1
}

// seen reports whether the clause in buf was written before (see
// dedupe.go).
func (s *sink) seen() bool {
	c := s.buf
	if len(c) == 0 {
		return false
	}
	if s.cells != nil {
		if dup, single := s.cells.seen(c); single {
			return dup
		}
	}
	return s.inStep && s.cells != nil && len(c) == 2 && s.cells.isCell(c[0]) && s.cells.isCell(c[1]) && s.step.seen(c)
}

// Encode writes p's formula in the chosen encoding to dst, as
// dimacs.EncodeFunc says: the provenance, the title, the puzzle lines
// (PuzzleLines), a comment on the encoding, the names, then the clauses.
// Cell (r, c) is variable r*Width+c+1 (see Puzzle.Var); auxiliary
// variables follow from Width*Height+1. Givens become unit clauses. A
// colour puzzle has K variables per cell (see Puzzle.ColourVar),
// auxiliaries from Width*Height*K+1, and only the Automaton encoding.
// Encode returns the number of variables; it fails, before writing
// anything, when the encoding does not apply, the Patterns encoding would
// exceed MaxPatterns, or the formula would have more variables or clauses
// than satrun reads (dimacs.DefaultMaxVars, dimacs.DefaultMaxClauses).
func Encode(dst dimacs.Adder, p *Puzzle, opts Options) (int, error) {
	if err := checkEncoding(p, opts); err != nil {
		return 0, err
	}
	out := opts.Sink(dst)
	out.WriteProvenance(opts.Provenance, opts.Encoding.String())
	if p.Title != "" {
		out.Commentf("%s", strconv.Quote(p.Title))
	}
	out.Lines(PuzzleLines(p)...)
	K := max(1, len(p.Colours))
	s := &sink{out: out, vars: p.Width * p.Height * K, cells: newCellClauses(K, p.Width*p.Height*K)}
	s.clauses, _ = dst.(dimacs.ClauseAdder)
	if p.IsColour() {
		encodeColour(p, s, opts)
		return s.vars, nil
	}
	out.Commentf("encoding %s; cells are variables 1-%d row by row, named r<row>c<col> from r1c1", opts.Encoding, p.Width*p.Height)
	if opts.Presolved != nil {
		s.pre = opts.Presolved
		if s.pre.active() {
			s.fixed = s.pre
		}
		out.Commentf("%s", s.pre.comment(opts.PresolveNote))
	}
	switch opts.Encoding {
	case Automaton:
		automatonComments(out, opts.Comments, "value")
	case Order:
		orderComments(out, opts.Comments)
	}
	if out.Primary != nil {
		for r := range p.Height {
			for c := range p.Width {
				out.Primary.SetName(p.Var(r, c), CellName(r, c))
			}
		}
	}
	switch opts.Encoding {
	case Automaton:
		encodeAutomaton(p, s)
	case Runs:
		encodeRuns(p, s)
	case Patterns:
		encodePatterns(p, s)
	case Order:
		encodeOrder(p, s)
	}
	if !s.pre.active() {
		if out.Group != nil {
			s.pending = fmt.Sprintf("givens: %d cells known black", len(p.Givens))
		}
		for g, cell := range p.Givens {
			s.givenGroup(p, g)
			s.clause(p.Var(cell.Row, cell.Col))
		}
		return s.vars, nil
	}
	s.pre.units(s)
	return s.vars, nil
}

// checkEncoding returns why p cannot be encoded as opts say, before
// anything is written: an encoding without colours for a colour puzzle,
// too many patterns, too large a formula, a presolve of another puzzle.
func checkEncoding(p *Puzzle, opts Options) error {
	maxPatterns := opts.MaxPatterns
	if maxPatterns == 0 {
		maxPatterns = DefaultMaxPatterns
	}
	switch {
	case p.IsColour() && opts.Encoding != Automaton:
		return fmt.Errorf("the %s encoding has no colours: colour puzzles use the automaton encoding", opts.Encoding)
	case opts.Encoding == Patterns:
		if err := checkPatterns(p, maxPatterns); err != nil {
			return err
		}
	case opts.Encoding != Automaton && opts.Encoding != Runs && opts.Encoding != Order:
		return fmt.Errorf("unknown encoding %v", opts.Encoding)
	}
	if err := checkSize(p, opts.Encoding); err != nil {
		return err
	}
	return opts.Presolved.check(p)
}

// encodeColour writes the body of a colour puzzle's formula, K variables
// a cell: its numbering comment, the names, the automaton's clauses.
func encodeColour(p *Puzzle, s *sink, opts Options) {
	out := s.out
	K := len(p.Colours)
	out.Commentf("encoding %s; cell r<row>c<col> in colour C is variable ((row-1)*%d+col-1)*%d+k+1, C the k-th (from 0) of %s; named r<row>c<col>=C from r1c1=0", opts.Encoding, p.Width, K, p.paletteChars())
	automatonComments(out, opts.Comments, "colour")
	if out.Primary != nil {
		for r := range p.Height {
			for c := range p.Width {
				for k := range K {
					out.Primary.SetName(p.ColourVar(r, c, k), p.ColourCellName(r, c, k))
				}
			}
		}
	}
	encodeColourAutomaton(p, s)
}

// PuzzleLines returns p's puzzle lines, the comment texts decoders read
// back with ReadPuzzleLines: "pipesat nonogram W H" and "pipesat primary
// 1-W*H"; for a colour puzzle "pipesat nonogram W H colours 0=rrggbb
// C=rrggbb ..." (the palette, background first, see PaletteLine) and
// "pipesat primary 1-W*H*K".
func PuzzleLines(p *Puzzle) []string {
	size := "pipesat nonogram " + strconv.Itoa(p.Width) + " " + strconv.Itoa(p.Height)
	if p.IsColour() {
		return []string{size + " colours " + PaletteLine(p.Colours), "pipesat primary 1-" + strconv.Itoa(p.Width*p.Height*len(p.Colours))}
	}
	return []string{size, "pipesat primary 1-" + strconv.Itoa(p.Width*p.Height)}
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

// automatonComments writes the comments that explain the automaton's
// variable names (with --names all) and its clauses (with comments, which
// the style says: out.Group is nil in a Stream's first pass); value is
// what a cell holds, "value" or "colour".
func automatonComments(out *cnfstyle.Sink, comments bool, value string) {
	if out.Aux != nil {
		out.Commentf("automaton states: r<row>:STATE@c<col> is row <row> in STATE after column <col>, c<col>:STATE@r<row> column <col> after row <row>; STATE is before-block-B, block-B-cell-J (the J-th cell of block B) or after-block-B")
	}
	if comments {
		out.Commentf("automaton clauses, each step from one cell to the next: a state leads to a state after the next cell and comes from one before it; a state sets its cell's %s, and each %s of a cell needs a state that sets it", value, value)
	}
}

// lineRef names a line of a puzzle for the names and comments of its
// automaton's states; p is nil in tests of one line alone.
type lineRef struct {
	p     *Puzzle
	isRow bool
	i     int
}

// stateName returns the name of the variable "after cell c (from 1) the
// line is in state": "r3:after-block-1@c5" (row 3, after column 5), or
// for a column "c5:block-2-cell-1@r4".
func (l lineRef) stateName(state string, c int) string {
	at := "@r"
	if l.isRow {
		at = "@c"
	}
	return linePrefix(l.isRow, l.i) + ":" + state + at + strconv.Itoa(c)
}

// stepGroup sets the group comment of step i (the clauses between the
// states after cells i and i+1, from 0) of a line of n cells whose
// automaton accepts in the states named accept: "start" before the first
// step, "transitions" before the second, "accept" before the last. A
// line of one or two cells has no transitions.
func (s *sink) stepGroup(l lineRef, i, n int, accept string) {
	if s.out.Group == nil || l.p == nil {
		return
	}
	line, axis := "column", "row"
	if l.isRow {
		line, axis = "row", "column"
	}
	var what string
	switch {
	case i == 0 && n == 1:
		what = fmt.Sprintf("start and accept: %s 1 takes the %s from before-block-1 to %s", axis, line, accept)
	case i == 0:
		what = fmt.Sprintf("start: %s 1 takes the %s from before-block-1 to a next state", axis, line)
	case i == n-1:
		what = fmt.Sprintf("accept: %s %d ends the %s in %s", axis, n, line, accept)
	case i == 1:
		what = fmt.Sprintf("transitions, %ss 2-%d", axis, n-1)
	default:
		return
	}
	clue, _ := l.p.Line(l.isRow, l.i)
	s.pendingStep = LineName(l.isRow, l.i) + ", clue " + l.p.clueString(clue, l.p.LineColours(l.isRow, l.i), " ") + ": " + what
}

// linePrefix is the prefix of auxiliary variable names for a line: "r3",
// "c12".
func linePrefix(isRow bool, i int) string {
	if isRow {
		return "r" + strconv.Itoa(i+1)
	}
	return "c" + strconv.Itoa(i+1)
}
