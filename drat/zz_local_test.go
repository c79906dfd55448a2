package drat

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

func BenchmarkLocalFile(b *testing.B) {
	cnf, proof := os.Getenv("ZZ_CNF"), os.Getenv("ZZ_PROOF")
	if cnf == "" {
		b.Skip()
	}
	fr, _ := os.Open(cnf)
	f, err := dimacs.Read(fr, cnf, dimacs.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		pr, _ := os.Open(proof)
		c := FromFormula(f)
		res, err := c.Check(context.Background(), pr, proof, Auto)
		if err != nil {
			b.Fatal(err)
		}
		fmt.Printf("%+v resolved=%d\n", res, c.resolved)
		pr.Close()
	}
}
