package dimacs

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestFormulaWriteTo(t *testing.T) {
	var f Formula
	f.Commentf("pipesat test %d", 1)
	f.Commentf("")
	f.Commentf("two\nlines")
	a, b := f.NewVar(), f.NewVar()
	f.SetName(b, "x[2]")
	f.SetName(a, "x[1]")
	f.AddClause(a, -b)
	f.Add(b)
	f.Add(0)
	f.AddClause() // the empty clause
	f.AddClause(-a, b, 4)
	f.Add(7) // unfinished: not written, but raises Vars
	const want = "c pipesat test 1\nc\nc two\nc lines\nc varname 1 x[1]\nc varname 2 x[2]\np cnf 7 4\n1 -2 0\n2 0\n0\n-1 2 4 0\n"
	if got := cnfWrite(t, &f); got != want {
		t.Errorf("WriteTo wrote\n%s\nwant\n%s", got, want)
	}
	if f.NumClauses() != 4 || f.NumLits() != 6 {
		t.Errorf("NumClauses %d NumLits %d, want 4 and 6", f.NumClauses(), f.NumLits())
	}
	if got := f.Pipesat(); len(got) != 1 || got[0] != "pipesat test 1" {
		t.Errorf("Pipesat() = %q", got)
	}
	if f.Name(1) != "x[1]" || f.Name(3) != "" {
		t.Errorf("Name(1) = %q, Name(3) = %q", f.Name(1), f.Name(3))
	}
	if f.Line(0) != 0 {
		t.Errorf("built clause has line %d", f.Line(0))
	}
}

func TestFormulaFlip(t *testing.T) {
	var f Formula
	f.SetName(2, "b")
	f.AddClause(1, -2, 3)
	f.AddClause()
	f.AddClause(-3, 2)
	f.AddClause(4) // beyond flip: stays
	f.Flip([]bool{0: true, 2: true, 3: true})
	const want = "c varname 2 b\np cnf 4 4\n1 2 -3 0\n0\n3 -2 0\n4 0\n"
	if got := cnfWrite(t, &f); got != want {
		t.Errorf("after Flip:\n%s\nwant\n%s", got, want)
	}
}

func TestFormulaWriteToEmpty(t *testing.T) {
	var f Formula
	if got := cnfWrite(t, &f); got != "p cnf 0 0\n" {
		t.Errorf("got %q", got)
	}
}

type cnfFailWriter struct{ n int }

var errCnfWrite = errors.New("disk full")

func (w *cnfFailWriter) Write(p []byte) (int, error) {
	if w.n < len(p) {
		n := w.n
		w.n = 0
		return n, errCnfWrite
	}
	w.n -= len(p)
	return len(p), nil
}

func TestFormulaWriteToError(t *testing.T) {
	f := cnfRandomFormula(rand.New(rand.NewPCG(3, 4)), 20000)
	for _, n := range []int{0, 100, 70000} {
		if _, err := f.WriteTo(&cnfFailWriter{n: n}); !errors.Is(err, errCnfWrite) {
			t.Errorf("writer failing after %d bytes: WriteTo returned %v", n, err)
		}
	}
}

// cnfRandomFormula builds a formula of n clauses of 0 to 5 literals, with
// comments and names.
func cnfRandomFormula(r *rand.Rand, n int) *Formula {
	var f Formula
	f.Commentf("pipesat random %d", n)
	f.Vars = 1 + r.IntN(50)
	for i := range n {
		for range r.IntN(6) {
			l := 1 + r.IntN(f.Vars)
			if r.IntN(2) == 0 {
				l = -l
			}
			f.Add(l)
		}
		f.Add(0)
		if i%100 == 0 {
			f.Commentf("after clause %d", i)
		}
	}
	f.SetName(1, "first")
	return &f
}

// TestFormulaRoundTrip checks Read(WriteTo(f)) gives f back: variables,
// clauses, comments (names come back as "varname" comments), and that
// writing it again gives the same bytes.
func TestFormulaRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 1, 10, 1000} {
		f := cnfRandomFormula(r, n)
		text := cnfWrite(t, f)
		g, err := Read(strings.NewReader(text), "round.cnf", Options{AllComments: true})
		if err != nil {
			t.Fatalf("%d clauses: %v", n, err)
		}
		if g.Vars != f.Vars {
			t.Errorf("Vars %d, want %d", g.Vars, f.Vars)
		}
		want := make([][]int32, f.NumClauses())
		for i := range want {
			want[i] = f.Clause(i)
		}
		cnfSame(t, g, want)
		wantComments := append(append([]string{}, f.Comments...), "varname 1 first")
		if strings.Join(g.Comments, "\n") != strings.Join(wantComments, "\n") {
			t.Errorf("comments %q, want %q", g.Comments, wantComments)
		}
		// Clauses are one per line after the comments and the header.
		for i := range g.NumClauses() {
			if g.Line(i) != len(wantComments)+2+i {
				t.Fatalf("clause %d on line %d, want %d", i, g.Line(i), len(wantComments)+2+i)
			}
		}
		if again := cnfWrite(t, g); again != text {
			t.Errorf("second WriteTo differs")
		}
	}
}

