package twisty

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/pipesat/pipesat/textpos"
	yaml "go.yaml.in/yaml/v3"
)

// Limits that come before allocation.
const (
	MaxStickers = 4096
	MaxTurns    = 1024
	MaxDepth    = 64
	maxInput    = 4 << 20
	// The rotations' orbit of the goal, and its size in stickers.
	maxOrientations = 1000
	maxCells        = 1 << 20
	// MaxLits bounds the formula's size (about 2 GiB of DIMACS text).
	MaxLits = 1 << 28
)

// Turn is one named move: a permutation of the sticker positions.
type Turn struct {
	Name string
	// Perm is the turn in one-line notation: after the turn, position i
	// holds the sticker that was at Perm[i] (the article's "word
	// representation").
	Perm []int
	// Face groups turns made from the same base turn (U, U', U2 share
	// U's face); a COMBINE of different faces gets a face of its own.
	Face int
	Line int // line of the definition, 0 if not from a file
}

// Puzzle is a twisty puzzle read from a YAML definition. Not safe for
// concurrent modification; read-only use is fine.
type Puzzle struct {
	Name  string
	Goal  []string // goalState: the colour of every sticker when solved
	Turns []Turn   // base turns then extenders, in file order
	// Fixed names the turns left out of the search (fixed: [...]).
	Fixed []string
	// Rotations names turns that turn the whole puzzle: they are left
	// out of the search, and every rotation of Goal counts as solved.
	Rotations []string
	// Pieces lists the stickers of each piece, for the state checks;
	// each corner's stickers in clockwise order, U or D sticker first.
	Pieces [][]int
	// MaxDepth is God's number if known (maxDepth:), else 0.
	MaxDepth int
	// Net is the puzzle unfolded flat (net:), row by row: sticker
	// numbers, -1 for a gap; nil if the definition draws none. DrawNet
	// draws it.
	Net [][]int

	index map[string]int
}

// Turn returns the turn called name.
func (p *Puzzle) Turn(name string) (Turn, bool) {
	i, ok := p.index[name]
	if !ok {
		return Turn{}, false
	}
	return p.Turns[i], true
}

// Active returns the turns the search uses: all but the fixed ones and the
// rotations, in definition order.
func (p *Puzzle) Active() []Turn {
	skip := map[string]bool{}
	for _, n := range p.Fixed {
		skip[n] = true
	}
	for _, n := range p.Rotations {
		skip[n] = true
	}
	var out []Turn
	for _, t := range p.Turns {
		if !skip[t.Name] {
			out = append(out, t)
		}
	}
	return out
}

// Scrambling returns the turns a scramble draws from: every turn but the
// rotations.
func (p *Puzzle) Scrambling() []Turn {
	skip := map[string]bool{}
	for _, n := range p.Rotations {
		skip[n] = true
	}
	var out []Turn
	for _, t := range p.Turns {
		if !skip[t.Name] {
			out = append(out, t)
		}
	}
	return out
}

