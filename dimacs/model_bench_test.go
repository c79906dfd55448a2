package dimacs

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"
)

// cnfBenchModel returns a model of f's variables that satisfies every
// clause of f, made by setting a literal of each clause not yet
// satisfied (later ones may overrule earlier variables only where those
// are unset), then checks it, so that Check walks every clause to the end.
func cnfBenchModel(b *testing.B, f *Formula) Model {
	m := NewModel(f.Vars)
	for i := range f.NumClauses() {
		c := f.Clause(i)
		sat := false
		for _, l := range c {
			if m.Lit(int(l)) == 1 {
				sat = true
			}
		}
		for _, l := range c {
			if !sat && m.Lit(int(l)) == 0 {
				m.Set(int(l))
				sat = true
			}
		}
	}
	// Random 3-SAT near the threshold may leave a clause falsified:
	// drop those from the formula, as a benchmark needs a model.
	g := &Formula{Vars: f.Vars}
	for i := range f.NumClauses() {
		c := f.Clause(i)
		for _, l := range c {
			if m.Lit(int(l)) == 1 {
				g.addRead(c, i+1)
				break
			}
		}
	}
	*f = *g
	if err := f.Check(m); err != nil {
		b.Fatal(err)
	}
	return m
}

// BenchmarkCheck checks a model against a 64 MB random 3-SAT formula (what
// satrun does with every model), throughput in MB/s of the formula's text.
func BenchmarkCheck(b *testing.B) {
	in := cnfRandom3SAT(cnfBenchSize)
	f, err := Read(bytes.NewReader(in), "bench.cnf", Options{})
	if err != nil {
		b.Fatal(err)
	}
	m := cnfBenchModel(b, f)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	defer cnfCPUMetric(b, len(in))()
	for b.Loop() {
		if err := f.Check(m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteAnswer writes a competition answer with a model of a
// million variables, half of them true at random (about 7.5 MB of "v"
// lines): satrun's output.
func BenchmarkWriteAnswer(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	m := NewModel(1000000)
	for v := 1; v < len(m); v++ {
		m[v] = int8(r.IntN(2)*2 - 1)
	}
	var buf bytes.Buffer
	WriteAnswer(&buf, Sat, m)
	b.SetBytes(int64(buf.Len()))
	b.ReportAllocs()
	defer cnfCPUMetric(b, buf.Len())()
	for b.Loop() {
		if err := WriteAnswer(io.Discard, Sat, m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteCompleteAnswer writes the answer to a header that promises
// 2^24 variables and a formula that names one: satrun's answer is almost
// all the false tail (about 160 MB of "v" lines).
func BenchmarkWriteCompleteAnswer(b *testing.B) {
	const vars = 1 << 24
	m := Model{0, 1}
	var buf bytes.Buffer
	WriteCompleteAnswer(&buf, Sat, m, vars)
	b.SetBytes(int64(buf.Len()))
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteCompleteAnswer(io.Discard, Sat, m, vars); err != nil {
			b.Fatal(err)
		}
	}
}
