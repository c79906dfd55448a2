package lrattest

import (
	"context"
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
