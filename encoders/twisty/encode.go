package twisty

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
)

// Encoding is the CNF "start can reach a target in at most Depth turns".
// Build it with NewEncoding, or from a CNF's puzzle lines with
// ReadPuzzleLines.
type Encoding struct {
	Name    string
	Depth   int
	Goal    []string
	Start   []string
	Targets [][]string
	Turns   []Turn // the active turns, in order; step variables follow it
	// Code is how colours are written; set it before Encode.
	Code Code

	colours   []string
	colour    map[string]int
	moving    []int    // stickers some turn moves; only these get variables
	faces     [][]int  // the turns of each face
	faceOf    []int    // turn -> face
	faceMoves [][]bool // face -> sticker -> moved by one of its turns
	// faceForbid[f][g]: no turn of face f directly followed by one of g.
	faceForbid [][]bool
	// forbid[a][b]: turn a directly followed by turn b is left out.
	forbid [][]bool
}

// NewEncoding checks start against the puzzle (targets, pieces) and returns
// the encoding for depth turns.
func NewEncoding(p *Puzzle, start []string, depth int) (*Encoding, error) {
	if depth < 0 || depth > MaxDepth {
		return nil, fmt.Errorf("depth %d out of range 0..%d", depth, MaxDepth)
	}
	targets, err := p.Targets(start)
	if err != nil {
		return nil, err
	}
	var first error
	var ok [][]string
	for _, t := range targets {
		if err := p.Check(start, t); err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		ok = append(ok, t)
	}
	if len(ok) == 0 {
		return nil, first
	}
	return newEncoding(p.Name, depth, p.Goal, start, ok, p.Active())
}

func newEncoding(name string, depth int, goal, start []string, targets [][]string, turns []Turn) (*Encoding, error) {
	e := &Encoding{Name: name, Depth: depth, Goal: goal, Start: start, Targets: targets, Turns: turns}
	e.colours = colours(goal)
	// Limits before allocation: the turn pairs, and the frame clauses
	// (3 literals each) that dominate the formula.
	nt, ns, nc := len(turns), len(goal), len(e.colours)
	if nt*nt*ns > MaxLits {
		return nil, fmt.Errorf("%d turns of %d stickers: too many to compare in pairs", nt, ns)
	}
	if lits := 6 * depth * (nt + 1) * ns * nc; lits > MaxLits {
		return nil, fmt.Errorf("formula too large: about %d literals at depth %d", lits, depth)
	}
	e.colour = map[string]int{}
	for i, c := range e.colours {
		e.colour[c] = i
	}
	e.moving = Moving(turns, len(goal))
	e.initFaces()
	n := len(turns)
	e.forbid = make([][]bool, n)
	perms := map[string]bool{strings.Join(ints2(Identity(len(goal))), ","): true}
	for _, t := range turns {
		perms[strings.Join(ints2(t.Perm), ",")] = true
	}
	for a := range n {
		e.forbid[a] = make([]bool, n)
		for b := range n {
			ab := Compose(turns[a].Perm, turns[b].Perm)
			ba := Compose(turns[b].Perm, turns[a].Perm)
			switch {
			case perms[strings.Join(ints2(ab), ",")]:
				// a b is the identity or a single turn: never in a shortest sequence.
				e.forbid[a][b] = true
			case e.after(a, b) && slices.Equal(ab, ba):
				// a and b commute: keep only the order b a.
				e.forbid[a][b] = true
			}
		}
	}
	// Whole faces: f then g is left out when every pair is.
	nf := len(e.faces)
	e.faceForbid = make([][]bool, nf)
	for f := range nf {
		e.faceForbid[f] = make([]bool, nf)
		for g := range nf {
			all := true
			for _, a := range e.faces[f] {
				for _, b := range e.faces[g] {
					all = all && e.forbid[a][b]
				}
			}
			e.faceForbid[f][g] = all
		}
	}
	return e, nil
}

