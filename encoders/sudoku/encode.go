package sudoku

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
)

// AMO is an at-most-one encoding.
type AMO int

const (
	// Pairwise forbids every pair: k(k-1)/2 binary clauses, no auxiliaries.
	Pairwise AMO = iota
	// Sequential is Sinz's sequential counter: k-1 auxiliaries, 3k-4 clauses.
	Sequential
	// Commander is Klieber and Kwon's commander encoding with groups of 3.
	Commander
)

// AMONames lists the names ParseAMO accepts, in AMO order.
var AMONames = []string{"pairwise", "sequential", "commander"}

// String returns the encoding's name.
func (a AMO) String() string {
	if a >= 0 && int(a) < len(AMONames) {
		return AMONames[a]
	}
	return fmt.Sprintf("AMO(%d)", int(a))
}

// ParseAMO returns the encoding named s.
func ParseAMO(s string) (AMO, error) {
	for i, n := range AMONames {
		if s == n {
			return AMO(i), nil
		}
	}
	return 0, fmt.Errorf("unknown at-most-one encoding %q: want pairwise, sequential or commander", s)
}

// Var returns the variable meaning "row r, column c holds value v" of an
// n×n sudoku; r, c and v count from 0.
func Var(n, r, c, v int) int { return (r*n+c)*n + v + 1 }

// VarName returns the name of variable x of an n×n sudoku, e.g. "r1c1=5".
func VarName(n, x int) string {
	x--
	v := x % n
	i := x / n
	return fmt.Sprintf("r%dc%d=%c", i/n+1, i%n+1, Symbol(v+1))
}

// Encoder writes at-most-one constraints to an Adder, numbering the
// auxiliary variables it needs from Next on.
type Encoder struct {
	A    dimacs.Adder
	AMO  AMO
	Next int // the next free variable
	// Name, if not nil, is called with each auxiliary variable and its
	// name: "seq CTX sI" for the I-th sequential counter variable of the
	// group Ctx, "cmd CTX lL gI" for commander I on level L.
	Name func(v int, name string)
	// Ctx names the group of literals the next constraint is over, e.g.
	// "r3 v5" (value 5 in row 3): see Name.
	Ctx string

	level int   // commander recursion depth, from 1
	buf   []int // the clause being added
}

// clause adds the clause lits through e.buf: lits stays on the caller's
// stack, since the Adder may keep what it is given.
func (e *Encoder) clause(lits ...int) {
	e.buf = append(e.buf[:0], lits...)
	dimacs.AddClause(e.A, e.buf...)
}

func (e *Encoder) newVar(kind string, i int) int {
	v := e.Next
	e.Next++
	if e.Name != nil {
		if kind == "cmd" {
			e.Name(v, fmt.Sprintf("cmd %s l%d g%d", e.Ctx, e.level, i))
		} else {
			e.Name(v, fmt.Sprintf("seq %s s%d", e.Ctx, i))
		}
	}
	return v
}

// ExactlyOne adds "exactly one of lits is true".
func (e *Encoder) ExactlyOne(lits []int) {
	e.clause(lits...)
	e.AtMostOne(lits)
}

// AtMostOne adds "at most one of lits is true" in e's encoding.
func (e *Encoder) AtMostOne(lits []int) {
	switch e.AMO {
	case Sequential:
		e.sequential(lits)
	case Commander:
		e.commander(lits)
	default:
		e.pairwise(lits)
	}
}

func (e *Encoder) pairwise(lits []int) {
	for i, a := range lits {
		for _, b := range lits[i+1:] {
			e.clause(-a, -b)
		}
	}
}

// sequential: s_i means "one of x_1..x_i is true".
func (e *Encoder) sequential(x []int) {
	k := len(x)
	if k <= 1 {
		return
	}
	s := make([]int, k-1)
	for i := range s {
		s[i] = e.newVar("seq", i+1)
	}
	e.clause(-x[0], s[0])
	for i := 1; i < k-1; i++ {
		e.clause(-x[i], s[i])
		e.clause(-s[i-1], s[i])
		e.clause(-x[i], -s[i-1])
	}
	e.clause(-x[k-1], -s[k-2])
}

