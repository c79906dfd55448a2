package sudoku_test

import (
	"testing"

	"github.com/pipesat/pipesat/encoders/sudoku"
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
