package twisty

import (
	"strings"
	"testing"
)

func TestStart(t *testing.T) {
	const cube2 = "definitions/cube2.yaml"
	const solved = "W W W W O O G G R R B B O O G G R R B B Y Y Y Y"
	tests := []struct {
		name     string
		s        Start
		text     string // "" when any state will do (a scramble)
		scramble int    // turns in the scramble
		parseErr string
	}{
		{"state", Start{Definition: cube2, State: solved, Scramble: -1}, solved, 0, ""},
		{"moves", Start{Definition: cube2, Moves: "R R'", Scramble: -1}, solved, 0, ""},
		{"scramble", Start{Definition: cube2, Scramble: 5, Seed: 7}, "", 5, ""},
		{"bad move", Start{Definition: cube2, Moves: "R Q", Scramble: -1}, "", 0, `moves:1:3: unknown turn "Q"`},
		{"twisted", Start{Definition: cube2, State: "W W W G O O G R W R B B O O G G R R B B Y Y Y Y", Scramble: -1}, "", 0, "state:1:1: impossible state"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, st, text, scramble, err := tt.s.Load(nil)
			if tt.parseErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.parseErr) {
					t.Fatalf("Parse: %v, want %q...", err, tt.parseErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Name == "" || (tt.text != "" && text != tt.text) || strings.Join(st, " ") != text || len(scramble) != tt.scramble {
				t.Errorf("Parse = %q, %q, %q", st, text, scramble)
			}
		})
	}
}

func TestSearchDepth(t *testing.T) {
	p := &Puzzle{}
	if got := p.SearchDepth(-1); got != 20 {
		t.Errorf("no maxDepth: %d, want 20", got)
	}
	p.MaxDepth = 11
	if got := p.SearchDepth(-1); got != 11 {
		t.Errorf("maxDepth 11: %d", got)
	}
	if got := p.SearchDepth(3); got != 3 {
		t.Errorf("--max-depth 3: %d", got)
	}
}

func TestRandomSeed(t *testing.T) {
	seen := map[uint64]bool{}
	for range 20 {
		seed := RandomSeed()
		if seed < 1 || seed > 1e9 {
			t.Fatalf("seed %d: want 1..10^9", seed)
		}
		seen[seed] = true
	}
	if len(seen) < 2 {
		t.Errorf("20 calls gave %d seed(s)", len(seen))
	}
}
