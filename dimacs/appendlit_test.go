package dimacs

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestAppendLit checks appendLit against strconv.AppendInt: every number
// up to 10^5, each power of ten and its neighbours, the extremes, random
// ones, with and without room left in the buffer.
func TestAppendLit(t *testing.T) {
	nums := []int{math.MaxInt64, math.MinInt64, math.MaxInt32, -math.MaxInt32, math.MinInt32}
	for i := range 100000 {
		nums = append(nums, i, -i)
	}
	for p := 1; p > 0 && p <= math.MaxInt64/10; p *= 10 {
		nums = append(nums, p-1, p, p+1, -p+1, -p, -p-1)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		nums = append(nums, int(r.Int64()), -int(r.Int64N(1<<31)))
	}
	room := make([]byte, 3, 64)
	for _, l := range nums {
		want := strconv.AppendInt([]byte("ab "), int64(l), 10)
		if got := appendLit([]byte("ab "), l); string(got) != string(want) {
			t.Fatalf("appendLit(%d) = %q, want %q", l, got, want)
		}
		copy(room, "ab ")
		if got := appendLit(room[:3], l); string(got) != string(want) {
			t.Fatalf("appendLit(%d) with room = %q, want %q", l, got, want)
		}
	}
}