func TestFormulaCheck(t *testing.T) {
	in := "c check\np cnf 4 3\n1 -2 0\nc between\n2 3\n-4 0\n-1 4 0\n"
	f, err := Read(strings.NewReader(in), "check.cnf", Options{})
	if err != nil {
		t.Fatal(err)
	}
	model := func(lits ...int) Model {
		m := NewModel(4)
		for _, l := range lits {
			m.Set(l)
		}
		return m
	}
	for _, tc := range []struct {
		name string
		m    Model
		want string // "" for satisfied
	}{
		{"satisfied", model(1, 2, 3, 4), ""},
		{"satisfied other", model(-1, -2, 3, -4), ""},
		{"satisfied partial", model(-1, -2, 3), ""},
		{"first falsified", model(-1, 2, 3, 4), "model check: clause 1 (line 3) falsified: 1 -2 0"},
		{"spanning clause falsified", model(1, 2, -3, 4, -2), "model check: clause 2 (line 5) falsified: 2 3 -4 0"},
		{"last falsified", model(1, -2, 3, -4), "model check: clause 3 (line 7) falsified: -1 4 0"},
		{"unassigned", model(1, -2), "model check: clause 2 (line 5) not satisfied (unassigned variables): 2 3 -4 0"},
		{"nothing assigned", NewModel(0), "model check: clause 1 (line 3) not satisfied (unassigned variables): 1 -2 0"},
		{"nil model", nil, "model check: clause 1 (line 3) not satisfied (unassigned variables): 1 -2 0"},
	} {
		err := f.Check(tc.m)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: Check = %q, want %q", tc.name, got, tc.want)
		}
	}

	var ce *CheckError
	if err := f.Check(model(1, -2, 3, -4)); !errors.As(err, &ce) || ce.Index != 2 || ce.Line != 7 || ce.Unassigned {
		t.Errorf("CheckError = %+v", ce)
	}

	// A built formula has no lines; the empty clause is never satisfied.
	var g Formula
	g.AddClause(1)
	g.AddClause()
	if err := g.Check(model(1)); err == nil || err.Error() != "model check: clause 2 falsified: 0" {
		t.Errorf("empty clause: Check = %v", err)
	}
	g = Formula{}
	g.AddClause(-1, 2)
	if err := g.Check(model(1, -2)); err == nil || err.Error() != "model check: clause 1 falsified: -1 2 0" {
		t.Errorf("built: Check = %v", err)
	}
}

// TestCheckOnePass checks Check's one pass over the literals against
// CheckWhere's clause by clause, on random formulas and models (some
// variables unassigned, some clauses empty, the last one unfinished).
func TestCheckOnePass(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for it := range 3000 {
		var f Formula
		for range r.IntN(8) {
			for range r.IntN(4) {
				f.Add((1 + r.IntN(5)) * (1 - 2*r.IntN(2)))
			}
			f.Add(0)
		}
		if r.IntN(4) == 0 {
			f.Add(1 + r.IntN(5)) // unfinished: not checked
		}
		m := NewModel(r.IntN(6))
		for v := 1; v < len(m); v++ {
			m[v] = int8(r.IntN(3) - 1)
		}
		errText := func(err error) string {
			if err == nil {
				return ""
			}
			return err.Error()
		}
		got, want := errText(f.Check(m)), errText(f.CheckWhere(m, func(int) bool { return true }))
		if got != want {
			t.Fatalf("case %d: Check = %q, clause by clause %q", it, got, want)
		}
	}
}

// TestWriteNamesSparse checks that names are written in increasing order
// and that a header's large variable count does not make WriteTo walk
// every variable: a formula claiming 2^28 variables writes at once.
func TestWriteNamesSparse(t *testing.T) {
	f := &Formula{Vars: 1 << 28}
	f.SetName(1<<28, "last")
	f.SetName(7, "seven")
	f.SetName(1<<29, "beyond Vars")
	var b strings.Builder
	if _, err := f.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	if want := "c varname 7 seven\nc varname 268435456 last\np cnf 268435456 0\n"; b.String() != want {
		t.Errorf("wrote %q, want %q", b.String(), want)
	}
}

// TestWriteCNF: what a solver gets has the clauses and the units, and none
// of the comments, names or group comments WriteTo writes; it is the same
// text ReadTee writes.
func TestWriteCNF(t *testing.T) {
	in := "c pipesat test 1\nc \xff then clauses\nc --seed=7\np cnf 3 2\n1 -2 0\nc inside\n2 3 0\n"
	f, err := Read(strings.NewReader(in), "f.cnf", Options{AllComments: true})
	if err != nil {
		t.Fatal(err)
	}
	f.SetName(1, "x")
	f.Groupf("a group")
	var b strings.Builder
	n, err := f.WriteCNF(&b)
	if want := "p cnf 3 2\n1 -2 0\n2 3 0\n"; err != nil || b.String() != want || n != int64(len(want)) {
		t.Errorf("WriteCNF: %q, %d, %v; want %q", b.String(), n, err, want)
	}
	var tee strings.Builder
	if _, _, err := ReadTee(strings.NewReader(in), "f.cnf", Options{}, &tee); err != nil || tee.String() != b.String() {
		t.Errorf("ReadTee wrote %q, %v; WriteCNF %q", tee.String(), err, b.String())
	}
	b.Reset()
	if _, err := f.WriteCNF(&b, -3, 5); err != nil || b.String() != "p cnf 5 4\n1 -2 0\n2 3 0\n-3 0\n5 0\n" {
		t.Errorf("WriteCNF with units: %q, %v", b.String(), err)
	}
}