// commander splits lits into groups of 3, each with a commander variable
// equivalent to "some literal of the group is true", and recurses on the
// commanders. A group of one is its own commander.
func (e *Encoder) commander(lits []int) {
	if len(lits) <= 4 {
		e.pairwise(lits)
		e.level = 0
		return
	}
	e.level++
	var cmd []int
	for i := 0; i < len(lits); i += 3 {
		g := lits[i:min(i+3, len(lits))]
		if len(g) == 1 {
			cmd = append(cmd, g[0])
			continue
		}
		c := e.newVar("cmd", i/3+1)
		cmd = append(cmd, c)
		e.pairwise(g)
		for _, l := range g {
			e.clause(-l, c)
		}
		e.clause(append([]int{-c}, g...)...)
	}
	e.commander(cmd)
}

// Options control Encode.
type Options struct {
	AMO AMO // the at-most-one encoding
	// Style selects the names (cells' values "r1c1=5"; with All the
	// auxiliaries too: "seq r3 v5 s2", "cmd b2 v7 l1 g3", see Encoder),
	// a group comment before the givens and before each cell's, row's,
	// column's and box's exactly-one, and the provenance (its encoding
	// is the AMO).
	cnfstyle.Style
}

// Encode writes p's formula to dst, as dimacs.EncodeFunc says: the
// provenance, the puzzle lines (PuzzleLines), a comment, the names, then
// the clauses in the order the package comment gives. It returns the
// number of variables: N³ plus the auxiliaries of the at-most-one
// encoding.
func Encode(dst dimacs.Adder, p *Puzzle, opts Options) int {
	s := opts.Sink(dst)
	n, box := p.N, p.Box
	s.WriteProvenance(opts.Provenance, opts.AMO.String())
	s.Lines(PuzzleLines(p)...)
	s.Commentf("sudoku2cnf: %dx%d, %d givens, at-most-one %s", n, n, p.Givens(), opts.AMO)
	if s.Primary != nil {
		for x := 1; x <= n*n*n; x++ {
			s.Primary.SetName(x, VarName(n, x))
		}
	}
	e := &Encoder{A: dst, AMO: opts.AMO, Next: n*n*n + 1}
	if s.Aux != nil {
		e.Name = s.Aux.SetName
	}
	if k := p.Givens(); k > 0 {
		s.Groupf("givens: %d cells", k)
	}
	for i, v := range p.Cells {
		if v != 0 {
			s.BeginGroup(GivenGroupName(n, i, v))
			e.clause(Var(n, i/n, i%n, v-1))
		}
	}
	// The rules are no clue: group 0, which an explanation keeps.
	s.Encoding()
	lits := make([]int, n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			for v := 0; v < n; v++ {
				lits[v] = Var(n, r, c, v)
			}
			e.Ctx = fmt.Sprintf("r%dc%d", r+1, c+1)
			s.Groupf("cell %s exactly one value", e.Ctx)
			e.ExactlyOne(lits)
		}
	}
	for r := 0; r < n; r++ {
		for v := 0; v < n; v++ {
			for c := 0; c < n; c++ {
				lits[c] = Var(n, r, c, v)
			}
			e.Ctx = fmt.Sprintf("r%d v%c", r+1, Symbol(v+1))
			s.Groupf("row %d: value %c exactly once", r+1, Symbol(v+1))
			e.ExactlyOne(lits)
		}
	}
	for c := 0; c < n; c++ {
		for v := 0; v < n; v++ {
			for r := 0; r < n; r++ {
				lits[r] = Var(n, r, c, v)
			}
			e.Ctx = fmt.Sprintf("c%d v%c", c+1, Symbol(v+1))
			s.Groupf("column %d: value %c exactly once", c+1, Symbol(v+1))
			e.ExactlyOne(lits)
		}
	}
	for b := 0; b < n; b++ {
		r0, c0 := (b/box)*box, (b%box)*box
		for v := 0; v < n; v++ {
			for k := 0; k < n; k++ {
				lits[k] = Var(n, r0+k/box, c0+k%box, v)
			}
			e.Ctx = fmt.Sprintf("b%d v%c", b+1, Symbol(v+1))
			s.Groupf("box %d: value %c exactly once", b+1, Symbol(v+1))
			e.ExactlyOne(lits)
		}
	}
	return e.Next - 1
}

