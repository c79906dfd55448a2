package twisty

import (
	"slices"
	"strings"
	"testing"
)

const tiny = `goalState: [A, B, C]
turnSet:
  baseTurns:
    - name: X
      value: [0, 1, 0]
`

var parseTests = []struct {
	name, in, wantErr string
}{
	{"ok", tiny, ""},
	{"empty", "", "p.yaml:1:1: empty puzzle file"},
	{"syntax", "goalState: [A, B\n", "p.yaml:1:1: did not find expected ',' or ']'"},
	{"not a mapping", "- a\n", "p.yaml:1:1: puzzle: want a mapping, got a list"},
	{"unknown key", "goalstate: [A]\n", `p.yaml:1:1: puzzle: unknown key "goalstate" (want one of name, goalState, turnSet, fixed, rotations, pieces, maxDepth, net)`},
	{"no goal", "turnSet: {baseTurns: []}\n", "p.yaml:1:1: puzzle: no goalState"},
	{"no turnSet", "goalState: [A]\n", "p.yaml:1:1: puzzle: no turnSet"},
	{"colour with blank", "goalState: [A, 'B C']\n", `p.yaml:1:16: goalState: "B C" is not a word (no blanks, quotes, '#' or '=')`},
	{"open cycle", strings.Replace(tiny, "[0, 1, 0]", "[0, 1, 2]", 1), `p.yaml:5:15: turn "X": cycle starting at 0 is not closed (repeat 0 to end it)`},
	{"repeated sticker", strings.Replace(tiny, "[0, 1, 0]", "[0, 1, 0, 1, 2, 1]", 1), `p.yaml:5:24: turn "X": sticker 1 appears twice (first on line 5): not a permutation`},
	{"sticker out of range", strings.Replace(tiny, "[0, 1, 0]", "[0, 3, 0]", 1), `p.yaml:5:18: turn "X": 3 is out of range 0..2`},
	{"sticker not a number", strings.Replace(tiny, "[0, 1, 0]", "[0, x, 0]", 1), `p.yaml:5:18: turn "X": "x" is not a number`},
	{"turn twice", tiny + "    - {name: X, value: []}\n", `p.yaml:6:14: turn "X" defined twice`},
	{"unknown param", tiny + "  extenders:\n    - {name: Y, function: REVERSE, params: [Z]}\n", `p.yaml:7:45: extender "Y": unknown turn "Z"`},
	{"unknown function", tiny + "  extenders:\n    - {name: Y, function: MIRROR, params: [X]}\n", `p.yaml:7:27: extender "Y": unknown function "MIRROR" (want REVERSE or COMBINE)`},
	{"reverse two", tiny + "  extenders:\n    - {name: Y, function: REVERSE, params: [X, X]}\n", `p.yaml:7:44: extender "Y": REVERSE takes one turn, got 2`},
	{"unknown fixed", tiny + "fixed: [Q]\n", `p.yaml:6:9: fixed: unknown turn "Q"`},
	{"all fixed", tiny + "fixed: [X]\n", `p.yaml:3:3: turnSet: every turn is fixed or a rotation: nothing left to search with`},
	{"piece sticker twice", tiny + "pieces: [[0, 1], [1]]\n", `p.yaml:6:19: piece: sticker 1 is in two pieces`},
	{"maxDepth", tiny + "maxDepth: 99\n", `p.yaml:6:11: maxDepth: 99 is out of range 0..64`},
	{"alias", "goalState: &g [A]\nname: *g\n", `p.yaml:2:7: puzzle: aliases are not supported`},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tt.in), "p.yaml")
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.wantErr {
				t.Errorf("got error  %q\nwant error %q", got, tt.wantErr)
			}
		})
	}
}

