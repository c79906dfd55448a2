// Package enctest holds what every encoder's tests check the same way:
// that the text the tools write (dimacs.Stream) is the text of the
// formula in memory (dimacs.Build), that no clause is written twice in a
// group, that the groups are the clues' (Groups), and
// that a readable CNF (--names all, --comments) names every variable once
// and puts every clause under a group comment (CheckText).
package enctest

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"io"
	"slices"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/solver"
	"github.com/pipesat/pipesat/solver/mus"
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

// Duplicates returns the first clause of f that repeats an earlier one of
// its group as a set of literals (so "-5 -6" repeats "-6 -5"), with the
// indexes of both, or ok false when every clause is new in its group. Two
// groups may hold the same clause (a row's and a column's unit on their
// cell): each must keep it when the other is dropped (satrun --explain).
// The clauses in no group are group 0.
func Duplicates(f *dimacs.Formula) (first, second int, clause []int32, ok bool) {
	of := make([]int, f.NumClauses())
	for gi, g := range f.Groups() {
		for i := g.Start; i < g.End; i++ {
			of[i] = gi + 1
		}
	}
	// Each clause's group and sorted set of literals are hashed; sorting
	// the hashes brings the clauses that may be equal together, which are
	// then compared literal by literal. (A map of millions of clauses, by
	// strings, cost seconds of the encoders' tests.)
	set := func(buf []int32, i int) []int32 {
		buf = append(buf[:0], f.Clause(i)...)
		slices.Sort(buf)
		return slices.Compact(buf)
	}
	type entry struct {
		h uint64
		i int
	}
	var h maphash.Hash
	var c []int32
	var buf []byte
	es := make([]entry, f.NumClauses())
	for i := range es {
		c = set(c, i)
		buf = binary.LittleEndian.AppendUint64(buf[:0], uint64(of[i]))
		for _, l := range c {
			buf = binary.LittleEndian.AppendUint32(buf, uint32(l))
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
	for lo := 0; lo < len(es); {
		hi := lo + 1
		for hi < len(es) && es[hi].h == es[lo].h {
			hi++
		}
		// es[lo:hi] share a hash, in clause order: the earliest clause
		// among them that repeats one before it in its group.
	run:
		for x := lo + 1; x < hi; x++ {
			c = set(c, es[x].i)
			for y := lo; y < x; y++ {
				if of[es[y].i] != of[es[x].i] {
					continue
				}
				if d = set(d, es[y].i); slices.Equal(c, d) {
					if second < 0 || es[x].i < second {
						first, second = es[y].i, es[x].i
					}
					break run
				}
			}
		}
		lo = hi
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
		defer CPUTime(b)()
		for b.Loop() {
			size, _ = (&dimacs.Stream{Encode: enc}).WriteTo(io.Discard)
		}
		b.SetBytes(size)
	})
	b.Run("formula", func(b *testing.B) {
		b.ReportAllocs()
		defer CPUTime(b)()
		for b.Loop() {
			f, _ := dimacs.Build(enc)
			size, _ = f.WriteTo(io.Discard)
		}
		b.SetBytes(size)
	})
}

// CPUTime starts measuring the CPU time (user and system, every thread,
// the collector's too) of a benchmark; the function it returns reports it
// as "cpu-ns/op". On a machine shared with other jobs it varies less than
// ns/op, the wall clock.
func CPUTime(b *testing.B) func() {
	start := cpuSeconds()
	return func() {
		if cpu := cpuSeconds() - start; cpu > 0 && b.N > 0 {
			b.ReportMetric(cpu*1e9/float64(b.N), "cpu-ns/op")
		}
	}
}

// Groups checks f's groups (dimacs.Formula.Groups) as every encoder must
// write them: they pass dimacs.CheckGroups, so that with group 0 (the
// clauses in none) they partition the clauses; their IDs are 1, 2, ... in
// clause order (cnfstyle.Sink numbers them); each has a name; and group 0
// alone is satisfiable, as clauses that only define the encoding are. It
// returns the groups.
func Groups(t testing.TB, f *dimacs.Formula) []dimacs.Group {
	t.Helper()
	gs := f.Groups()
	if err := dimacs.CheckGroups(gs, f.NumClauses()); err != nil {
		t.Fatal(err)
	}
	for i, g := range gs {
		if i > 0 && (g.ID <= gs[i-1].ID || g.Start < gs[i-1].End) {
			t.Errorf("group %d %q after group %d %q: want increasing IDs in clause order", g.ID, g.Name, gs[i-1].ID, gs[i-1].Name)
		}
		if g.Name == "" || dimacs.CleanGroupName(g.Name) != g.Name {
			t.Errorf("group %d: name %q", g.ID, g.Name)
		}
	}
	if st := solveGroups(t, f, gs, nil, -1); st != dimacs.Sat {
		t.Errorf("group 0 alone (%d clauses in no group) is %v: it should only define the encoding", f.NumClauses()-covered(gs), st)
	}
	return gs
}

func covered(gs []dimacs.Group) int {
	n := 0
	for _, g := range gs {
		n += g.End - g.Start
	}
	return n
}

// Explain explains f, which must be unsatisfiable, with gini and checks
// the answer afresh: the conflict names groups of f only (Core indexes
// f.Groups: group 0 is never dropped, whatever the encoder), it is
// minimal, and a fresh gini solve finds group 0 with it unsatisfiable and
// each of its groups needed. It returns the names of the conflict's
// groups.
func Explain(t testing.TB, f *dimacs.Formula) []string {
	t.Helper()
	gs := Groups(t, f)
	ctx := context.Background()
	r, err := mus.Explain(ctx, mus.Problem{F: f, Groups: gs}, mus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != dimacs.Unsat || !r.Minimal {
		t.Fatalf("explain: %v, minimal %v; want a minimal conflict", r.Status, r.Minimal)
	}
	var names []string
	for _, g := range r.Core {
		names = append(names, gs[g].Name)
	}
	if st := solveGroups(t, f, gs, r.Core, -1); st != dimacs.Unsat {
		t.Errorf("conflict %q with group 0 is %v, want UNSATISFIABLE", names, st)
	}
	for _, g := range r.Core {
		if st := solveGroups(t, f, gs, r.Core, g); st != dimacs.Sat {
			t.Errorf("conflict %q without %q is %v, want SATISFIABLE", names, gs[g].Name, st)
		}
	}
	return names
}

// solveGroups solves group 0 and the groups keep of f but drop (-1: none)
// with a fresh gini, checking a model.
func solveGroups(t testing.TB, f *dimacs.Formula, gs []dimacs.Group, keep []int, drop int) dimacs.Status {
	t.Helper()
	in := make([]bool, f.NumClauses())
	for i := range in {
		in[i] = true
	}
	for gi, g := range gs {
		if gi == drop || !slices.Contains(keep, gi) {
			for i := g.Start; i < g.End; i++ {
				in[i] = false
			}
		}
	}
	sub := &dimacs.Formula{Vars: f.Vars}
	for i := range f.NumClauses() {
		if in[i] {
			for _, l := range f.Clause(i) {
				sub.Add(int(l))
			}
			sub.Add(0)
		}
	}
	r, err := solver.Gini{}.Solve(context.Background(), sub, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status == dimacs.Sat {
		if err := sub.Check(r.Model); err != nil {
			t.Fatal(err)
		}
	}
	return r.Status
}
