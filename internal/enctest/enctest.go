// Package enctest holds what every encoder's tests check the same way:
// that the text the tools write (dimacs.Stream) is the text of the
// formula in memory (dimacs.Build), that no clause is written twice, and
// that a readable CNF (--names all, --comments) names every variable once
// and puts every clause under a group comment (CheckText).
package enctest

import (
	"bytes"
	"fmt"
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
	seen := map[string]int{}
	for i := range f.NumClauses() {
		c := slices.Clone(f.Clause(i))
		slices.Sort(c)
		c = slices.Compact(c)
		k := string(int32Bytes(c))
		if j, dup := seen[k]; dup {
			return j, i, f.Clause(i), true
		}
		seen[k] = i
	}
	return 0, 0, nil, false
}

func int32Bytes(c []int32) []byte {
	b := make([]byte, 0, 4*len(c))
	for _, l := range c {
		b = append(b, byte(l), byte(l>>8), byte(l>>16), byte(l>>24))
	}
	return b
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
