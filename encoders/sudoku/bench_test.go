package sudoku_test

import (
	"io"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
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

// BenchmarkWrite25 writes the CNF of an empty 25x25 sudoku as sudoku2cnf
// does, streamed (dimacs.Stream: two passes, nothing kept), against the
// way it was written before, the whole formula built in memory and then
// written (dimacs.Build, Formula.WriteTo). B/op is the memory each way
// takes; the CNF is about 11 MB.
func BenchmarkWrite25(b *testing.B) {
	p, _ := sudoku.New(25)
	enc := func(dst dimacs.Adder) (int, error) { return sudoku.Encode(dst, p, sudoku.Options{}), nil }
	var size int64
	b.Run("stream", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			size, _ = (&dimacs.Stream{Encode: enc}).WriteTo(io.Discard)
		}
		b.SetBytes(size)
	})
	b.Run("formula", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			f, _ := dimacs.Build(enc)
			size, _ = f.WriteTo(io.Discard)
		}
		b.SetBytes(size)
	})
}
