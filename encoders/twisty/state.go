package twisty

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/pipesat/pipesat/textpos"
)

// ParseState reads a state: the colour of every sticker, in goalState's
// order, separated by blanks (or commas). name is used in messages; the
// position is line 1 and the column of the offending colour. Each colour
// must occur as often as in the goal.
func (p *Puzzle) ParseState(text, name string) ([]string, error) {
	if len(text) > maxInput {
		return nil, &textpos.Error{Name: name, Msg: "state too long"}
	}
	known := map[string]int{}
	for _, c := range p.Goal {
		known[c]++
	}
	var st []string
	var cols, lines []int
	count := map[string]int{}
	line, col := 1, 1
	for i := 0; i < len(text); {
		ch := text[i]
		if ch == ' ' || ch == '\t' || ch == ',' || ch == '\r' || ch == '\n' {
			if ch == '\n' {
				line++
				col = 0
			}
			i++
			col++
			continue
		}
		j := i
		for j < len(text) && !strings.ContainsRune(" \t,\r\n", rune(text[j])) {
			j++
		}
		w := text[i:j]
		if _, ok := known[w]; !ok {
			return nil, withLine(&textpos.Error{Name: name, Pos: textpos.Pos{Line: line, Col: col}, Msg: fmt.Sprintf("colour %q is not in goalState (%s)", w, strings.Join(p.Colours(), " "))}, text)
		}
		if len(st) == len(p.Goal) {
			return nil, withLine(&textpos.Error{Name: name, Pos: textpos.Pos{Line: line, Col: col}, Msg: fmt.Sprintf("more than %d stickers", len(p.Goal))}, text)
		}
		st = append(st, w)
		cols = append(cols, col)
		lines = append(lines, line)
		count[w]++
		col += j - i
		i = j
	}
	if len(st) < len(p.Goal) {
		return nil, withLine(&textpos.Error{Name: name, Pos: textpos.Pos{Line: line, Col: col}, Msg: fmt.Sprintf("%d stickers, want %d", len(st), len(p.Goal))}, text)
	}
	// With the right number of stickers, a colour short means one too
	// many: point at the first sticker past its count.
	seen := map[string]int{}
	for k, c := range st {
		seen[c]++
		if seen[c] > known[c] {
			return nil, withLine(&textpos.Error{Name: name, Pos: textpos.Pos{Line: lines[k], Col: cols[k]}, Msg: fmt.Sprintf("colour %q on %d stickers, want %d", c, count[c], known[c])}, text)
		}
	}
	return st, nil
}

// withLine sets e's Source to its line of text and returns e.
func withLine(e *textpos.Error, text string) *textpos.Error {
	e.Source = textpos.Line(text, e.Line)
	return e
}

// Colours returns the goal's colours in order of first appearance.
func (p *Puzzle) Colours() []string { return colours(p.Goal) }