// after reports whether turn a comes after turn b in the order that
// commuting turns keep: by face (in order of first appearance), then by
// definition order.
func (e *Encoding) after(a, b int) bool {
	fa, fb := e.faceOf[a], e.faceOf[b]
	if fa != fb {
		return fa > fb
	}
	return a > b
}

func ints2(a []int) []string {
	s := make([]string, len(a))
	for i, v := range a {
		s[i] = strconv.Itoa(v)
	}
	return s
}

// Code is how a sticker's colour is written in variables.
type Code int

const (
	// OneHot has one variable per colour, exactly one true.
	OneHot Code = iota
	// Binary writes the colour's number in ceil(log2 C) bits.
	Binary
)

// String returns "onehot" or "binary".
func (c Code) String() string {
	if c == Binary {
		return "binary"
	}
	return "onehot"
}

// ParseCode returns the Code called s.
func ParseCode(s string) (Code, error) {
	switch s {
	case "onehot":
		return OneHot, nil
	case "binary":
		return Binary, nil
	}
	return 0, fmt.Errorf("unknown colour code %q (want onehot or binary)", s)
}

// bits returns the number of variables per sticker and step.
func (e *Encoding) bits() int {
	if e.Code == Binary {
		b := 1
		for 1<<b < len(e.colours) {
			b++
		}
		return b
	}
	return len(e.colours)
}

// code returns the values of a sticker's variables when it has colour c.
func (e *Encoding) code(c string) []bool {
	k := e.colour[c]
	out := make([]bool, e.bits())
	for b := range out {
		if e.Code == Binary {
			out[b] = k>>b&1 == 1
		} else {
			out[b] = b == k
		}
	}
	return out
}

// FaceVar returns the variable "step s (1..Depth) turns face f" (f indexes
// the faces of the active turns, in order of first appearance).
func (e *Encoding) FaceVar(s, f int) int {
	return e.ColourVar(e.Depth+1, 0, 0) + (s-1)*len(e.faces) + f
}

// initFaces groups the active turns by face and notes which stickers each
// face moves.
func (e *Encoding) initFaces() {
	idx := map[int]int{}
	e.faceOf = make([]int, len(e.Turns))
	for j, t := range e.Turns {
		k, ok := idx[t.Face]
		if !ok {
			k = len(e.faces)
			idx[t.Face] = k
			e.faces = append(e.faces, nil)
			e.faceMoves = append(e.faceMoves, make([]bool, len(e.Goal)))
		}
		e.faceOf[j] = k
		e.faces[k] = append(e.faces[k], j)
		for i, q := range t.Perm {
			if q != i {
				e.faceMoves[k][i] = true
			}
		}
	}
}

// steps is the number of variables per step: one per turn plus the no-op.
func (e *Encoding) steps() int { return len(e.Turns) + 1 }

// TurnVar returns the variable "step s (1..Depth) is turn j"; j ==
// len(Turns) is the no-op.
func (e *Encoding) TurnVar(s, j int) int { return (s-1)*e.steps() + j + 1 }

// NoopVar returns the variable "step s does nothing".
func (e *Encoding) NoopVar(s int) int { return e.TurnVar(s, len(e.Turns)) }

// ColourVar returns the variable "after t steps, moving sticker m (an index
// into the moving stickers) has colour c".
func (e *Encoding) ColourVar(t, m, c int) int {
	return e.Depth*e.steps() + (t*len(e.moving)+m)*e.bits() + c + 1
}

// targetVar returns the selector of target k; only when there are several.
func (e *Encoding) targetVar(k int) int {
	return e.FaceVar(e.Depth+1, 0) + k
}

// NumVars returns the number of variables.
func (e *Encoding) NumVars() int {
	n := e.FaceVar(e.Depth+1, 0) - 1
	if len(e.Targets) > 1 {
		n += len(e.Targets)
	}
	return n
}

