package drat

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestArenaChunks puts clauses across chunk boundaries, one longer than a
// chunk among them, and reads them back in order, then compacted.
func TestArenaChunks(t *testing.T) {
	var a arena
	var want [][]lit
	sizes := []int{0, 1, 5, chunkLen - 10, 20, chunkLen + 7, 3, chunkLen - 3, chunkLen - 4}
	for i := 0; i < 3*chunkLen/1000; i++ {
		sizes = append(sizes, 997)
	}
	for i, n := range sizes {
		ls := make([]lit, n)
		for k := range ls {
			ls[k] = lit(2*(k+i) + 2)
		}
		if !a.room(n) {
			t.Fatalf("clause %d: no room", i)
		}
		cref := a.put(ls, uint32(i+1), lit(i))
		if cref&chunkMask+hdr+int32(n) > chunkLen && n+hdr <= chunkLen {
			t.Fatalf("clause %d of %d literals at %d crosses its chunk", i, n, cref)
		}
		want = append(want, ls)
	}
	check := func(a *arena, want [][]lit, ids []uint32) {
		t.Helper()
		i := 0
		for cref := int32(0); cref < a.end; cref = a.next(cref) {
			if i == len(want) {
				t.Fatalf("more clauses than %d", len(want))
			}
			if got := a.lits(cref); !slices.Equal(got, want[i]) {
				t.Fatalf("clause %d: %d literals, want %d", i, len(got), len(want[i]))
			}
			if a.id(cref) != ids[i] || a.pivot(cref) != lit(ids[i]-1) {
				t.Fatalf("clause %d: id %d pivot %d, want %d %d", i, a.id(cref), a.pivot(cref), ids[i], ids[i]-1)
			}
			i++
		}
		if i != len(want) {
			t.Fatalf("%d clauses, want %d", i, len(want))
		}
	}
	ids := make([]uint32, len(want))
	for i := range ids {
		ids[i] = uint32(i + 1)
	}
	check(&a, want, ids)
	if len(a.chunks) < 6 || cap(a.chunks[0]) > chunkLen {
		t.Errorf("%d chunks, the first of capacity %d", len(a.chunks), cap(a.chunks[0]))
	}
	// Delete every other clause, the long one included.
	var kept [][]lit
	var keptIDs []uint32
	i := 0
	for cref := int32(0); cref < a.end; cref = a.next(cref) {
		if i%2 == 1 {
			*a.head(cref) |= deleted
		} else {
			kept = append(kept, want[i])
			keptIDs = append(keptIDs, ids[i])
		}
		i++
	}
	moves := 0
	last := int32(-1)
	b := a.compacted(func(from, to int32) {
		if from <= last || *a.head(from)&deleted != 0 {
			t.Fatalf("moved %d after %d", from, last)
		}
		last = from
		moves++
	})
	if moves != len(kept) {
		t.Errorf("%d moves, want %d", moves, len(kept))
	}
	check(&b, kept, keptIDs)
}

// TestChecksAcrossChunks checks, forward and backward, a proof whose
// lemmas fill several chunks of the arena, one lemma longer than a chunk.
func TestChecksAcrossChunks(t *testing.T) {
	if testing.Short() {
		t.Skip("a 17 MB proof")
	}
	var cnf strings.Builder
	cnf.WriteString("p cnf 3 8\n")
	for m := range 8 {
		for v := 1; v <= 3; v++ {
			l := v
			if m>>(v-1)&1 == 1 {
				l = -v
			}
			fmt.Fprintf(&cnf, "%d ", l)
		}
		cnf.WriteString("0\n")
	}
	var proof strings.Builder
	line := func(from, to int, both bool) {
		proof.WriteString("1 2 3")
		for v := from; v <= to; v++ {
			fmt.Fprintf(&proof, " %d", v)
			if both {
				fmt.Fprintf(&proof, " %d", -v)
			}
		}
		proof.WriteString(" 0\n")
	}
	for i := range 1200 {
		line(4+i%7, 1000+i%7, false) // subsumed by "1 2 3": RUP
		if i%3 == 0 {
			proof.WriteString("d ")
			line(4+i%7, 1000+i%7, false)
		}
	}
	line(4, chunkLen/2+100, true) // a tautology longer than a chunk
	proof.WriteString("1 2 0\n1 0\n2 0\n0\n")
	for _, forward := range []bool{true, false} {
		c := FromFormula(readFormula(t, cnf.String()))
		c.Forward = forward
		res, err := c.Check(context.Background(), strings.NewReader(proof.String()), "proof", Text)
		if err != nil {
			t.Fatalf("forward %v: %v", forward, err)
		}
		if res.Lemmas != 1204 || res.Deletions != 400 || len(c.chunks) < 3 {
			t.Errorf("forward %v: %+v in %d chunks", forward, res, len(c.chunks))
		}
	}
}
