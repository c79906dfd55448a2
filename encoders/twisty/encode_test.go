package twisty

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/internal/enctest"
	"github.com/pipesat/pipesat/solver"
)

// The pairs left out: with all 18 face turns, 6 faces x 9 same-face pairs
// and, for the 3 pairs of commuting opposite faces, 9 of the 18 orders.
func TestForbidden(t *testing.T) {
	p := loadCube2(t)
	p.Fixed = nil
	st := append([]string(nil), p.Goal...)
	e, err := NewEncoding(p, st, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Turns) != 18 || len(e.Targets) != 24 {
		t.Fatalf("%d turns, %d targets", len(e.Turns), len(e.Targets))
	}
	n := 0
	for a := range e.forbid {
		for b := range e.forbid[a] {
			if e.forbid[a][b] {
				n++
			}
		}
	}
	if n != 6*9+3*9 {
		t.Errorf("%d pairs forbidden, want %d", n, 6*9+3*9)
	}
	// U then D is kept, D then U is not.
	u, d := 0, 1
	if e.Turns[u].Name != "U" || e.Turns[d].Name != "D" || e.forbid[u][d] || !e.forbid[d][u] {
		t.Errorf("U D: %v, D U: %v", e.forbid[u][d], e.forbid[d][u])
	}
}

// encode returns what e.Encode writes, as cube2cnf writes it (the text)
// and in memory (the formula): enctest.CNF checks they agree.
func encode(t testing.TB, e *Encoding, st cnfstyle.Style) ([]byte, *dimacs.Formula) {
	t.Helper()
	return enctest.CNF(t, func(dst dimacs.Adder) (int, error) { return e.Encode(dst, st), nil })
}

// Both colour codes agree on Sat and Unsat, and ReadPuzzleLines rebuilds
// the very same formula.
func TestCodesAndHeader(t *testing.T) {
	p := loadCube2(t)
	_, st := scramble(p, 57) // optimum 5
	for _, code := range []Code{OneHot, Binary} {
		for depth, want := range map[int]dimacs.Status{4: dimacs.Unsat, 5: dimacs.Sat} {
			e, err := NewEncoding(p, st, depth)
			if err != nil {
				t.Fatal(err)
			}
			e.Code = code
			text, f := encode(t, e, cnfstyle.Style{})
			res, err := solver.Gini{}.Solve(context.Background(), f, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != want {
				t.Errorf("%v depth %d: %v, want %v", code, depth, res.Status, want)
			}
			back, err := ReadPuzzleLines(f.Pipesat())
			if err != nil {
				t.Fatal(err)
			}
			if again, _ := encode(t, back, cnfstyle.Style{}); !bytes.Equal(text, again) {
				t.Errorf("%v depth %d: the header rebuilds another formula", code, depth)
			}
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	p := loadCube2(b)
	_, st := scramble(p, 1)
	b.ReportAllocs()
	for b.Loop() {
		e, err := NewEncoding(p, st, 11)
		if err != nil {
			b.Fatal(err)
		}
		e.Encode(&countAdder{}, cnfstyle.Style{})
	}
}

// Limits come before allocation: a formula of billions of literals is an
// error, not an attempt.
func TestTooLarge(t *testing.T) {
	var b strings.Builder
	b.WriteString("goalState: [")
	for i := range 2000 {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "c%d", i)
	}
	b.WriteString("]\nturnSet:\n  baseTurns:\n    - {name: X, value: [0, 1, 0]}\n")
	p, err := Parse(strings.NewReader(b.String()), "big.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, err = NewEncoding(p, p.Goal, 64)
	if err == nil || err.Error() != "formula too large: about 3072000000 literals at depth 64" {
		t.Fatalf("got %v", err)
	}
}
