package twisty

import (
	"io"
	"math/rand/v2"
	"strings"
)

// MaxScramble is the longest scramble a Start may ask for.
const MaxScramble = 10000

// Start is the puzzle and the state a command starts from, as its flags
// give them: the puzzle's Definition (a YAML file, "-" for stdin) and
// exactly one of State (the colour of every sticker, "W G O ..."), Moves
// (turns from the goal state, "R U ..."), or a Scramble of that many random
// turns (at most MaxScramble) from the goal made with Seed (Scramble < 0:
// none). The command checks that it gives them so.
type Start struct {
	Definition   string
	State, Moves string
	Scramble     int
	Seed         uint64
}

// RandomSeed returns a seed for a scramble whose user gave none, a
// different one at each call (1 to 10^9, short enough to type back).
func RandomSeed() uint64 {
	return rand.Uint64N(1e9) + 1 // the global source is seeded at random
}

// Text returns the start state of puzzle p as text (the stickers' colours)
// and, for a scramble, its turns. An error in Moves is positioned in the
// text "moves".
func (s Start) Text(p *Puzzle) (string, []string, error) {
	switch {
	case s.Scramble >= 0:
		mv, st := p.Scramble(s.Scramble, rand.New(rand.NewPCG(s.Seed, s.Seed)))
		return strings.Join(st, " "), mv, nil
	case s.Moves != "":
		mv, err := p.ParseMoves(s.Moves, "moves")
		if err != nil {
			return "", nil, err
		}
		st, _ := p.Run(p.Goal, mv)
		return strings.Join(st, " "), nil, nil
	}
	return s.State, nil, nil
}

// Parse returns the start state of puzzle p, its text, and for a scramble
// its turns. A state no turns can solve (a twisted or mirrored piece, an
// odd permutation) is an error positioned in the text "state".
func (s Start) Parse(p *Puzzle) (st []string, text string, scramble []string, err error) {
	text, scramble, err = s.Text(p)
	if err != nil {
		return nil, "", nil, err
	}
	if st, err = p.ParseState(text, "state"); err != nil {
		return nil, "", nil, err
	}
	if _, err := NewEncoding(p, st, 0); err != nil {
		return nil, "", nil, Locate(err, text, "state")
	}
	return st, text, scramble, nil
}

// Load reads the definition (from stdin if it is "-") and returns the
// puzzle with what Parse returns for it.
func (s Start) Load(stdin io.Reader) (p *Puzzle, st []string, text string, scramble []string, err error) {
	if p, err = ReadPuzzle(s.Definition, stdin); err != nil {
		return nil, nil, "", nil, err
	}
	st, text, scramble, err = s.Parse(p)
	return p, st, text, scramble, err
}

// SearchDepth returns the deepest depth a search for a solution of p
// tries: max if it is not negative, else the puzzle's maxDepth, else 20.
func (p *Puzzle) SearchDepth(max int) int {
	switch {
	case max >= 0:
		return max
	case p.MaxDepth > 0:
		return p.MaxDepth
	}
	return 20
}
