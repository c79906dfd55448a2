package drat

import (
	"context"
	"io"
	"strings"
	"testing"
)

// BenchmarkStored checks the stored solver proofs of TestLRATStoredProofs
// backward, without and with LRAT output, and reads that output back as
// LRAT: no solver needed, so benchstat compares the checker's versions on
// any machine.
func BenchmarkStored(b *testing.B) {
	for _, p := range []struct{ name, cnf, proof string }{
		{"rand-60-276", readFile(b, "testdata/rand-60-276.cnf"), readFile(b, "testdata/rand-60-276.drat")},
		{"php-8-7", cnfText(pigeons(7)), readFile(b, "testdata/php-8-7.drat")},
	} {
		f := readFormula(b, p.cnf)
		check := func(b *testing.B, proof string, lrat io.Writer, format Format) {
			b.Helper()
			c := FromFormula(f)
			c.LRAT = lrat
			if _, err := c.Check(context.Background(), strings.NewReader(proof), "proof", format); err != nil {
				b.Fatal(err)
			}
		}
		var out strings.Builder
		check(b, p.proof, &out, Auto)
		b.Run(p.name+"/drat", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				check(b, p.proof, nil, Auto)
			}
		})
		b.Run(p.name+"/drat-to-lrat", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				check(b, p.proof, io.Discard, Auto)
			}
		})
		b.Run(p.name+"/lrat", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				check(b, out.String(), nil, LRAT)
			}
		})
	}
}
