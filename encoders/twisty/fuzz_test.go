package twisty

import (
	"os"
	"slices"
	"strings"
	"testing"
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
	for _, path := range []string{"../../testdata/cube2.yaml", "../../testdata/twisty/loopover3.yaml"} {
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Fuzz(func(t *testing.T, in string) {
		p, err := Parse(strings.NewReader(in), "f.yaml")
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %v is not an *Error", err)
			}
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
				e.Encode(&countAdder{})
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
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %v is not an *Error", err)
			}
			return
		}
		text := strings.Join(st, " ")
		again, err := p.ParseState(text, "state")
		if err != nil || !slices.Equal(again, st) {
			t.Fatalf("round trip: %v", err)
		}
		e, err := NewEncoding(p, st, 1)
		if err != nil {
			if _, ok := Locate(err, in, "state").(*Error); !ok {
				t.Fatalf("state error %v does not locate", err)
			}
			return
		}
		e.Encode(&countAdder{})
	})
}