// yamlLine picks the line out of a YAML error. It is compiled on the first
// error, not at every start of the three tools that import this package.
var yamlLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^yaml: line (\d+): (.*)$`)
})

// Parse reads a puzzle definition from r. name is used in messages and,
// without directory and extension, as the puzzle's name when the file has
// no "name:".
func Parse(r io.Reader, name string) (*Puzzle, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, &textpos.Error{Name: name, Msg: err.Error()}
	}
	p, err := parse(data, name)
	if e, ok := err.(*textpos.Error); ok && e.Source == "" {
		// The whole file is at hand: quote the line now, once.
		e.Source = textpos.Line(data, e.Line)
	}
	return p, err
}

func parse(data []byte, name string) (*Puzzle, error) {
	if len(data) > maxInput {
		return nil, &textpos.Error{Name: name, Msg: fmt.Sprintf("puzzle file larger than %d bytes", maxInput)}
	}
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil {
		if err == io.EOF {
			return nil, &textpos.Error{Name: name, Pos: textpos.Pos{Line: 1, Col: 1}, Msg: "empty puzzle file"}
		}
		msg := err.Error()
		if m := yamlLine().FindStringSubmatch(msg); m != nil {
			l, _ := strconv.Atoi(m[1])
			return nil, &textpos.Error{Name: name, Pos: textpos.Pos{Line: l, Col: 1}, Msg: m[2]}
		}
		return nil, &textpos.Error{Name: name, Pos: textpos.Pos{Line: 1, Col: 1}, Msg: strings.TrimPrefix(msg, "yaml: ")}
	}
	ps := &parser{name: name, src: data}
	p, err := ps.puzzle(&doc)
	if err != nil {
		return nil, err
	}
	if p.Name == "" {
		base := filepath.Base(name)
		p.Name = strings.TrimSuffix(base, filepath.Ext(base))
		if p.Name == "" || p.Name == "<stdin>" || strings.ContainsAny(p.Name, " \t") {
			p.Name = "puzzle"
		}
	}
	return p, nil
}

type parser struct {
	name string
	src  []byte
}

// errf returns an *textpos.Error at node n. yaml.v3 counts columns in runes, every
// pipesat reader in bytes: the line in src converts them.
func (ps *parser) errf(n *yaml.Node, format string, args ...any) error {
	col := n.Column
	if line := lineOf(ps.src, n.Line); col > 1 {
		b, r := 0, 1
		for b < len(line) && r < col {
			_, w := utf8.DecodeRune(line[b:])
			b += w
			r++
		}
		col = b + 1
	}
	return textpos.Errorf(ps.name, textpos.Pos{Line: n.Line, Col: col}, format, args...)
}

// lineOf returns line n (from 1) of src, whole, or nil.
func lineOf(src []byte, n int) []byte {
	for l := 1; l < n; l++ {
		i := bytes.IndexByte(src, '\n')
		if i < 0 {
			return nil
		}
		src = src[i+1:]
	}
	if i := bytes.IndexByte(src, '\n'); i >= 0 {
		src = src[:i]
	}
	return src
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		return fmt.Sprintf("%q", n.Value)
	case yaml.AliasNode:
		return "an alias"
	}
	return "nothing"
}

func (ps *parser) mapping(n *yaml.Node, what string, keys ...string) (map[string]*yaml.Node, error) {
	if n.Kind != yaml.MappingNode {
		return nil, ps.errf(n, "%s: want a mapping, got %s", what, kindName(n))
	}
	out := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return nil, ps.errf(k, "%s: keys must be words", what)
		}
		known := false
		for _, want := range keys {
			if k.Value == want {
				known = true
			}
		}
		if !known {
			return nil, ps.errf(k, "%s: unknown key %q (want one of %s)", what, k.Value, strings.Join(keys, ", "))
		}
		if _, dup := out[k.Value]; dup {
			return nil, ps.errf(k, "%s: key %q given twice", what, k.Value)
		}
		if v.Kind == yaml.AliasNode {
			return nil, ps.errf(v, "%s: aliases are not supported", what)
		}
		out[k.Value] = v
	}
	return out, nil
}

func (ps *parser) seq(n *yaml.Node, what string) ([]*yaml.Node, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, ps.errf(n, "%s: want a list, got %s", what, kindName(n))
	}
	for _, c := range n.Content {
		if c.Kind == yaml.AliasNode {
			return nil, ps.errf(c, "%s: aliases are not supported", what)
		}
	}
	return n.Content, nil
}

// word returns a scalar without blanks: a colour, a turn or a puzzle name.
func (ps *parser) word(n *yaml.Node, what string) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", ps.errf(n, "%s: want a word, got %s", what, kindName(n))
	}
	if n.Value == "" || strings.ContainsAny(n.Value, " \t\r\n\"#=") {
		return "", ps.errf(n, "%s: %q is not a word (no blanks, quotes, '#' or '=')", what, n.Value)
	}
	return n.Value, nil
}

func (ps *parser) int(n *yaml.Node, what string, lo, hi int) (int, error) {
	if n.Kind != yaml.ScalarNode {
		return 0, ps.errf(n, "%s: want a number, got %s", what, kindName(n))
	}
	v, err := strconv.Atoi(n.Value)
	if err != nil {
		return 0, ps.errf(n, "%s: %q is not a number", what, n.Value)
	}
	if v < lo || v > hi {
		return 0, ps.errf(n, "%s: %d is out of range %d..%d", what, v, lo, hi)
	}
	return v, nil
}

func (ps *parser) puzzle(doc *yaml.Node) (*Puzzle, error) {
	if len(doc.Content) == 0 {
		return nil, &textpos.Error{Name: ps.name, Pos: textpos.Pos{Line: 1, Col: 1}, Msg: "empty puzzle file"}
	}
	root, err := ps.mapping(doc.Content[0], "puzzle", "name", "goalState", "turnSet", "fixed", "rotations", "pieces", "maxDepth", "net")
	if err != nil {
		return nil, err
	}
	p := &Puzzle{index: map[string]int{}}
	if n := root["name"]; n != nil {
		if p.Name, err = ps.word(n, "name"); err != nil {
			return nil, err
		}
	}
	gn := root["goalState"]
	if gn == nil {
		return nil, ps.errf(doc.Content[0], "puzzle: no goalState")
	}
	gs, err := ps.seq(gn, "goalState")
	if err != nil {
		return nil, err
	}
	if len(gs) == 0 || len(gs) > MaxStickers {
		return nil, ps.errf(gn, "goalState: %d stickers, want 1..%d", len(gs), MaxStickers)
	}
	for _, c := range gs {
		w, err := ps.word(c, "goalState")
		if err != nil {
			return nil, err
		}
		p.Goal = append(p.Goal, w)
	}
	tn := root["turnSet"]
	if tn == nil {
		return nil, ps.errf(doc.Content[0], "puzzle: no turnSet")
	}
	if err := ps.turnSet(p, tn); err != nil {
		return nil, err
	}
	for _, key := range []string{"fixed", "rotations"} {
		n := root[key]
		if n == nil {
			continue
		}
		items, err := ps.seq(n, key)
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			w, err := ps.word(it, key)
			if err != nil {
				return nil, err
			}
			if _, ok := p.index[w]; !ok {
				return nil, ps.errf(it, "%s: unknown turn %q", key, w)
			}
			if key == "fixed" {
				p.Fixed = append(p.Fixed, w)
			} else {
				p.Rotations = append(p.Rotations, w)
			}
		}
	}
	if n := root["pieces"]; n != nil {
		if err := ps.pieces(p, n); err != nil {
			return nil, err
		}
	}
	if n := root["maxDepth"]; n != nil {
		if p.MaxDepth, err = ps.int(n, "maxDepth", 0, MaxDepth); err != nil {
			return nil, err
		}
	}
	if n := root["net"]; n != nil {
		if err := ps.net(p, n); err != nil {
			return nil, err
		}
	}
	if len(p.Active()) == 0 {
		return nil, ps.errf(tn, "turnSet: every turn is fixed or a rotation: nothing left to search with")
	}
	return p, nil
}

func (ps *parser) turnSet(p *Puzzle, tn *yaml.Node) error {
	ts, err := ps.mapping(tn, "turnSet", "baseTurns", "extenders")
	if err != nil {
		return err
	}
	bn := ts["baseTurns"]
	if bn == nil {
		return ps.errf(tn, "turnSet: no baseTurns")
	}
	base, err := ps.seq(bn, "baseTurns")
	if err != nil {
		return err
	}
	var ext []*yaml.Node
	if en := ts["extenders"]; en != nil {
		if ext, err = ps.seq(en, "extenders"); err != nil {
			return err
		}
	}
	if len(base)+len(ext) > MaxTurns {
		return ps.errf(tn, "turnSet: %d turns, more than %d", len(base)+len(ext), MaxTurns)
	}
	faces := 0 // each base turn has a face of its own
	for _, b := range base {
		if err := ps.baseTurn(p, b, faces); err != nil {
			return err
		}
		faces++
	}
	for _, e := range ext {
		if err := ps.extender(p, e, &faces); err != nil {
			return err
		}
	}
	return nil
}

// addTurn adds turn t, defined at n, to p's turns.
func (ps *parser) addTurn(p *Puzzle, n *yaml.Node, t Turn) error {
	if _, dup := p.index[t.Name]; dup {
		return ps.errf(n, "turn %q defined twice", t.Name)
	}
	p.index[t.Name] = len(p.Turns)
	p.Turns = append(p.Turns, t)
	return nil
}

// baseTurn reads base turn b, "name" and "value" (its permutation), a
// turn of face face.
func (ps *parser) baseTurn(p *Puzzle, b *yaml.Node, face int) error {
	m, err := ps.mapping(b, "base turn", "name", "value")
	if err != nil {
		return err
	}
	if m["name"] == nil || m["value"] == nil {
		return ps.errf(b, "base turn: want name and value")
	}
	name, err := ps.word(m["name"], "turn name")
	if err != nil {
		return err
	}
	perm, err := ps.arrayCycle(m["value"], name, len(p.Goal))
	if err != nil {
		return err
	}
	return ps.addTurn(p, m["name"], Turn{Name: name, Perm: perm, Face: face, Line: b.Line})
}

// extender reads extender e: a turn made by a function (REVERSE,
// COMBINE) of turns defined before it. A combination of turns of several
// faces gets a face of its own, the next of *faces.
func (ps *parser) extender(p *Puzzle, e *yaml.Node, faces *int) error {
	m, err := ps.mapping(e, "extender", "name", "function", "params")
	if err != nil {
		return err
	}
	if m["name"] == nil || m["function"] == nil || m["params"] == nil {
		return ps.errf(e, "extender: want name, function and params")
	}
	name, err := ps.word(m["name"], "turn name")
	if err != nil {
		return err
	}
	fn, err := ps.word(m["function"], "function")
	if err != nil {
		return err
	}
	args, err := ps.params(p, m["params"], name)
	if err != nil {
		return err
	}
	var t Turn
	switch fn {
	case "REVERSE":
		if len(args) != 1 {
			return ps.errf(m["params"], "extender %q: REVERSE takes one turn, got %d", name, len(args))
		}
		t = Turn{Name: name, Perm: Inverse(args[0].Perm), Face: args[0].Face}
	case "COMBINE":
		if len(args) == 0 {
			return ps.errf(m["params"], "extender %q: COMBINE needs at least one turn", name)
		}
		perm := Identity(len(p.Goal))
		face := args[0].Face
		for _, a := range args {
			perm = Compose(perm, a.Perm)
			if a.Face != face {
				face = -1
			}
		}
		if face < 0 {
			face = *faces
			*faces++
		}
		t = Turn{Name: name, Perm: perm, Face: face}
	default:
		return ps.errf(m["function"], "extender %q: unknown function %q (want REVERSE or COMBINE)", name, fn)
	}
	t.Line = e.Line
	return ps.addTurn(p, m["name"], t)
}

// params returns the turns extender name's params n name, each defined
// before it.
func (ps *parser) params(p *Puzzle, n *yaml.Node, name string) ([]Turn, error) {
	items, err := ps.seq(n, "params")
	if err != nil {
		return nil, err
	}
	var args []Turn
	for _, it := range items {
		w, err := ps.word(it, "params")
		if err != nil {
			return nil, err
		}
		i, ok := p.index[w]
		if !ok {
			return nil, ps.errf(it, "extender %q: unknown turn %q", name, w)
		}
		args = append(args, p.Turns[i])
	}
	return args, nil
}

// arrayCycle reads the article's "array cycle notation": cycles written one
// after another, each closed by repeating its first sticker, so (0 1 3 2)(4 5)
// is [0, 1, 3, 2, 0, 4, 5, 4]. The sticker at a position moves to the
// position written after it.
func (ps *parser) arrayCycle(n *yaml.Node, turn string, size int) ([]int, error) {
	items, err := ps.seq(n, fmt.Sprintf("turn %q", turn))
	if err != nil {
		return nil, err
	}
	perm := Identity(size)
	seen := make(map[int]*yaml.Node)
	var cycle []int
	var start *yaml.Node
	for _, it := range items {
		v, err := ps.int(it, fmt.Sprintf("turn %q", turn), 0, size-1)
		if err != nil {
			return nil, err
		}
		if len(cycle) > 0 && v == cycle[0] {
			for k := range cycle {
				perm[cycle[(k+1)%len(cycle)]] = cycle[k]
			}
			cycle = cycle[:0]
			continue
		}
		if prev, ok := seen[v]; ok {
			return nil, ps.errf(it, "turn %q: sticker %d appears twice (first on line %d): not a permutation", turn, v, prev.Line)
		}
		seen[v] = it
		if len(cycle) == 0 {
			start = it
		}
		cycle = append(cycle, v)
	}
	if len(cycle) > 0 {
		return nil, ps.errf(start, "turn %q: cycle starting at %d is not closed (repeat %d to end it)", turn, cycle[0], cycle[0])
	}
	return perm, nil
}

func (ps *parser) pieces(p *Puzzle, n *yaml.Node) error {
	items, err := ps.seq(n, "pieces")
	if err != nil {
		return err
	}
	owner := map[int]bool{}
	for _, it := range items {
		st, err := ps.seq(it, "piece")
		if err != nil {
			return err
		}
		if len(st) == 0 {
			return ps.errf(it, "piece: no stickers")
		}
		var piece []int
		for _, s := range st {
			v, err := ps.int(s, "piece", 0, len(p.Goal)-1)
			if err != nil {
				return err
			}
			if owner[v] {
				return ps.errf(s, "piece: sticker %d is in two pieces", v)
			}
			owner[v] = true
			piece = append(piece, v)
		}
		p.Pieces = append(p.Pieces, piece)
	}
	return nil
}

// Identity returns the permutation that leaves n stickers in place.
func Identity(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

// Inverse returns the permutation that undoes p.
func Inverse(p []int) []int {
	q := make([]int, len(p))
	for i, j := range p {
		q[j] = i
	}
	return q
}

// Compose returns the permutation "a, then b".
func Compose(a, b []int) []int {
	c := make([]int, len(a))
	for i := range c {
		c[i] = a[b[i]]
	}
	return c
}

// ArrayCycle writes p in the article's array cycle notation, each cycle
// starting at its smallest sticker, fixed stickers left out.
func ArrayCycle(p []int) []int {
	dest := Inverse(p) // the sticker at i moves to dest[i]
	done := make([]bool, len(p))
	var out []int
	for i := range p {
		if done[i] || dest[i] == i {
			continue
		}
		for j := i; !done[j]; j = dest[j] {
			done[j] = true
			out = append(out, j)
		}
		out = append(out, i)
	}
	return out
}

// FromArrayCycle is the inverse of ArrayCycle for a puzzle of n stickers;
// it fails if a cycle is not closed or a sticker repeats.
func FromArrayCycle(a []int, n int) ([]int, error) {
	perm := Identity(n)
	seen := map[int]bool{}
	var cycle []int
	for _, v := range a {
		if v < 0 || v >= n {
			return nil, fmt.Errorf("sticker %d out of range 0..%d", v, n-1)
		}
		if len(cycle) > 0 && v == cycle[0] {
			for k := range cycle {
				perm[cycle[(k+1)%len(cycle)]] = cycle[k]
			}
			cycle = cycle[:0]
			continue
		}
		if seen[v] {
			return nil, fmt.Errorf("sticker %d appears twice", v)
		}
		seen[v] = true
		cycle = append(cycle, v)
	}
	if len(cycle) > 0 {
		return nil, fmt.Errorf("cycle starting at %d is not closed", cycle[0])
	}
	return perm, nil
}
