package drat

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"
)

// FuzzReader reads arbitrary proofs: never a panic, and the steps read
// write back, in the format detected, to bytes that read as the same steps.
// Each proof is also checked against a small formula.
func FuzzReader(f *testing.F) {
	for _, s := range []string{
		"1 2 0\n-1 0\nd 1 2 0\n0\n", "c comment\n%RUPD32 2 2\n1 0\n", "a\x02\x05\x00d\x02\x00", "d1 0\n",
		"1 -0\n", "a\xff\xff\xff\xff\x7f\x00", "-19 -20 0\n-13 -1", "hello 0\n", "a\x27\x29\x00x\x01",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, proof string) {
		rd := NewReader(strings.NewReader(proof), "p", Auto)
		format := Text
		if rd.Binary() {
			format = Binary
		}
		var steps []Step
		var out []byte
		for len(steps) < 10000 {
			s, err := rd.Next()
			if err != nil {
				if err != io.EOF {
					var e *Error
					if !asError(err, &e) {
						t.Fatalf("error %v is not an *Error", err)
					}
				}
				break
			}
			s.Lits = slices.Clone(s.Lits)
			steps = append(steps, s)
			out = AppendStep(out, format, s)
		}
		rd2 := NewReader(strings.NewReader(string(out)), "p", format)
		for i, want := range steps {
			got, err := rd2.Next()
			if err != nil || got.Delete != want.Delete || !slices.Equal(got.Lits, want.Lits) {
				t.Fatalf("step %d: wrote %+v, read back %+v, %v", i+1, want, got, err)
			}
		}
		if _, err := rd2.Next(); err != io.EOF {
			t.Fatalf("after the last step: %v", err)
		}
		c := New(3)
		c.AddClause([]int32{1, 2})
		c.AddClause([]int32{-1, 3})
		c.AddClause([]int32{-2, -3})
		if len(proof) < 4096 {
			c.Check(context.Background(), strings.NewReader(proof), "p", Auto)
		}
	})
}

func asError(err error, e **Error) bool {
	x, ok := err.(*Error)
	*e = x
	return ok
}

// FuzzLRAT checks arbitrary LRAT proofs, text and binary, against a small
// formula: never a panic, every error an *Error.
func FuzzLRAT(f *testing.F) {
	for _, s := range []string{
		"5 2 0 1 2 0\n6 0 5 3 4 0\n", "c x\n5 2 0 1 2 0\n5 d 1 2 0\n6 0 5 3 4 0\n",
		"a\x0a\x04\x00\x02\x04\x00d\x02\x00a\x0c\x00\x0a\x06\x08\x00", "5 0 1 0\n", "5 2 0 -1 0\n",
		"5 -0 0\n", "5 1234567890123456789 0\n", "a\x0a\x04", "a\x0a\x04\x00\x02\x04\x00x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, proof string) {
		c := New(2)
		for _, cl := range [][]int32{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}} {
			c.AddClause(cl)
		}
		_, err := c.Check(context.Background(), strings.NewReader(proof), "p", LRAT)
		if err != nil {
			var e *Error
			if !asError(err, &e) {
				t.Fatalf("error %v is not an *Error", err)
			}
		}
	})
}