// PuzzleLines returns the puzzle lines, the comment texts (without "c ")
// that let a decoder rebuild the encoding from a solver's output alone
// (ReadPuzzleLines).
func (e *Encoding) PuzzleLines() []string {
	h := []string{
		fmt.Sprintf("pipesat twisty %s depth %d", e.Name, e.Depth),
		"pipesat twisty-goal " + strings.Join(e.Goal, " "),
		"pipesat twisty-start " + strings.Join(e.Start, " "),
	}
	if e.Code != OneHot {
		h = append(h, "pipesat twisty-code "+e.Code.String())
	}
	for _, t := range e.Targets {
		h = append(h, "pipesat twisty-target "+strings.Join(t, " "))
	}
	for _, t := range e.Turns {
		h = append(h, "pipesat twisty-turn "+t.Name+" "+strconv.Itoa(t.Face)+" "+strings.Join(ints2(ArrayCycle(t.Perm)), " "))
	}
	if e.Depth > 0 {
		h = append(h, fmt.Sprintf("pipesat primary 1-%d", e.Depth*e.steps()))
	}
	return h
}

// Encode writes the formula to dst, as dimacs.EncodeFunc says: the
// provenance (st.Provenance, when set; its encoding is the colour code),
// the puzzle lines (PuzzleLines), a comment, the turn variables named
// step<s>=<turn> unless st.Names is None; with All also "step3 face 2"
// (step 3 turns face 2), "state3 s17=red" (after 3 steps sticker 17 is
// red; with the binary code "state3 s17.bit1") and "target2"; then the
// clauses, with st.Comments a group comment before the start state, each
// step's constraints and the target. It returns the number of variables,
// NumVars.
func (e *Encoding) Encode(dst dimacs.Adder, st cnfstyle.Style) int {
	s := st.Sink(dst)
	s.WriteProvenance(st.Provenance, e.Code.String())
	s.Lines(e.PuzzleLines()...)
	s.Commentf("twisty: %d turns, %d moving stickers, %d colours, %s colour code", len(e.Turns), len(e.moving), len(e.colours), e.Code)
	if s.Primary != nil {
		for s2 := 1; s2 <= e.Depth; s2++ {
			for j, t := range e.Turns {
				s.Primary.SetName(e.TurnVar(s2, j), fmt.Sprintf("step%d=%s", s2, t.Name))
			}
			s.Primary.SetName(e.NoopVar(s2), fmt.Sprintf("step%d=noop", s2))
		}
	}
	if s.Aux != nil {
		e.nameAux(s.Aux)
	}
	e.encode(s)
	return e.NumVars()
}

// nameAux names the colour, face and target variables.
func (e *Encoding) nameAux(f dimacs.Namer) {
	for t := 0; t <= e.Depth; t++ {
		for m, i := range e.moving {
			for c := range e.bits() {
				if e.Code == Binary {
					f.SetName(e.ColourVar(t, m, c), fmt.Sprintf("state%d s%d.bit%d", t, i+1, c))
				} else {
					f.SetName(e.ColourVar(t, m, c), fmt.Sprintf("state%d s%d=%s", t, i+1, e.colours[c]))
				}
			}
		}
	}
	for s := 1; s <= e.Depth; s++ {
		for fc, js := range e.faces {
			f.SetName(e.FaceVar(s, fc), fmt.Sprintf("step%d face %d", s, e.Turns[js[0]].Face))
		}
	}
	if len(e.Targets) > 1 {
		for k := range e.Targets {
			f.SetName(e.targetVar(k), fmt.Sprintf("target%d", k+1))
		}
	}
}

