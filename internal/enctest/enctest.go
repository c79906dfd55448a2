// Package enctest holds what every encoder's tests check the same way:
// that the text the tools write (dimacs.Stream) is the text of the
// formula in memory (dimacs.Build), that no clause is written twice, and
// that a readable CNF (--names all, --comments) names every variable once
// and puts every clause under a group comment (CheckText).
package enctest

import (
	"bytes"
	"cmp"
	"fmt"
	"hash/maphash"
	"io"
	"slices"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

// CNF returns the DIMACS text enc writes through dimacs.Stream, as the
// tools write it, and the formula dimacs.Build makes of enc. It fails t
// if the formula's text is not byte for byte the stream's, or the
// stream's Stats are not the formula's size.
func CNF(t testing.TB, enc dimacs.EncodeFunc) ([]byte, *dimacs.Formula) {
	t.Helper()
	f, err := dimacs.Build(enc)
	if err != nil {
		t.Fatal(err)
	}
	var want, got bytes.Buffer
	if _, err := f.WriteTo(&want); err != nil {
		t.Fatal(err)
	}
	s := &dimacs.Stream{Encode: enc}
	if _, err := s.WriteTo(&got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatalf("dimacs.Stream wrote %d bytes, not the %d of dimacs.Build's formula:\n%s", got.Len(), want.Len(), firstDiff(got.Bytes(), want.Bytes()))
	}
	if st := (dimacs.Stats{Vars: f.Vars, Clauses: f.NumClauses(), Lits: f.NumLits()}); s.Stats != st {
		t.Errorf("Stream.Stats %+v, formula %+v", s.Stats, st)
	}
	return got.Bytes(), f
}

// firstDiff returns the line where a and b first differ, from each.
func firstDiff(a, b []byte) string {
	la, lb := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := range min(len(la), len(lb)) {
		if !bytes.Equal(la[i], lb[i]) {
			return fmt.Sprintf("line %d: stream %q, formula %q", i+1, la[i], lb[i])
		}
	}
	return "one is a prefix of the other"
}

// Duplicates returns the first clause of f that repeats an earlier one as
// a set of literals (so "-5 -6" repeats "-6 -5"), with the indexes of
// both, or ok false when every clause is new.
func Duplicates(f *dimacs.Formula) (first, second int, clause []int32, ok bool) {
	// Each clause's sorted set of literals is hashed; sorting the hashes
	// brings the clauses that may be equal together, which are then
	// compared literal by literal. (A map of millions of clauses cost
	// seconds of the encoders' tests.)
	set := func(buf []int32, i int) []int32 {
		buf = append(buf[:0], f.Clause(i)...)
		slices.Sort(buf)
		return slices.Compact(buf)
	}
	type entry struct {
		h uint64
		i int
	}
	seed := maphash.MakeSeed()
	var h maphash.Hash
	h.SetSeed(seed)
	var c []int32
	var buf []byte
	es := make([]entry, f.NumClauses())
	for i := range es {
		c = set(c, i)
		buf = buf[:0]
		for _, l := range c {
			buf = append(buf, byte(l), byte(l>>8), byte(l>>16), byte(l>>24))
		}
		h.Reset()
		h.Write(buf)
		es[i] = entry{h.Sum64(), i}
	}
	slices.SortFunc(es, func(a, b entry) int {
		if a.h != b.h {
			return cmp.Compare(a.h, b.h)
		}
		return cmp.Compare(a.i, b.i)
	})
	first, second = -1, -1
	var d []int32
	for g := 0; g < len(es); {
		e := g + 1
		for e < len(es) && es[e].h == es[g].h {
			e++
		}
		// es[g:e] share a hash, in clause order: the earliest clause
		// that repeats one before it, in this group.
	group:
		for x := g + 1; x < e; x++ {
			c = set(c, es[x].i)
			for y := g; y < x; y++ {
				if d = set(d, es[y].i); slices.Equal(c, d) {
					if second < 0 || es[x].i < second {
						first, second = es[y].i, es[x].i
					}
					break group
				}
			}
		}
		g = e
	}
	if second < 0 {
		return 0, 0, nil, false
	}
	return first, second, f.Clause(second), true
}

// BenchWrite runs two benchmarks of writing enc's CNF to io.Discard: as
// the tools write it, streamed ("stream": dimacs.Stream, two passes,
// nothing kept), and built in memory then written ("formula":
// dimacs.Build, Formula.WriteTo), the way the tools wrote it before. B/op
// is the memory each way takes.
func BenchWrite(b *testing.B, enc dimacs.EncodeFunc) {
	var size int64
	b.Run("stream", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			size, _ = (&dimacs.Stream{Encode: enc}).WriteTo(io.Discard)
		}
		b.SetBytes(size)
	})
	b.Run("formula", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			f, _ := dimacs.Build(enc)
			size, _ = f.WriteTo(io.Discard)
		}
		b.SetBytes(size)
	})
}
