package twisty

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/textpos"
)

type countAdder struct{ lits, clauses int }

func (c *countAdder) Add(l int) {
	if l == 0 {
		c.clauses++
	} else {
		c.lits++
	}
}

// FuzzParse: never panic; what parses has permutations for turns, writes
// back in array cycle notation identically, and its goal is a valid state.
func FuzzParse(f *testing.F) {
	for _, tt := range parseTests {
		f.Add(tt.in)
	}
	for _, path := range []string{"definitions/cube2.yaml", "definitions/loopover3.yaml"} {
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Fuzz(func(t *testing.T, in string) {
		p, err := Parse(strings.NewReader(in), "f.yaml")
		if err != nil {
			if _, ok := err.(*textpos.Error); !ok {
				t.Fatalf("error %v is not an *textpos.Error", err)
			}
			checkSource(t, err, in)
			return
		}
		n := len(p.Goal)
		for _, tr := range p.Turns {
			if !slices.Equal(slices.Sorted(slices.Values(tr.Perm)), Identity(n)) {
				t.Fatalf("turn %s is not a permutation: %v", tr.Name, tr.Perm)
			}
			back, err := FromArrayCycle(ArrayCycle(tr.Perm), n)
			if err != nil || !slices.Equal(back, tr.Perm) {
				t.Fatalf("turn %s: array cycle round trip: %v, %v", tr.Name, back, err)
			}
		}
		st, err := p.ParseState(strings.Join(p.Goal, " "), "state")
		if err != nil || !slices.Equal(st, p.Goal) {
			t.Fatalf("goal does not parse as a state: %v", err)
		}
		if n <= 64 && len(p.Turns) <= 64 {
			if e, err := NewEncoding(p, st, 1); err == nil {
				e.Encode(&countAdder{}, cnfstyle.Style{})
			}
		}
	})
}

// FuzzState: never panic; a state that parses writes back identically
// and encodes (or is rejected as impossible) without panicking.
func FuzzState(f *testing.F) {
	for _, tt := range stateTests {
		f.Add(tt.in)
	}
	p := loadCube2(f)
	f.Fuzz(func(t *testing.T, in string) {
		st, err := p.ParseState(in, "state")
		if err != nil {
			if _, ok := err.(*textpos.Error); !ok {
				t.Fatalf("error %v is not an *textpos.Error", err)
			}
			checkSource(t, err, in)
			return
		}
		text := strings.Join(st, " ")
		again, err := p.ParseState(text, "state")
		if err != nil || !slices.Equal(again, st) {
			t.Fatalf("round trip: %v", err)
		}
		e, err := NewEncoding(p, st, 1)
		if err != nil {
			if _, ok := Locate(err, in, "state").(*textpos.Error); !ok {
				t.Fatalf("state error %v does not locate", err)
			}
			return
		}
		e.Encode(&countAdder{}, cnfstyle.Style{})
	})
}

// FuzzReadPuzzleLines: never panic on puzzle lines a solver's output may carry;
// an encoding rebuilt from a header writes the same header back, and a
// rebuilt rebuild is the same again.
func FuzzReadPuzzleLines(f *testing.F) {
	p := loadCube2(f)
	loop := loadPuzzle(f, "definitions/loopover3.yaml")
	for _, c := range []struct {
		p     *Puzzle
		depth int
		code  Code
	}{{p, 0, OneHot}, {p, 1, OneHot}, {p, 2, Binary}, {loop, 3, OneHot}, {loop, 1, Binary}} {
		e, err := NewEncoding(c.p, c.p.Goal, c.depth)
		if err != nil {
			f.Fatal(err)
		}
		e.Code = c.code
		h := strings.Join(e.PuzzleLines(), "\n")
		f.Add(h)
		f.Add(strings.Replace(h, "depth", "depth -", 1))
		f.Add(strings.Replace(h, "twisty-turn", "twisty-turn X", 1))
		f.Add(h[:len(h)/2])
	}
	f.Add("pipesat twisty x depth 1\npipesat twisty-goal A B\npipesat twisty-start B A\npipesat twisty-target A B\npipesat twisty-turn s 0 1 0")
	f.Add("pipesat twisty x depth 1\npipesat twisty-goal A B\npipesat twisty-start B A\npipesat twisty-target A B\npipesat twisty-turn s -1 1 0 1")
	f.Add("pipesat twisty-code ternary\n")
	f.Fuzz(func(t *testing.T, in string) {
		e, err := ReadPuzzleLines(strings.Split(in, "\n"))
		if err != nil {
			return
		}
		h := e.PuzzleLines()
		back, err := ReadPuzzleLines(h)
		if err != nil {
			t.Fatalf("the header an encoding writes does not read back: %v\n%s", err, strings.Join(h, "\n"))
		}
		if !slices.Equal(back.PuzzleLines(), h) {
			t.Fatalf("header changed on a round trip:\n%s\n---\n%s", strings.Join(h, "\n"), strings.Join(back.PuzzleLines(), "\n"))
		}
		if e.Depth <= 3 && len(e.Goal) <= 64 && len(e.Turns) <= 32 {
			e.Encode(&countAdder{}, cnfstyle.Style{})
		}
	})
}