// GivenGroupName returns the name of the group of the given v (from 1) in
// cell i (row-major, from 0) of an n×n sudoku: "given r2c5=7". The givens
// are the only groups: the rules (each cell one value, each value once in
// each row, column and box) are no clue but the puzzle itself, in group 0,
// so that an explanation names the givens that cannot all hold.
func GivenGroupName(n, i, v int) string {
	return "given " + CellName(n, i) + "=" + string(Symbol(v))
}

// PuzzleLines returns p's puzzle lines, the comment texts decoders read
// back with ReadPuzzleLines: "pipesat sudoku N", "pipesat primary 1-N³"
// and "pipesat sudoku-givens <N² symbols>".
func PuzzleLines(p *Puzzle) []string {
	return []string{
		fmt.Sprintf("pipesat sudoku %d", p.N),
		fmt.Sprintf("pipesat primary 1-%d", p.N*p.N*p.N),
		fmt.Sprintf("pipesat sudoku-givens %s", p),
	}
}

// ReadPuzzleLines reads what PuzzleLines writes from lines (comment texts
// without "c "): the size n (0 if there is no "pipesat sudoku N" line) and
// the givens (nil if there is no "pipesat sudoku-givens" line). Other
// "pipesat" lines are ignored, except that lines with no sudoku line but
// some other puzzle's line are an error.
func ReadPuzzleLines(lines []string) (n int, givens *Puzzle, err error) {
	var other string
	otherLine := 0
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) < 2 || f[0] != "pipesat" {
			continue
		}
		switch f[1] {
		case "sudoku":
			if len(f) != 3 {
				return 0, nil, dimacs.PipesatLineErr(i, fmt.Errorf("malformed header %q: want \"pipesat sudoku N\"", l))
			}
			k, err := strconv.Atoi(f[2])
			if err != nil {
				return 0, nil, dimacs.PipesatLineErr(i, fmt.Errorf("malformed header %q: want \"pipesat sudoku N\"", l))
			}
			if _, err := New(k); err != nil {
				return 0, nil, dimacs.PipesatLineErr(i, fmt.Errorf("header %q: %v", l, err))
			}
			n = k
		case "sudoku-givens":
			if len(f) != 3 {
				return 0, nil, dimacs.PipesatLineErr(i, fmt.Errorf("malformed header %q", l))
			}
			p, err := Parse(strings.NewReader(f[2]), "header sudoku-givens", 1)
			if err != nil {
				return 0, nil, dimacs.PipesatLineErr(i, err)
			}
			p.Pos = nil // positions in a comment line would mislead
			givens = p
		case "primary", "tool", "args", "encoding":
		default:
			if other == "" {
				other, otherLine = l, i
			}
		}
	}
	if n == 0 && other != "" {
		return 0, nil, dimacs.PipesatLineErr(otherLine, fmt.Errorf("not a sudoku encoding: header %q", other))
	}
	if givens != nil && givens.N != n {
		return 0, nil, fmt.Errorf("header says %dx%d but its givens are %dx%d", n, n, givens.N, givens.N)
	}
	return n, givens, nil
}

// FromModel returns the grid model m assigns: each cell holds the value
// whose variable is true. It is an error if a cell has no true value (or
// an unassigned variable and no true one) or more than one.
func FromModel(m dimacs.Model, n int) (*Puzzle, error) {
	p, err := New(n)
	if err != nil {
		return nil, err
	}
	for i := range p.Cells {
		r, c := i/n, i%n
		unassigned := false
		for v := 0; v < n; v++ {
			val, ok := m.Value(Var(n, r, c, v))
			if !ok {
				unassigned = true
				continue
			}
			if !val {
				continue
			}
			if p.Cells[i] != 0 {
				return nil, fmt.Errorf("model puts both %c and %c in %s", Symbol(p.Cells[i]), Symbol(v+1), CellName(n, i))
			}
			p.Cells[i] = v + 1
		}
		if p.Cells[i] == 0 {
			if unassigned {
				return nil, fmt.Errorf("model leaves %s unassigned (variables %d-%d)", CellName(n, i), Var(n, r, c, 0), Var(n, r, c, n-1))
			}
			return nil, fmt.Errorf("model puts no value in %s", CellName(n, i))
		}
	}
	return p, nil
}
