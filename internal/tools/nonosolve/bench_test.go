package nonosolve

import (
	"context"
	"io"
	"os"
	"testing"

	"github.com/pipesat/pipesat/decoders/grid"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/solver"
)

// BenchmarkSolve times nonosolve's work on the line-solvable webpbn
// puzzles of testdata, from reading the file to the picture.
func BenchmarkSolve(b *testing.B) {
	for _, name := range []string{"webpbn-6", "webpbn-16", "webpbn-529", "webpbn-26167"} {
		b.Run(name, func(b *testing.B) {
			path := "../../../testdata/nonogram/" + name + ".non"
			b.ReportAllocs()
			for b.Loop() {
				in, err := os.Open(path)
				if err != nil {
					b.Fatal(err)
				}
				p, err := nonogram.ReadOptions{}.Read(in, path)
				in.Close()
				if err != nil {
					b.Fatal(err)
				}
				out, err := solve{max: 1}.run(context.Background(), solver.Gini{}, p)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := grid.DecodeOutput(out, grid.Options{Puzzle: p}, io.Discard, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
