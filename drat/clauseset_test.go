package drat

import (
	"math/rand/v2"
	"testing"
)

// TestClauseSet adds and deletes clauses whose hashes collide often, and
// checks after each step that probing from its hash finds every clause
// present (backward-shift deletion leaves no hole in a probe sequence).
func TestClauseSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var s clauseSet
	present := map[int32]uint64{}
	lookup := func(h uint64, cref int32) int {
		mask := uint32(len(s.slots) - 1)
		for i := uint32(h>>32) & mask; s.slots[i] != 0; i = (i + 1) & mask {
			if s.slots[i] == slotOf(h, cref) {
				return int(i)
			}
		}
		return -1
	}
	next := int32(0)
	for step := range 20000 {
		if len(present) == 0 || rng.IntN(3) > 0 {
			h := uint64(rng.IntN(64))<<32 | uint64(rng.Uint32()) // 64 distinct high halves
			if rng.IntN(2) == 0 {
				h = rng.Uint64()
			}
			s.add(h, next)
			present[next] = h
			next++
		} else {
			for cref, h := range present { // any one
				i := lookup(h, cref)
				if i < 0 {
					t.Fatalf("step %d: clause %d not found", step, cref)
				}
				s.del(i)
				delete(present, cref)
				break
			}
		}
		if s.n != len(present) {
			t.Fatalf("step %d: n %d, want %d", step, s.n, len(present))
		}
		if step%1000 == 0 {
			for cref, h := range present {
				if lookup(h, cref) < 0 {
					t.Fatalf("step %d: clause %d lost", step, cref)
				}
			}
		}
	}
}
