package dimacs

import (
	"bytes"
	"io"
	"testing"
)

// cnfWriteBenchSize is smaller than cnfBenchSize: these time the clause
// writer, which a few MB show as well as 64.
const cnfWriteBenchSize = 16 << 20

// BenchmarkWriteTo writes a 16 MB random 3-SAT Formula as DIMACS.
func BenchmarkWriteTo(b *testing.B) {
	in := cnfRandom3SAT(cnfWriteBenchSize)
	f, err := Read(bytes.NewReader(in), "bench.cnf", Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	defer cnfCPUMetric(b, len(in))()
	for b.Loop() {
		if _, err := f.WriteTo(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadTee reads the same formula with ReadTee, writing it to
// io.Discard as it goes (BenchmarkRead's work plus the writer's).
func BenchmarkReadTee(b *testing.B) {
	in := cnfRandom3SAT(cnfWriteBenchSize)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	defer cnfCPUMetric(b, len(in))()
	for b.Loop() {
		_, werr, err := ReadTee(bytes.NewReader(in), "bench.cnf", Options{}, io.Discard)
		if err != nil || werr != nil {
			b.Fatal(err, werr)
		}
	}
}
