package dimacs

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"testing"
)

// cnfRandom3SAT returns a random 3-SAT formula as DIMACS text of about size
// bytes, with a few comment lines, at clause/variable ratio 4.26.
func cnfRandom3SAT(size int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	// A clause over up to 7-digit variables is about 24 bytes.
	clauses := size / 24
	vars := clauses * 100 / 426
	var b bytes.Buffer
	b.Grow(size + size/8)
	b.WriteString("c random 3-SAT for BenchmarkRead\nc pipesat bench\n")
	b.WriteString("p cnf " + strconv.Itoa(vars) + " " + strconv.Itoa(clauses) + "\n")
	var line []byte
	for range clauses {
		line = line[:0]
		for range 3 {
			l := 1 + r.IntN(vars)
			if r.IntN(2) == 0 {
				l = -l
			}
			line = strconv.AppendInt(line, int64(l), 10)
			line = append(line, ' ')
		}
		line = append(line, '0', '\n')
		b.Write(line)
	}
	return b.Bytes()
}

// cnfNullHandler drops everything, to time Parse alone.
type cnfNullHandler struct{ lits int }

func (h *cnfNullHandler) Header(vars, clauses int) error { return nil }
func (h *cnfNullHandler) Comment(text string) error      { return nil }
func (h *cnfNullHandler) Clause(lits []int32, line int) error {
	h.lits += len(lits)
	return nil
}

const cnfBenchSize = 64 << 20

// BenchmarkRead reads a 64 MB random 3-SAT CNF into a Formula; go test
// -bench prints the throughput in MB/s.
func BenchmarkRead(b *testing.B) {
	in := cnfRandom3SAT(cnfBenchSize)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		f, err := Read(bytes.NewReader(in), "bench.cnf", Options{})
		if err != nil {
			b.Fatal(err)
		}
		if f.NumClauses() == 0 {
			b.Fatal("no clauses")
		}
	}
}

// BenchmarkParse is BenchmarkRead without building the Formula.
func BenchmarkParse(b *testing.B) {
	in := cnfRandom3SAT(cnfBenchSize)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		var h cnfNullHandler
		if err := Parse(bytes.NewReader(in), "bench.cnf", Options{}, &h); err != nil {
			b.Fatal(err)
		}
	}
}
