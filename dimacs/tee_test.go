package dimacs

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestReadTee(t *testing.T) {
	in := "c pipesat x\np cnf 3 2\n1  -3\n0 2 3 -1 0\n"
	var out bytes.Buffer
	f, werr, err := ReadTee(strings.NewReader(in), "t", Options{}, &out)
	if err != nil || werr != nil {
		t.Fatalf("ReadTee: %v, %v", werr, err)
	}
	if got, want := out.String(), "p cnf 3 2\n1 -3 0\n2 3 -1 0\n"; got != want {
		t.Errorf("written %q, want %q", got, want)
	}
	var re bytes.Buffer
	g, _ := Read(strings.NewReader(in), "t", Options{})
	g.Comments = nil
	f.Comments = nil
	var fw bytes.Buffer
	f.WriteTo(&fw)
	g.WriteTo(&re)
	if fw.String() != re.String() || f.Line(1) != 4 {
		t.Errorf("formula %q (line %d), Read gives %q", fw.String(), f.Line(1), re.String())
	}

	_, _, err = ReadTee(strings.NewReader("p cnf 1 2\n1 0\n"), "t", Options{}, &out)
	if err == nil || err.Error() != "t:3:1: found 1 clauses, the header declares 2" {
		t.Errorf("count mismatch: %v", err)
	}
	if _, _, err := ReadTee(strings.NewReader(in), "t", Options{Relaxed: true}, &out); err == nil {
		t.Error("Relaxed: no error")
	}
}

type brokenWriter struct{}

func (brokenWriter) Write(p []byte) (int, error) { return 0, errors.New("broken pipe") }

func TestReadTeeWriteError(t *testing.T) {
	var b strings.Builder
	b.WriteString("p cnf 2 30000\n")
	for i := 0; i < 30000; i++ {
		b.WriteString("1 -2 0\n")
	}
	f, werr, err := ReadTee(strings.NewReader(b.String()), "t", Options{}, brokenWriter{})
	if err != nil {
		t.Fatal(err)
	}
	if werr == nil || werr.Error() != "broken pipe" {
		t.Errorf("writeErr = %v, want broken pipe", werr)
	}
	if f.NumClauses() != 30000 {
		t.Errorf("%d clauses, want the whole formula", f.NumClauses())
	}
}