func colours(goal []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range goal {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

// Apply returns the state after turning t; st is not modified.
func Apply(st []string, t Turn) []string {
	out := make([]string, len(st))
	for i, j := range t.Perm {
		out[i] = st[j]
	}
	return out
}

// Run applies the named turns in order and returns the final state.
func (p *Puzzle) Run(st []string, moves []string) ([]string, error) {
	for _, m := range moves {
		t, ok := p.Turn(m)
		if !ok {
			return nil, fmt.Errorf("unknown turn %q", m)
		}
		st = Apply(st, t)
	}
	return st, nil
}

// Scramble returns n random turns (rotations excluded; fixed turns
// included, so the fixed corner moves too) drawn from rng, and the state
// they make from the goal. No turn has the face of the turn before it (F
// F' cancel, U2 U2 merge), nor of one before that which every turn since
// commutes with (U D U' is D): a scramble of n turns has no two that a
// shorter sequence of the same turns replaces. Only where that leaves no
// turn to draw (a puzzle of one face) is the rule dropped.
func (p *Puzzle) Scramble(n int, rng *rand.Rand) (moves []string, st []string) {
	ts := p.Scrambling()
	commute := facesCommute(ts)
	st = append([]string(nil), p.Goal...)
	var block []int // the faces since the last one that did not commute
	next := make([]Turn, 0, len(ts))
	for range n {
		next = next[:0]
		for _, u := range ts {
			if !slices.Contains(block, u.Face) {
				next = append(next, u)
			}
		}
		if len(next) == 0 {
			next, block = ts, nil
		}
		t := next[rng.IntN(len(next))]
		moves = append(moves, t.Name)
		st = Apply(st, t)
		if !slices.ContainsFunc(block, func(f int) bool { return !commute[[2]int{f, t.Face}] }) {
			block = append(block, t.Face)
		} else {
			block = []int{t.Face}
		}
	}
	return moves, st
}

// facesCommute returns which pairs of the faces of ts commute: every turn
// of one with every turn of the other, in either order.
func facesCommute(ts []Turn) map[[2]int]bool {
	c := map[[2]int]bool{}
	bad := map[[2]int]bool{}
	for _, a := range ts {
		for _, b := range ts {
			k := [2]int{a.Face, b.Face}
			if a.Face == b.Face || bad[k] {
				continue
			}
			ab, ba := Compose(a.Perm, b.Perm), Compose(b.Perm, a.Perm)
			if slices.Equal(ab, ba) {
				c[k] = true
			} else {
				bad[k], c[k] = true, false
			}
		}
	}
	return c
}

// Equal reports whether two states are the same.
func Equal(a, b []string) bool { return slices.Equal(a, b) }

// Moving returns the stickers some active turn moves, in increasing order.
func Moving(turns []Turn, n int) []int {
	moved := make([]bool, n)
	for _, t := range turns {
		for i, j := range t.Perm {
			if i != j {
				moved[i] = true
			}
		}
	}
	var out []int
	for i, m := range moved {
		if m {
			out = append(out, i)
		}
	}
	return out
}

// Targets returns the solved states start can reach: the orientations of
// the goal (its images under the rotations) that agree with start on every
// sticker no active turn moves. It fails, with an error naming those
// stickers, when there is none.
func (p *Puzzle) Targets(start []string) ([][]string, error) {
	orbit := [][]string{p.Goal}
	seen := map[string]bool{strings.Join(p.Goal, " "): true}
	var rots []Turn
	for _, n := range p.Rotations {
		t, _ := p.Turn(n)
		rots = append(rots, t)
	}
	for i := 0; i < len(orbit); i++ {
		for _, r := range rots {
			s := Apply(orbit[i], r)
			k := strings.Join(s, " ")
			if !seen[k] {
				seen[k] = true
				orbit = append(orbit, s)
			}
		}
		if len(orbit) > maxOrientations || len(orbit)*len(p.Goal) > maxCells {
			return nil, fmt.Errorf("the rotations make more than %d orientations of the goal", len(orbit)-1)
		}
	}
	moving := Moving(p.Active(), len(p.Goal))
	still := make([]bool, len(p.Goal))
	for i := range still {
		still[i] = true
	}
	for _, i := range moving {
		still[i] = false
	}
	var out [][]string
	for _, g := range orbit {
		ok := true
		for i, s := range still {
			if s && g[i] != start[i] {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, g)
		}
	}
	if len(out) == 0 {
		var pos, col []string
		for i, s := range still {
			if s {
				pos = append(pos, fmt.Sprint(i))
				col = append(col, start[i])
			}
		}
		first := -1
		for i, s := range still {
			if s {
				first = i
				break
			}
		}
		return nil, &StateError{Sticker: first, Msg: fmt.Sprintf("impossible state: stickers %s, which the active turns never move, hold %s: no orientation of the goal has that",
			strings.Join(pos, " "), strings.Join(col, " "))}
	}
	return out, nil
}

// Check looks for a proof that start cannot reach target, using the
// pieces: every piece must be one of target's pieces with its colours in
// the same cyclic order, each piece once; when every active turn keeps
// the sum of the pieces' twists (mod the piece size), start's sum must be
// 0; when every active turn permutes the pieces evenly, so must start.
// It returns nil when it finds no proof, which does not mean start is
// solvable. Puzzles without pieces are never rejected.
func (p *Puzzle) Check(start, target []string) error {
	if len(p.Pieces) == 0 {
		return nil
	}
	home := map[string]int{} // colour set -> piece
	for k, pc := range p.Pieces {
		key := pieceKey(target, pc)
		if _, dup := home[key]; dup {
			return nil // pieces not told apart by colours: no checks
		}
		home[key] = k
	}
	// analyse returns the twist sum per piece size and the parity of the
	// piece permutation.
	analyse := func(st []string) (map[int]int, int, error) {
		sum := map[int]int{}
		used := make([]bool, len(p.Pieces))
		perm := make([]int, len(p.Pieces))
		for pi, pc := range p.Pieces {
			k, ok := home[pieceKey(st, pc)]
			if !ok {
				return nil, 0, &StateError{Sticker: pc[0], Msg: fmt.Sprintf("impossible state: stickers %s hold %s: no piece has these colours", ints(pc), pieceColours(st, pc))}
			}
			r := rotationOf(st, pc, target, p.Pieces[k])
			if r < 0 {
				return nil, 0, &StateError{Sticker: pc[0], Msg: fmt.Sprintf("impossible state: stickers %s hold %s: a mirrored piece", ints(pc), pieceColours(st, pc))}
			}
			if used[k] {
				return nil, 0, &StateError{Sticker: pc[0], Msg: fmt.Sprintf("impossible state: stickers %s hold %s: that piece is already elsewhere", ints(pc), pieceColours(st, pc))}
			}
			used[k] = true
			perm[pi] = k
			sum[len(pc)] = (sum[len(pc)] + r) % len(pc)
		}
		return sum, parity(perm), nil
	}
	sum, par, err := analyse(start)
	if err != nil {
		return err
	}
	// Which invariants every active turn keeps.
	keepsParity := true
	keepsTwist := map[int]bool{}
	for size := range sum {
		keepsTwist[size] = true
	}
	for _, t := range p.Active() {
		ts, tp, err := analyse(Apply(target, t))
		if err != nil {
			return nil // pieces that turns break apart: no checks
		}
		if tp != 0 {
			keepsParity = false
		}
		for size := range keepsTwist {
			if ts[size] != 0 {
				keepsTwist[size] = false
			}
		}
	}
	var sizes []int
	for size := range sum {
		sizes = append(sizes, size)
	}
	slices.Sort(sizes)
	for _, size := range sizes {
		if s := sum[size]; s != 0 && keepsTwist[size] {
			return &StateError{Sticker: -1, Msg: fmt.Sprintf("impossible state: the pieces of %d stickers are twisted by %d/%d in all: no turns undo that", size, s, size)}
		}
	}
	if par != 0 && keepsParity {
		return &StateError{Sticker: -1, Msg: "impossible state: an odd permutation of the pieces, and every turn is even"}
	}
	return nil
}

// parity returns 0 for an even permutation, 1 for an odd one.
func parity(perm []int) int {
	seen := make([]bool, len(perm))
	par := 0
	for i := range perm {
		if seen[i] {
			continue
		}
		n := 0
		for j := i; !seen[j]; j = perm[j] {
			seen[j] = true
			n++
		}
		par ^= (n - 1) & 1
	}
	return par
}

// pieceKey names a piece's colours independently of their order.
func pieceKey(st []string, pc []int) string {
	cs := make([]string, len(pc))
	for i, s := range pc {
		cs[i] = st[s]
	}
	// sort small slices by insertion
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j] < cs[j-1]; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
	return strings.Join(cs, " ")
}

func pieceColours(st []string, pc []int) string {
	cs := make([]string, len(pc))
	for i, s := range pc {
		cs[i] = st[s]
	}
	return strings.Join(cs, " ")
}

// rotationOf returns r with st[pc[(i+r)%n]] == target[home[i]] for all i,
// or -1.
func rotationOf(st []string, pc []int, target []string, home []int) int {
	n := len(pc)
	for r := 0; r < n; r++ {
		ok := true
		for i := 0; i < n; i++ {
			if st[pc[(i+r)%n]] != target[home[i]] {
				ok = false
				break
			}
		}
		if ok {
			return r
		}
	}
	return -1
}

func ints(a []int) string {
	s := make([]string, len(a))
	for i, v := range a {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, " ")
}

// StateError is a state the puzzle cannot be solved from. Sticker is the
// first sticker involved, or -1.
type StateError struct {
	Sticker int
	Msg     string
}

func (e *StateError) Error() string { return e.Msg }

// Locate turns a *StateError about the state parsed from text into an
// *textpos.Error positioned at its sticker (line 1, column 1 if none); other
// errors come back unchanged.
func Locate(err error, text, name string) error {
	se, ok := err.(*StateError)
	if !ok {
		return err
	}
	line, col := 1, 1
	k := 0
	l, c := 1, 1
	for i := 0; i < len(text); {
		ch := text[i]
		if strings.IndexByte(" \t,\r\n", ch) >= 0 {
			if ch == '\n' {
				l++
				c = 0
			}
			i++
			c++
			continue
		}
		if k == se.Sticker {
			line, col = l, c
			break
		}
		j := i
		for j < len(text) && strings.IndexByte(" \t,\r\n", text[j]) < 0 {
			j++
		}
		c += j - i
		i = j
		k++
	}
	return withLine(&textpos.Error{Name: name, Pos: textpos.Pos{Line: line, Col: col}, Msg: se.Msg}, text)
}

// ParseMoves reads turn names separated by blanks (or commas), as cnf2moves
// prints them; an unknown name is an error at its line and column. name is
// used in messages.
func (p *Puzzle) ParseMoves(text, name string) ([]string, error) {
	if len(text) > maxInput {
		return nil, &textpos.Error{Name: name, Msg: "turn sequence too long"}
	}
	var out []string
	line, col := 1, 1
	for i := 0; i < len(text); {
		ch := text[i]
		if strings.IndexByte(" \t,\r\n", ch) >= 0 {
			if ch == '\n' {
				line++
				col = 0
			}
			i++
			col++
			continue
		}
		j := i
		for j < len(text) && strings.IndexByte(" \t,\r\n", text[j]) < 0 {
			j++
		}
		w := text[i:j]
		if _, ok := p.index[w]; !ok {
			var names []string
			for _, t := range p.Turns {
				names = append(names, t.Name)
			}
			return nil, withLine(&textpos.Error{Name: name, Pos: textpos.Pos{Line: line, Col: col}, Msg: fmt.Sprintf("unknown turn %q (known: %s)", w, strings.Join(names, " "))}, text)
		}
		out = append(out, w)
		col += j - i
		i = j
	}
	return out, nil
}
