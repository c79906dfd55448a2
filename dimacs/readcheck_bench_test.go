package dimacs

import (
	"bytes"
	"testing"
)

// BenchmarkReadCheck compares what satrun does to check a model on a
// file the solver read itself, ReadCheck's one pass, with what it does
// with input it holds (a pipe): Read into a Formula, then Check. The
// formula is a random 3-CNF of 16 MB whose clauses all have a positive
// literal, so that the all-true model satisfies it and every clause is
// checked. cpu-MB/s is CPU throughput, GC included; B/op shows the memory
// the Formula costs and ReadCheck does not.
func BenchmarkReadCheck(b *testing.B) {
	in := cnfPlanted(16 << 20)
	f, err := Read(bytes.NewReader(in), "bench.cnf", Options{})
	if err != nil {
		b.Fatal(err)
	}
	m := make(Model, f.Vars+1)
	for v := range m {
		m[v] = 1
	}
	b.Run("read+check", func(b *testing.B) {
		defer cnfCPUMetric(b, len(in))()
		b.ReportAllocs()
		b.SetBytes(int64(len(in)))
		for b.Loop() {
			f, err := Read(bytes.NewReader(in), "bench.cnf", Options{})
			if err != nil {
				b.Fatal(err)
			}
			if err := f.Check(m); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("readcheck", func(b *testing.B) {
		defer cnfCPUMetric(b, len(in))()
		b.ReportAllocs()
		b.SetBytes(int64(len(in)))
		for b.Loop() {
			if _, bad, err := ReadCheck(bytes.NewReader(in), "bench.cnf", Options{}, m); err != nil || bad != nil {
				b.Fatal(err, bad)
			}
		}
	})
}

// cnfPlanted returns cnfRandom3SAT(size) with the first literal of each
// clause without a positive one made positive: the all-true model
// satisfies it.
func cnfPlanted(size int) []byte {
	in := cnfRandom3SAT(size)
	out := make([]byte, 0, len(in))
	for line := range bytes.Lines(in) {
		if line[0] >= '0' && line[0] <= '9' || line[0] == '-' {
			if bytes.Count(line, []byte("-")) == 3 {
				line = line[1:]
			}
		}
		out = append(out, line...)
	}
	return out
}