// encode writes the clauses to a: the start state's moving stickers, a
// group each (see cnfstyle.Sink.BeginGroup), "start sticker 5 is R", the
// clues of the puzzle; then the steps and the target, the puzzle's rules,
// in group 0, which an explanation keeps.
func (e *Encoding) encode(a *cnfstyle.Sink) {
	// The start state, every colour variable of it: the frame clauses then
	// keep each later state one-hot without at-most-one clauses.
	a.Groupf("start state: the colour of each moving sticker")
	for m, i := range e.moving {
		a.BeginGroup(fmt.Sprintf("start sticker %d is %s", i+1, e.Start[i]))
		e.fixSticker(a, 0, m, e.Start[i], 0)
	}
	a.Encoding()
	pos := make([]int, len(e.Goal)) // sticker -> moving index, or -1
	for i := range pos {
		pos[i] = -1
	}
	for m, i := range e.moving {
		pos[i] = m
	}
	for s := 1; s <= e.Depth; s++ {
		e.encodeTurns(a, s)
		if s > 1 {
			e.encodePairs(a, s)
		}
		e.encodeFaceFrames(a, s)
		e.encodeTurnFrames(a, s, pos)
	}
	// A target at the end.
	if len(e.Targets) == 1 {
		a.Groupf("target state after %d steps", e.Depth)
		e.fixState(a, e.Depth, e.Targets[0], 0)
		return
	}
	a.Groupf("one of %d target states after %d steps", len(e.Targets), e.Depth)
	for k := range e.Targets {
		a.Add(e.targetVar(k))
	}
	a.Add(0)
	for k, t := range e.Targets {
		e.fixState(a, e.Depth, t, e.targetVar(k))
	}
}

// fixState writes the unit clauses that give every moving sticker its
// colour in state after step s; with guard (not 0) each clause is
// implied by it instead.
func (e *Encoding) fixState(a *cnfstyle.Sink, s int, state []string, guard int) {
	for m, i := range e.moving {
		e.fixSticker(a, s, m, state[i], guard)
	}
}

// fixSticker writes the clauses that give moving sticker m colour col
// after s steps, each guarded by guard as fixState's.
func (e *Encoding) fixSticker(a *cnfstyle.Sink, s, m int, col string, guard int) {
	for c, on := range e.code(col) {
		l := e.ColourVar(s, m, c)
		if !on {
			l = -l
		}
		if guard != 0 {
			a.Clause(-guard, l)
		} else {
			a.Clause(l)
		}
	}
}

// encodeTurns writes step s's choice: exactly one turn or the no-op,
// no-ops only at the end, and the face variables (F(s,f) is true iff a
// turn of face f is).
func (e *Encoding) encodeTurns(a *cnfstyle.Sink, s int) {
	group, clause := a.Groupf, a.Clause
	n := len(e.Turns)
	group("step %d: exactly one turn or the no-op", s)
	for j := 0; j <= n; j++ {
		a.Add(e.TurnVar(s, j))
	}
	a.Add(0)
	for j := 0; j <= n; j++ {
		for k := j + 1; k <= n; k++ {
			clause(-e.TurnVar(s, j), -e.TurnVar(s, k))
		}
	}
	if s < e.Depth {
		group("step %d: a no-op is followed by no-ops", s)
		clause(-e.NoopVar(s), e.NoopVar(s+1))
	}
	for f, js := range e.faces {
		group("step %d: face %d turns iff one of its turns does", s, e.Turns[js[0]].Face)
		fv := e.FaceVar(s, f)
		for _, j := range js {
			clause(-e.TurnVar(s, j), fv)
		}
		a.Add(-fv)
		for _, j := range js {
			a.Add(e.TurnVar(s, j))
		}
		a.Add(0)
	}
}

// encodePairs writes the pairs of steps s-1 and s no shortest canonical
// sequence has: whole faces where every pair of their turns is left out,
// single pairs otherwise.
func (e *Encoding) encodePairs(a *cnfstyle.Sink, s int) {
	a.Groupf("step %d: turn pairs no shortest sequence has, after step %d", s, s-1)
	for f := range e.faces {
		for g := range e.faces {
			if e.faceForbid[f][g] {
				a.Clause(-e.FaceVar(s-1, f), -e.FaceVar(s, g))
				continue
			}
			for _, x := range e.faces[f] {
				for _, y := range e.faces[g] {
					if e.forbid[x][y] {
						a.Clause(-e.TurnVar(s-1, x), -e.TurnVar(s, y))
					}
				}
			}
		}
	}
}

