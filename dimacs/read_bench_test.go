package dimacs

import (
	"bytes"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/go-air/gini"
	ginidimacs "github.com/go-air/gini/dimacs"
	"github.com/go-air/gini/z"
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

// cnfCPUMetric starts measuring CPU time; the function it returns reports
// throughput per CPU second as "cpu-MB/s" (all threads, GC included). On a
// machine shared with other jobs this says more than the wall clock's MB/s.
func cnfCPUMetric(b *testing.B, size int) func() {
	start := cnfCPUSeconds()
	return func() {
		if cpu := cnfCPUSeconds() - start; cpu > 0 {
			b.ReportMetric(float64(size)*float64(b.N)/cpu/1e6, "cpu-MB/s")
		}
	}
}

// BenchmarkRead reads a 64 MB random 3-SAT CNF into a Formula; go test
// -bench prints the throughput in MB/s.
func BenchmarkRead(b *testing.B) {
	in := cnfRandom3SAT(cnfBenchSize)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	defer cnfCPUMetric(b, len(in))()
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
	defer cnfCPUMetric(b, len(in))()
	for b.Loop() {
		var h cnfNullHandler
		if err := Parse(bytes.NewReader(in), "bench.cnf", Options{}, &h); err != nil {
			b.Fatal(err)
		}
	}
}

// cnfBenchFile returns the path in $PIPESAT_BENCH_CNF, writing a 100 MB
// random 3-SAT CNF there first if there is no such file. The benchmarks
// that use it skip when the variable is unset; scripts/bench-reader.sh
// sets it.
func cnfBenchFile(b *testing.B) string {
	path := os.Getenv("PIPESAT_BENCH_CNF")
	if path == "" {
		b.Skip("PIPESAT_BENCH_CNF not set")
	}
	if _, err := os.Stat(path); err != nil {
		if err := os.WriteFile(path, cnfRandom3SAT(100<<20), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return path
}

// cnfBenchFileSize sets up a benchmark over the file at path; call the
// function it returns at the end.
func cnfBenchFileSize(b *testing.B, path string) func() {
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	b.ReportAllocs()
	return cnfCPUMetric(b, int(st.Size()))
}

// BenchmarkReadFile reads the file $PIPESAT_BENCH_CNF into a Formula.
func BenchmarkReadFile(b *testing.B) {
	path := cnfBenchFile(b)
	defer cnfBenchFileSize(b, path)()
	for b.Loop() {
		fh, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		_, err = Read(fh, path, Options{})
		fh.Close()
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseFile parses $PIPESAT_BENCH_CNF without keeping clauses.
func BenchmarkParseFile(b *testing.B) {
	path := cnfBenchFile(b)
	defer cnfBenchFileSize(b, path)()
	for b.Loop() {
		fh, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		err = Parse(fh, path, Options{}, &cnfNullHandler{})
		fh.Close()
		if err != nil {
			b.Fatal(err)
		}
	}
}

// cnfGiniVis counts what gini's DIMACS reader reports.
type cnfGiniVis struct{ lits int }

func (v *cnfGiniVis) Init(vars, clauses int) {}
func (v *cnfGiniVis) Add(m z.Lit)            { v.lits++ }
func (v *cnfGiniVis) Eof()                   {}

// BenchmarkGiniParseFile is the peer of BenchmarkParseFile: gini's own
// DIMACS reader (dimacs.ReadCnf) on the same file.
func BenchmarkGiniParseFile(b *testing.B) {
	path := cnfBenchFile(b)
	defer cnfBenchFileSize(b, path)()
	for b.Loop() {
		fh, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		err = ginidimacs.ReadCnf(fh, &cnfGiniVis{})
		fh.Close()
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGiniNewDimacsFile is gini.NewDimacs on the same file: parsing
// and loading a solver, the peer of BenchmarkReadFile.
func BenchmarkGiniNewDimacsFile(b *testing.B) {
	path := cnfBenchFile(b)
	defer cnfBenchFileSize(b, path)()
	for b.Loop() {
		fh, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		_, err = gini.NewDimacs(fh)
		fh.Close()
		if err != nil {
			b.Fatal(err)
		}
	}
}
