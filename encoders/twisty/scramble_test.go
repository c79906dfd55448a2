package twisty

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// A scramble never has two turns a shorter sequence of the same turns
// replaces: no turn of the face just turned (F F', U2 U2), nor of a face
// turned before with only commuting turns since (U D U'). Commuting is
// checked here on the permutations, not with the package's own table.
func TestScrambleNoCancellingTurns(t *testing.T) {
	for _, def := range Definitions() {
		p, err := ReadPuzzle(def, nil)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 200; seed++ {
			moves, st := p.Scramble(30, rand.New(rand.NewPCG(seed, seed)))
			if len(moves) != 30 {
				t.Fatalf("%s seed %d: %d turns", def, seed, len(moves))
			}
			if end, err := p.Run(p.Goal, moves); err != nil || !Equal(end, st) {
				t.Fatalf("%s seed %d: the state is not the goal after %q", def, seed, moves)
			}
			for i := 1; i < len(moves); i++ {
				ti, _ := p.Turn(moves[i])
				for j := i - 1; j >= 0; j-- {
					tj, _ := p.Turn(moves[j])
					if tj.Face == ti.Face {
						t.Errorf("%s seed %d: %s ... %s, with only commuting turns between: %s", def, seed, moves[j], moves[i], strings.Join(moves, " "))
						break
					}
					if !slices.Equal(Compose(ti.Perm, tj.Perm), Compose(tj.Perm, ti.Perm)) {
						break
					}
				}
			}
		}
	}
}

// The same seed gives the same scramble on every machine (PCG), and a
// puzzle of one face, which cannot follow the rule, still scrambles.
func TestScrambleFixed(t *testing.T) {
	p, err := ReadPuzzle("cube2", nil)
	if err != nil {
		t.Fatal(err)
	}
	moves, _ := p.Scramble(10, rand.New(rand.NewPCG(7, 7)))
	if got, want := strings.Join(moves, " "), "B2 U F' L F B L2 R U2 L2"; got != want {
		t.Errorf("seed 7: %q, want %q", got, want)
	}
	one, err := Parse(strings.NewReader("goalState: [A, B, C]\nturnSet:\n  baseTurns:\n    - {name: X, value: [0, 1, 2, 0]}\n  extenders:\n    - {name: \"X'\", function: REVERSE, params: [X]}\n"), "one.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if moves, _ := one.Scramble(3, rand.New(rand.NewPCG(1, 1))); len(moves) != 3 {
		t.Errorf("one face: %q", moves)
	}
}