func TestCube2(t *testing.T) {
	p := loadCube2(t)
	if p.Name != "cube2" || len(p.Goal) != 24 || len(p.Turns) != 21 || len(p.Active()) != 9 || len(p.Scrambling()) != 18 {
		t.Fatalf("cube2: name %q, %d stickers, %d turns, %d active, %d scrambling", p.Name, len(p.Goal), len(p.Turns), len(p.Active()), len(p.Scrambling()))
	}
	// Every turn is a permutation of order 4 (quarter), 2 (half) or 4 (rotation).
	for _, tr := range p.Turns {
		q := tr.Perm
		order := 1
		for !slices.Equal(q, Identity(24)) && order < 10 {
			q = Compose(q, tr.Perm)
			order++
		}
		want := 4
		if strings.HasSuffix(tr.Name, "2") {
			want = 2
		}
		if order != want {
			t.Errorf("%s has order %d, want %d", tr.Name, order, want)
		}
	}
	// All 24 orientations of the goal are targets of something.
	goal := append([]string(nil), p.Goal...)
	for _, name := range []string{"D", "L", "B"} {
		tr, _ := p.Turn(name)
		st := Apply(goal, tr)
		if ts, err := p.Targets(st); err != nil || len(ts) != 1 {
			t.Errorf("after %s: targets %v, %v", name, ts, err)
		}
	}
}

var stateTests = []struct {
	name, in, wantErr string
}{
	{"solved", "W W W W O O G G R R B B O O G G R R B B Y Y Y Y", ""},
	{"article", "W G O Y O G W R G O Y B R B R Y B B Y W W O G R", ""},
	{"commas and lines", "W,W,W,W\nO O G G R R B B O O G G R R B B Y Y Y Y", ""},
	{"unknown colour", "W W W W O O G G R R B B O O G G R R B B Y Y Y X", `state:1:47: colour "X" is not in goalState (W O G R B Y)`},
	{"too few", "W W W W O O G G R R B B O O G G R R B B Y Y Y", "state:1:46: 23 stickers, want 24"},
	{"too many", "W W W W O O G G R R B B O O G G R R B B Y Y Y Y Y", "state:1:49: more than 24 stickers"},
	{"colour count", "W W W W O O G G R R B B O O G G R R B B Y Y Y W", `state:1:47: colour "W" on 5 stickers, want 4`},
	{"second line", "W W W W O O G G R R B B\nO O G G R R B B Y Y Y Q", `state:2:23: colour "Q" is not in goalState (W O G R B Y)`},
	// impossible states, found before any solving
	{"fixed corner", "W W W W O O G G R R B B O O G G R R B B Y Y R Y", `state:1:45: colour "R" on 5 stickers, want 4`},
	{"swapped fixed stickers", "W G O Y O G W R G O Y B R B R Y B B Y W W O R G", "state:1:25: impossible state: stickers 12 19 22, which the active turns never move, hold R W R: no orientation of the goal has that"},
	{"twisted corner", "W W W G O O G R W R B B O O G G R R B B Y Y Y Y", "state:1:1: impossible state: the pieces of 3 stickers are twisted by 1/3 in all: no turns undo that"},
	{"mirrored corner", "W W W R O O G G W R B B O O G G R R B B Y Y Y Y", "state:1:7: impossible state: stickers 3 8 7 hold R W G: a mirrored piece"},
	{"two equal corners", "W W W W O O G G R R B B O O G G R R B B Y Y Y Y", ""},
}

func TestState(t *testing.T) {
	p := loadCube2(t)
	for _, tt := range stateTests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := p.ParseState(tt.in, "state")
			if err == nil {
				_, err = NewEncoding(p, st, 1)
				err = Locate(err, tt.in, "state")
			}
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.wantErr {
				t.Errorf("got error  %q\nwant error %q", got, tt.wantErr)
			}
		})
	}
}

func TestLoopoverParity(t *testing.T) {
	p := loadPuzzle(t, "definitions/loopover3.yaml")
	if _, err := NewEncoding(p, strings.Fields("B A C D E F G H I"), 3); err == nil || err.Error() != "impossible state: an odd permutation of the pieces, and every turn is even" {
		t.Errorf("odd state: %v", err)
	}
	if _, err := NewEncoding(p, strings.Fields("B C A D E F G H I"), 3); err != nil {
		t.Errorf("even state: %v", err)
	}
}

func TestArrayCycle(t *testing.T) {
	p := loadCube2(t)
	for _, tr := range p.Turns {
		back, err := FromArrayCycle(ArrayCycle(tr.Perm), len(tr.Perm))
		if err != nil || !slices.Equal(back, tr.Perm) {
			t.Errorf("%s: %v, %v", tr.Name, back, err)
		}
	}
	u, _ := p.Turn("U")
	if got := ints(ArrayCycle(u.Perm)); got != "0 1 3 2 0 4 10 8 6 4 5 11 9 7 5" {
		t.Errorf("U = %s", got)
	}
}
