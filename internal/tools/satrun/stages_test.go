package satrun

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

// BenchmarkStages times satrun's own work on a formula, stage by stage,
// for scripts/bench-pipeline.sh's breakdown of its tax over the solver:
// parse (dimacs.Parse alone), read (Parse building the Formula), check
// (the model against every clause), answer (reading the solver's output)
// and write (printing the answer). Those are the stages of input from a
// pipe, which satrun holds while the solver runs; a file the solver reads
// itself (solveFile) has readcheck in place of read and check: one pass
// over the file checking the model as it goes (dimacs.ReadCheck), no
// Formula. The formula is the file
// $PIPESAT_STAGES_CNF and the solver's output $PIPESAT_STAGES_OUT; the
// benchmark skips without them. Each stage reports cpu-ms/op, the CPU
// time per run (all threads, GC included), which a loaded machine blurs
// less than ns/op.
func BenchmarkStages(b *testing.B) {
	cnfPath, outPath := os.Getenv("PIPESAT_STAGES_CNF"), os.Getenv("PIPESAT_STAGES_OUT")
	if cnfPath == "" || outPath == "" {
		b.Skip("PIPESAT_STAGES_CNF and PIPESAT_STAGES_OUT not set")
	}
	cnf, err := os.ReadFile(cnfPath)
	if err != nil {
		b.Fatal(err)
	}
	out, err := os.ReadFile(outPath)
	if err != nil {
		b.Fatal(err)
	}
	f, err := dimacs.Read(bytes.NewReader(cnf), cnfPath, dimacs.Options{})
	if err != nil {
		b.Fatal(err)
	}
	o, err := dimacs.ReadOutput(bytes.NewReader(out), outPath)
	if err != nil || len(o.Answers) == 0 || o.Answers[0].Model == nil {
		b.Fatalf("%s: no model (%v)", outPath, err)
	}
	m := o.Answers[0].Model
	b.Run("parse", func(b *testing.B) {
		defer cpuMetric(b)()
		b.ReportAllocs()
		for b.Loop() {
			if err := dimacs.Parse(bytes.NewReader(cnf), cnfPath, dimacs.Options{}, nullHandler{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("read", func(b *testing.B) {
		defer cpuMetric(b)()
		b.ReportAllocs()
		for b.Loop() {
			if _, err := dimacs.Read(bytes.NewReader(cnf), cnfPath, dimacs.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("check", func(b *testing.B) {
		defer cpuMetric(b)()
		for b.Loop() {
			if err := f.Check(m); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("readcheck", func(b *testing.B) {
		defer cpuMetric(b)()
		b.ReportAllocs()
		for b.Loop() {
			if _, bad, err := dimacs.ReadCheck(bytes.NewReader(cnf), cnfPath, dimacs.Options{}, m); err != nil || bad != nil {
				b.Fatal(err, bad)
			}
		}
	})
	b.Run("answer", func(b *testing.B) {
		defer cpuMetric(b)()
		b.ReportAllocs()
		for b.Loop() {
			if _, err := dimacs.ReadOutput(bytes.NewReader(out), outPath); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("write", func(b *testing.B) {
		defer cpuMetric(b)()
		b.ReportAllocs()
		for b.Loop() {
			if err := dimacs.WriteCompleteAnswer(io.Discard, dimacs.Sat, m, f.Vars); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// nullHandler drops what Parse reports.
type nullHandler struct{}

func (nullHandler) Header(vars, clauses int) error      { return nil }
func (nullHandler) Comment(text string) error           { return nil }
func (nullHandler) Clause(lits []int32, line int) error { return nil }

// cpuMetric starts measuring CPU time; the function it returns reports it
// per iteration as cpu-ms/op.
func cpuMetric(b *testing.B) func() {
	start := cpuSeconds()
	return func() {
		if cpu := cpuSeconds() - start; cpu > 0 && b.N > 0 {
			b.ReportMetric(cpu*1e3/float64(b.N), "cpu-ms/op")
		}
	}
}
