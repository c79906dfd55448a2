package solver

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

func BenchmarkGini(b *testing.B) {
	for _, n := range []int{100, 150} {
		f := random3SAT(n, 1)
		b.Run(fmt.Sprintf("rand3-%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := (Gini{}).Solve(context.Background(), f, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEnumerateGini enumerates the 1024 models of 10 free variables
// with one gini instance and blocking clauses.
func BenchmarkEnumerateGini(b *testing.B) {
	f := &dimacs.Formula{Vars: 10}
	b.ReportAllocs()
	for b.Loop() {
		e, err := Enumerate(context.Background(), Gini{}, f, EnumOptions{Verify: true}, func(dimacs.Model) error { return nil })
		if err != nil || e.Models != 1024 {
			b.Fatal(e.Models, err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1024, "ns/model")
}

// BenchmarkExternalCall is the fixed cost of one external Solve: temporary
// file, process group, fork/exec of a shell script, reading its answer.
func BenchmarkExternalCall(b *testing.B) {
	s := &External{Label: "unknown", Path: "testdata/fake/unknown.sh", Args: []string{"{cnf}"}, TempDir: b.TempDir()}
	f := random3SAT(100, 1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Solve(context.Background(), f, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEnumerateGiniQueens10 lists the 724 solutions of 10 queens with
// one gini instance, every model verified, as satrun --solver gini --all
// does: the figure to compare with picosat --all on the same file
// (make bench prints that ratio for whole processes).
func BenchmarkEnumerateGiniQueens10(b *testing.B) {
	fh, err := os.Open("testdata/bench/queens10.cnf")
	if err != nil {
		b.Fatal(err)
	}
	f, err := dimacs.Read(fh, "queens10.cnf", dimacs.Options{})
	fh.Close()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		e, err := Enumerate(context.Background(), Gini{}, f, EnumOptions{Verify: true}, func(dimacs.Model) error { return nil })
		if err != nil || e.Models != 724 {
			b.Fatal(e.Models, err)
		}
	}
}
