package drat

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSpill writes records, some longer than the reader's window, and
// reads them back last first, through windows of a few bytes and of the
// default size.
func TestSpill(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	type rec struct {
		cref  int32
		hints []int64
	}
	var recs []rec
	for i := range 300 {
		n := r.IntN(20)
		if i%50 == 7 {
			n = 5000 // longer than a small window
		}
		h := make([]int64, n)
		for k := range h {
			h[k] = r.Int64N(1<<40) - 1<<39
		}
		recs = append(recs, rec{int32(r.Uint32() >> 1), h})
	}
	for _, window := range []int64{16, 1 << 20} {
		s, err := newSpill(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range recs {
			s.put(x.cref, x.hints)
		}
		old := spillWindow
		spillWindow = window
		rd, err := s.reader()
		if err != nil {
			t.Fatal(err)
		}
		for i := len(recs) - 1; i >= 0; i-- {
			cref, hints, ok, err := rd.next()
			if err != nil || !ok || cref != recs[i].cref || !slices.Equal(hints, recs[i].hints) {
				t.Fatalf("window %d: record %d reads as %d %v %v %v, want %d %v", window, i, cref, hints, ok, err, recs[i].cref, recs[i].hints)
			}
		}
		if _, _, ok, err := rd.next(); ok || err != nil {
			t.Errorf("window %d: a record after the first: %v, %v", window, ok, err)
		}
		spillWindow = old
		name := s.f.Name()
		s.close()
		if _, err := os.Stat(name); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the spill's file is left: %v", err)
		}
	}
}

// TestSpillLRAT: the LRAT output of the stored php-8-7 proof is the same
// when the hints are read back through a window of a few bytes; no
// temporary file is left; a TempDir that is not there is an error.
func TestSpillLRAT(t *testing.T) {
	cnf, proof := cnfText(pigeons(7)), readFile(t, "testdata/php-8-7.drat")
	check := func(dir string) (string, error) {
		var out strings.Builder
		c := FromFormula(readFormula(t, cnf))
		c.LRAT, c.TempDir = &out, dir
		_, err := c.Check(context.Background(), strings.NewReader(proof), "p", Auto)
		return out.String(), err
	}
	dir := t.TempDir()
	want, err := check(dir)
	if err != nil {
		t.Fatal(err)
	}
	old := spillWindow
	spillWindow = 8
	got, err := check(dir)
	spillWindow = old
	if err != nil || got != want {
		t.Errorf("through a small window: %v, and the output differs: %v", err, got != want)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
	verifyLRAT(t, cnf, want)
	missing := filepath.Join(dir, "none")
	_, err = check(missing)
	if err == nil || !strings.HasPrefix(err.Error(), "drat: LRAT output needs a temporary file: open "+missing+"/pipesat-hints-") {
		t.Errorf("TempDir not there: %v", err)
	}
}