// encodeFaceFrames writes step s's frame per face: a sticker no turn of
// the face moves keeps its colour whichever of them turns.
func (e *Encoding) encodeFaceFrames(a *cnfstyle.Sink, s int) {
	nc := e.bits()
	for f := range e.faces {
		a.Groupf("step %d: stickers face %d does not move keep their colour when it turns", s, e.Turns[e.faces[f][0]].Face)
		fv := e.FaceVar(s, f)
		for m, i := range e.moving {
			if e.faceMoves[f][i] {
				continue
			}
			for c := range nc {
				a.Clause(-fv, -e.ColourVar(s-1, m, c), e.ColourVar(s, m, c))
				a.Clause(-fv, e.ColourVar(s-1, m, c), -e.ColourVar(s, m, c))
			}
		}
	}
}

// encodeTurnFrames writes step s's frame per turn, for the stickers its
// face moves: sticker i takes the colour sticker Perm[i] had (pos maps a
// sticker to its moving index). The no-op keeps every colour.
func (e *Encoding) encodeTurnFrames(a *cnfstyle.Sink, s int, pos []int) {
	nc := e.bits()
	n := len(e.Turns)
	for j := 0; j <= n; j++ {
		if j < n {
			a.Groupf("step %d, turn %s: the stickers its face moves follow it", s, e.Turns[j].Name)
		} else {
			a.Groupf("step %d, no-op: every sticker keeps its colour", s)
		}
		tv := e.TurnVar(s, j)
		for m, i := range e.moving {
			from := i
			if j < n {
				from = e.Turns[j].Perm[i]
				if !e.faceMoves[e.faceOf[j]][i] {
					continue
				}
			}
			fm := pos[from]
			for c := range nc {
				a.Clause(-tv, -e.ColourVar(s-1, fm, c), e.ColourVar(s, m, c))
				a.Clause(-tv, e.ColourVar(s-1, fm, c), -e.ColourVar(s, m, c))
			}
		}
	}
}

// Moves reads the turn sequence off a model: the turn of each step, no-ops
// dropped. It fails when a step has no turn or several, or a turn follows
// a no-op.
func (e *Encoding) Moves(m dimacs.Model) ([]string, error) {
	var out []string
	noop := false
	for s := 1; s <= e.Depth; s++ {
		chosen := -1
		for j := 0; j <= len(e.Turns); j++ {
			if m.Lit(e.TurnVar(s, j)) == 1 {
				if chosen >= 0 {
					return nil, fmt.Errorf("step %d: more than one turn is true", s)
				}
				chosen = j
			}
		}
		switch {
		case chosen < 0:
			return nil, fmt.Errorf("step %d: no turn is true", s)
		case chosen == len(e.Turns):
			noop = true
		case noop:
			return nil, fmt.Errorf("step %d: turn %s after a no-op", s, e.Turns[chosen].Name)
		default:
			out = append(out, e.Turns[chosen].Name)
		}
	}
	return out, nil
}

// Replay applies moves to the start state and fails unless that reaches
// one of the targets.
func (e *Encoding) Replay(moves []string) error {
	by := map[string]Turn{}
	for _, t := range e.Turns {
		by[t.Name] = t
	}
	st := e.Start
	for _, mv := range moves {
		t, ok := by[mv]
		if !ok {
			return fmt.Errorf("unknown turn %q", mv)
		}
		st = Apply(st, t)
	}
	for _, t := range e.Targets {
		if Equal(st, t) {
			return nil
		}
	}
	return fmt.Errorf("the turns %q do not solve the state: they end in %s", strings.Join(moves, " "), strings.Join(st, " "))
}

// ErrNoHeader is ReadPuzzleLines's error for lines without "c pipesat
// twisty NAME depth K": the encoding must then come from the puzzle, its
// start and the depth.
var ErrNoHeader = errors.New("no \"c pipesat twisty\" header")