// FuzzSound checks proofs against small formulas (up to 6 variables, one
// byte a literal: 0 ends a clause, else variable b%6+1, negative when
// b&8) backward and forward: a proof that verifies must refute a formula
// that has no model (tried by brute force), and the backward check's LRAT
// output must verify again as LRAT; the RAT check's lists of candidates
// are checked against a pass over the arena.
func FuzzSound(f *testing.F) {
	php := []byte{1, 2, 0, 3, 4, 0, 5, 6, 0, 9, 11, 0, 9, 13, 0, 11, 13, 0, 10, 12, 0, 10, 8, 0, 12, 8, 0}
	f.Add(php, "-1 -2 0\n-3 0\n0\n")
	f.Add(php, "-1 0\nd 1 2 0\n-2 0\n0\n")
	f.Add([]byte{1, 2, 0, 9, 2, 0, 1, 10, 0, 9, 10, 0}, "1 0\n0\n")
	f.Add([]byte{1, 2, 0, 9, 3, 0}, "2 3 0\n2 0\n0\n")
	f.Add([]byte{1, 0, 9, 2, 0, 10, 3, 0}, "0\n")
	defer func(c bool) { checkOccurrences = c }(checkOccurrences)
	checkOccurrences = true
	f.Fuzz(func(t *testing.T, formula []byte, proof string) {
		if len(formula) > 64 || len(proof) > 2048 {
			return
		}
		clauses := fuzzClauses(formula)
		sat := satisfiable(clauses)
		// tier 1 and 2: backward with the recent tier that many steps
		// long (see Checker.owatches); backward without LRAT output,
		// analysis skips the top-level assignments it went through
		// before (see Checker.done).
		for _, mode := range []struct {
			forward, lrat bool
			tier          int
		}{{false, true, 0}, {true, false, 0}, {false, true, 1}, {false, true, 2}, {false, false, 0}, {false, false, 2}} {
			c := New(6)
			for _, cl := range clauses {
				c.AddClause(cl)
			}
			c.Forward = mode.forward
			c.tierSteps = mode.tier
			var lrat strings.Builder
			if mode.lrat {
				c.LRAT = &lrat
			}
			_, err := c.Check(context.Background(), strings.NewReader(proof), "p", Text)
			if err == nil && sat {
				t.Fatalf("%+v: a proof of a satisfiable formula verified", mode)
			}
			if err != nil || !mode.lrat {
				continue
			}
			d := New(6)
			for _, cl := range clauses {
				d.AddClause(cl)
			}
			if res, err := d.Check(context.Background(), strings.NewReader(lrat.String()), "lrat", LRAT); err != nil || res.Satisfied != 0 {
				t.Fatalf("the LRAT output does not verify, or has hints satisfied already: %+v, %v\n%s", res, err, lrat.String())
			}
		}
	})
}

// fuzzClauses decodes a formula of the fuzz targets: one byte a literal,
// 0 ends a clause, else variable b%6+1, negative when b&8.
func fuzzClauses(formula []byte) [][]int32 {
	var clauses [][]int32
	var cl []int32
	for _, b := range formula {
		if b == 0 {
			clauses = append(clauses, cl)
			cl = nil
			continue
		}
		l := int32(b%6) + 1
		if b&8 != 0 {
			l = -l
		}
		cl = append(cl, l)
	}
	return clauses
}

// satisfiable reports whether clauses, over variables 1 to 6, have a
// model, by trying all 64 assignments.
func satisfiable(clauses [][]int32) bool {
	for m := 0; m < 1<<6; m++ {
		sat := true
		for _, cl := range clauses {
			ok := false
			for _, l := range cl {
				if (l > 0) == (m>>(max(l, -l)-1)&1 == 1) {
					ok = true
				}
			}
			if !ok {
				sat = false
				break
			}
		}
		if sat {
			return true
		}
	}
	return false
}

// FuzzLRATSound checks LRAT proofs against small formulas (encoded as
// FuzzSound's): a proof that verifies must refute a formula that has no
// model, whatever it holds (hints satisfied already, tautologies, gaps in
// IDs, deletions, RAT hints).
func FuzzLRATSound(f *testing.F) {
	four := []byte{6, 1, 0, 24, 1, 0, 6, 25, 0, 24, 25, 0} // (1 2) (-1 2) (1 -2) (-1 -2)
	for _, p := range []string{
		"5 2 0 1 2 0\n6 0 5 3 4 0\n", "5 2 0 1 1 4 2 0\n6 0 5 3 4 0\n",
		"7 2 0 1 2 0\n10 d 1 2 0\n100 -2 0 3 4 0\n1000 0 7 100 0\n",
		"5 1 -1 0 0\n6 2 -2 1 0 3 4 0\n7 2 0 1 2 0\n8 0 7 3 4 0\n",
		"5 -5 1 0 0\n6 -5 2 0 0\n7 5 -1 -2 0 -5 -6 0\n8 5 0 -5 1 1 3 -6 1 2 0\n9 0 8 5 6 4 0\n",
	} {
		f.Add(four, p)
		f.Add(four[3:], p) // satisfiable: no proof may verify
	}
	f.Fuzz(func(t *testing.T, formula []byte, proof string) {
		if len(formula) > 64 || len(proof) > 2048 {
			return
		}
		clauses := fuzzClauses(formula)
		c := New(6)
		for _, cl := range clauses {
			c.AddClause(cl)
		}
		if _, err := c.Check(context.Background(), strings.NewReader(proof), "p", LRAT); err == nil && satisfiable(clauses) {
			t.Fatalf("an LRAT proof of a satisfiable formula verified")
		}
	})
}
