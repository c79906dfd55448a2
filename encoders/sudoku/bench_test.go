package sudoku_test

import (
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/internal/enctest"
)

// counter is an Adder that only counts, so the benchmark measures the
// encoder and not the sink.
type counter struct{ lits, clauses int }

func (c *counter) Add(l int) {
	if l == 0 {
		c.clauses++
	} else {
		c.lits++
	}
}

func BenchmarkEncode25(b *testing.B) {
	for _, amo := range []sudoku.AMO{sudoku.Pairwise, sudoku.Sequential, sudoku.Commander} {
		b.Run(amo.String(), func(b *testing.B) {
			p, _ := sudoku.New(25)
			b.ReportAllocs()
			var c counter
			for b.Loop() {
				c = counter{}
				sudoku.Encode(&c, p, sudoku.Options{AMO: amo})
			}
			b.ReportMetric(float64(c.clauses), "clauses")
		})
	}
}

// BenchmarkWrite25 writes the CNF of an empty 25x25 sudoku (about 11 MB)
// streamed, as sudoku2cnf does, and built in memory then written, as it
// did before: see enctest.BenchWrite.
func BenchmarkWrite25(b *testing.B) {
	p, _ := sudoku.New(25)
	enctest.BenchWrite(b, func(dst dimacs.Adder) (int, error) { return sudoku.Encode(dst, p, sudoku.Options{}), nil })
}
