package lrattest

import (
	"context"
	"fmt"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/drat"
	"github.com/pipesat/pipesat/internal/testenv"
)

// Verify checks the LRAT proof lrat, as pipesat writes it, against the
// DIMACS formula cnf (testenv.VerifyLRAT, with package drat's reader): nil
// when every checker present accepts it.
func Verify(cnf, lrat string) error {
	return testenv.VerifyLRAT(cnf, lrat, read)
}

// read checks lrat against cnf with package drat and returns how many
// hints it found satisfied already.
func read(cnf, lrat string) (int, error) {
	f, err := dimacs.Read(strings.NewReader(cnf), "cnf", dimacs.Options{})
	if err != nil {
		return 0, err
	}
	res, err := drat.Check(context.Background(), f, strings.NewReader(lrat), "lrat", drat.LRAT)
	return res.Satisfied, err
}

// VerifyClauses is Verify for a formula given as clauses (clause i has ID
// i+1), as testenv.Clauses returns them.
func VerifyClauses(cnf [][]int, lrat string) error {
	vars := 0
	for _, cl := range cnf {
		for _, l := range cl {
			vars = max(vars, l, -l)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "p cnf %d %d\n", vars, len(cnf))
	for _, cl := range cnf {
		for _, l := range cl {
			fmt.Fprintf(&b, "%d ", l)
		}
		b.WriteString("0\n")
	}
	return Verify(b.String(), lrat)
}
