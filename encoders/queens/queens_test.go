package queens_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/queens"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func TestGolden(t *testing.T) {
	for _, rooks := range []bool{false, true} {
		text, _ := encode(t, 4, queens.Options{Rooks: rooks})
		b := bytes.NewBuffer(text)
		path := fmt.Sprintf("testdata/%s4.golden", queens.Kind(rooks))
		if *update {
			if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if !bytes.Equal(b.Bytes(), want) {
			t.Errorf("output differs from %s (run go test -update to accept):\n%s", path, b.Bytes())
		}
	}
}

// attacks reports whether the pieces on squares a and b (row-major
// indexes) attack each other.
func attacks(n, a, b int, rooks bool) bool {
	ra, ca, rb, cb := a/n, a%n, b/n, b%n
	if ra == rb || ca == cb {
		return true
	}
	if rooks {
		return false
	}
	d := ra - rb
	e := ca - cb
	return d == e || d == -e
}

// TestCounts enumerates every placement with gini and checks the number
// against OEIS A000170 (queens) and n! (rooks), and each placement against
// the rules directly.
func TestCounts(t *testing.T) {
	want := map[bool][]int{
		false: {1, 0, 0, 2, 10, 4, 40, 92, 352, 724},
		true:  {1, 2, 6, 24, 120, 720, 5040},
	}
	for _, rooks := range []bool{false, true} {
		for i, count := range want[rooks] {
			n := i + 1
			f := formula(t, n, rooks)
			models := solveAll(f)
			if len(models) != count {
				t.Errorf("%d %s: %d placements, want %d", n, queens.Kind(rooks), len(models), count)
			}
			for _, m := range models {
				var on []int
				for v := 1; v <= n*n; v++ {
					if m[v] > 0 {
						on = append(on, v-1)
					}
				}
				if len(on) != n {
					t.Fatalf("%d %s: %d pieces", n, queens.Kind(rooks), len(on))
				}
				for j, a := range on {
					for _, b := range on[j+1:] {
						if attacks(n, a, b, rooks) {
							t.Fatalf("%d %s: squares %d and %d attack each other", n, queens.Kind(rooks), a, b)
						}
					}
				}
			}
		}
	}
}

// TestRooks8 is the seed article's count: 8! placements of 8 rooks. Gini
// enumerates them in nine parts that split every assignment by the first
// occupied square of row 1 (variables 1-8), or none: the parts are
// disjoint and cover everything whatever the formula says, so their
// counts add up to the formula's. Blocking clauses make an enumeration
// cost the square of its count: 5040 models at a time take an eighth of
// the 11 s of 40320 in one go (BenchmarkRooks8).
func TestRooks8(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("enumerates 40320 models: 1 s, minutes under -race")
	}
	f := formula(t, 8, true)
	total := 0
	for first := 1; first <= 9; first++ { // 9: no rook in row 1
		part := &dimacs.Formula{}
		for i := 0; i < f.NumClauses(); i++ {
			for _, l := range f.Clause(i) {
				part.Add(int(l))
			}
			part.Add(0)
		}
		for v := 1; v <= 8 && v <= first; v++ {
			if v == first {
				part.AddClause(v)
			} else {
				part.AddClause(-v)
			}
		}
		part.Vars = f.Vars
		n := len(solveAll(part))
		if want := map[bool]int{true: 5040, false: 0}[first <= 8]; n != want {
			t.Errorf("first rook of row 1 in column %d (9: none): %d placements, want %d", first, n, want)
		}
		total += n
	}
	if total != 40320 {
		t.Fatalf("%d placements, want 40320", total)
	}
}

// BenchmarkRooks8 enumerates the 40320 placements of 8 rooks with gini.
func BenchmarkRooks8(b *testing.B) {
	f := formula(b, 8, true)
	b.ReportAllocs()
	for b.Loop() {
		if n := len(solveAll(f)); n != 40320 {
			b.Fatalf("%d placements", n)
		}
	}
}

func TestCheck(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want string
	}{{0, "board size 0: want 1 to 200"}, {201, "board size 201: want 1 to 200"}, {1, ""}, {200, ""}} {
		err := queens.Check(tt.n)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("Check(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

func TestSize(t *testing.T) {
	// Rows and columns: 2n clauses of n plus 2n·n(n-1)/2 pairs; queens
	// add one pair per two squares on a diagonal: 2·Σ_{k=2}^{n} (2k-2)·... —
	// computed here by brute force over square pairs instead.
	for _, n := range []int{1, 5, 8} {
		for _, rooks := range []bool{false, true} {
			want := 2 * n
			for a := 0; a < n*n; a++ {
				for b := a + 1; b < n*n; b++ {
					if attacks(n, a, b, rooks) {
						want++
					}
				}
			}
			// Pairs in the same row or column are written once each.
			if got := formula(t, n, rooks).NumClauses(); got != want {
				t.Errorf("%d %s: %d clauses, want %d", n, queens.Kind(rooks), got, want)
			}
		}
	}
}