// ReadPuzzleLines rebuilds an encoding from the puzzle lines (comment
// texts without "c ") a CNF made by Encode carries, as satrun forwards
// them. Other lines are ignored. It fails if the twisty lines are missing
// (ErrNoHeader without any) or malformed.
func ReadPuzzleLines(lines []string) (*Encoding, error) {
	h := &twistyHeader{depth: -1, code: OneHot}
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) < 2 || f[0] != "pipesat" {
			continue
		}
		if err := h.line(l, f); err != nil {
			return nil, dimacs.PipesatLineErr(i, err)
		}
		if f[1] == "twisty-turn" {
			h.turnLines = append(h.turnLines, i)
		}
	}
	if err := h.check(); err != nil {
		return nil, err
	}
	for i := range h.turns {
		p, err := FromArrayCycle(h.turns[i].Perm, len(h.goal))
		if err != nil {
			return nil, dimacs.PipesatLineErr(h.turnLines[i], fmt.Errorf("twisty-turn %s: %v", h.turns[i].Name, err))
		}
		h.turns[i].Perm = p
	}
	e, err := newEncoding(h.name, h.depth, h.goal, h.start, h.targets, h.turns)
	if err != nil {
		return nil, err
	}
	e.Code = h.code
	return e, nil
}

// twistyHeader is what ReadPuzzleLines has read of the twisty lines.
type twistyHeader struct {
	name        string
	depth       int // -1 until the "twisty" line
	goal, start []string
	targets     [][]string
	turns       []Turn
	turnLines   []int // the index in lines of each turn's line
	code        Code
}

// line reads puzzle line l, its fields f starting "pipesat"; lines of
// other puzzles are ignored.
func (h *twistyHeader) line(l string, f []string) error {
	switch f[1] {
	case "twisty":
		if len(f) != 5 || f[3] != "depth" {
			return fmt.Errorf("header %q: want \"pipesat twisty NAME depth K\"", l)
		}
		d, err := strconv.Atoi(f[4])
		if err != nil || d < 0 || d > MaxDepth {
			return fmt.Errorf("header %q: bad depth", l)
		}
		h.name, h.depth = f[2], d
	case "twisty-goal":
		h.goal = f[2:]
	case "twisty-start":
		h.start = f[2:]
	case "twisty-code":
		if len(f) != 3 {
			return fmt.Errorf("header %q: want \"pipesat twisty-code onehot|binary\"", l)
		}
		c, err := ParseCode(f[2])
		if err != nil {
			return fmt.Errorf("header %q: %v", l, err)
		}
		h.code = c
	case "twisty-target":
		h.targets = append(h.targets, f[2:])
	case "twisty-turn":
		return h.turn(l, f)
	}
	return nil
}

// turn reads a "twisty-turn NAME FACE CYCLES..." line l, its fields f.
func (h *twistyHeader) turn(l string, f []string) error {
	if len(f) < 4 {
		return fmt.Errorf("header %q: want \"pipesat twisty-turn NAME FACE CYCLES...\"", l)
	}
	face, err := strconv.Atoi(f[3])
	if err != nil {
		return fmt.Errorf("header %q: bad face %q", l, f[3])
	}
	var a []int
	for _, w := range f[4:] {
		v, err := strconv.Atoi(w)
		if err != nil {
			return fmt.Errorf("header %q: %q is not a sticker", l, w)
		}
		a = append(a, v)
	}
	h.turns = append(h.turns, Turn{Name: f[2], Face: face, Perm: a})
	return nil
}

// check checks that the header is whole: the twisty line, the goal, the
// start and the targets of one length, colours of the goal, and turns.
func (h *twistyHeader) check() error {
	if h.depth < 0 {
		return ErrNoHeader
	}
	goal := h.goal
	if len(goal) == 0 || len(goal) > MaxStickers || len(h.start) != len(goal) || len(h.targets) == 0 || len(h.turns) == 0 {
		return fmt.Errorf("incomplete twisty header: want twisty-goal, twisty-start, twisty-target and twisty-turn lines of %d stickers", len(goal))
	}
	known := map[string]bool{}
	for _, c := range goal {
		known[c] = true
	}
	for _, t := range append([][]string{h.start}, h.targets...) {
		if len(t) != len(goal) {
			return fmt.Errorf("twisty-target has %d stickers, want %d", len(t), len(goal))
		}
		for _, c := range t {
			if !known[c] {
				return fmt.Errorf("header: colour %q is not in twisty-goal", c)
			}
		}
	}
	return nil
}
