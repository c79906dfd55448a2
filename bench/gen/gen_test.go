package gen

import (
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

func TestGen(t *testing.T) {
	var f dimacs.Formula
	if err := RandomKSAT(&f, 3, 50, 4.26, 9); err != nil {
		t.Fatal(err)
	}
	if f.Vars != 50 || f.NumClauses() != 213 || f.NumLits() != 639 {
		t.Errorf("vars %d clauses %d lits %d, want 50 213 639", f.Vars, f.NumClauses(), f.NumLits())
	}
	for i := range f.NumClauses() {
		c := f.Clause(i)
		if len(c) != 3 {
			t.Fatalf("clause %d: %v", i, c)
		}
		for j := range c {
			for k := j + 1; k < len(c); k++ {
				if c[j] == c[k] || c[j] == -c[k] {
					t.Errorf("clause %d repeats a variable: %v", i, c)
				}
			}
		}
	}
	var p dimacs.Formula
	if err := Pigeonhole(&p, 4); err != nil {
		t.Fatal(err)
	}
	// 5 pigeon clauses, 4 holes x C(5,2) pair clauses.
	if p.Vars != 20 || p.NumClauses() != 5+4*10 {
		t.Errorf("php 4: vars %d clauses %d", p.Vars, p.NumClauses())
	}
	for _, tt := range []struct {
		k, vars int
		ratio   float64
		wantErr string
	}{
		{0, 10, 4, "k = 0: need at least 1 literal per clause"},
		{3, 2, 4, "2 variables: need at least k = 3"},
		{3, 1 << 30, 4, "1073741824 variables: at most 16777216"},
		{3, 100, -1, "ratio -1: need 0 < ratio and at most 67108864 clauses"},
		{3, 1 << 24, 1e9, "ratio 1e+09: need 0 < ratio and at most 67108864 clauses"},
	} {
		err := RandomKSAT(&dimacs.Formula{}, tt.k, tt.vars, tt.ratio, 1)
		if err == nil || err.Error() != tt.wantErr {
			t.Errorf("RandomKSAT(%d, %d, %g): %v, want %q", tt.k, tt.vars, tt.ratio, err, tt.wantErr)
		}
	}
}
