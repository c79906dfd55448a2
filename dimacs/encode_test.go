package dimacs

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
)

// sample is an encoder that uses every part of the EncodeFunc contract:
// comments (one of two lines, one empty), names, clauses, group comments
// inside a clause and after the last one, and a variable no clause uses.
func sample(dst Adder) (int, error) {
	c, _ := dst.(Commenter)
	n, _ := dst.(Namer)
	g, _ := dst.(Grouper)
	if c != nil {
		c.Commentf("pipesat test")
		c.Commentf("two\nlines")
		c.Commentf("")
	}
	if n != nil {
		n.SetName(1, "a")
		n.SetName(3, "tab\tname")
	}
	if g != nil {
		g.Groupf("first")
	}
	for _, l := range []int{1, -2, 0, 3} {
		dst.Add(l)
	}
	if g != nil {
		g.Groupf("inside a clause")
	}
	dst.Add(-1)
	dst.Add(0)
	if g != nil {
		g.Groupf("varname 1: read as a header line")
	}
	return 4, nil
}

func TestStreamIsWriteTo(t *testing.T) {
	want := `c pipesat test
c two
c lines
c
c varname 1 a
c varname 3 tab?name
p cnf 4 2
c first
1 -2 0
3 -1 0
c inside a clause
c - varname 1: read as a header line
`
	f, err := Build(sample)
	if err != nil {
		t.Fatal(err)
	}
	var fb bytes.Buffer
	f.WriteTo(&fb)
	if fb.String() != want {
		t.Errorf("Formula.WriteTo:\n%s\nwant\n%s", fb.String(), want)
	}
	s := &Stream{Encode: sample}
	var sb bytes.Buffer
	n, err := s.WriteTo(&sb)
	if err != nil || sb.String() != want || n != int64(len(want)) {
		t.Errorf("Stream.WriteTo = %d, %v:\n%s\nwant\n%s", n, err, sb.String(), want)
	}
	if s.Stats != (Stats{Vars: 4, Clauses: 2, Lits: 4}) {
		t.Errorf("Stats = %+v", s.Stats)
	}
	bare := &Stream{Encode: sample, Bare: true}
	sb.Reset()
	if _, err := bare.WriteTo(&sb); err != nil || sb.String() != "p cnf 4 2\n1 -2 0\n3 -1 0\n" {
		t.Errorf("bare: %v\n%s", err, sb.String())
	}
}

// TestStreamLong writes more than the buffer holds, in clauses longer than
// it too.
func TestStreamLong(t *testing.T) {
	enc := func(dst Adder) (int, error) {
		if n, ok := dst.(Namer); ok {
			for v := 1; v <= 5000; v++ {
				n.SetName(v, strings.Repeat("x", v%150+1))
			}
		}
		for i := range 3 {
			for v := 1; v <= 20000; v++ {
				dst.Add(v * (1 - 2*(i%2)))
			}
			dst.Add(0)
			for v := 1; v <= 5000; v++ {
				dst.Add(v)
				dst.Add(-v - 1)
				dst.Add(0)
			}
		}
		return 0, nil
	}
	f, _ := Build(enc)
	var want, got bytes.Buffer
	f.WriteTo(&want)
	s := &Stream{Encode: enc}
	if _, err := s.WriteTo(&got); err != nil || !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Errorf("stream differs from WriteTo (%v): %d bytes, want %d", err, got.Len(), want.Len())
	}
	if s.Stats.Vars != 20000 || s.Stats.Clauses != 3+3*5000 {
		t.Errorf("Stats %+v", s.Stats)
	}
}

func TestStreamErrors(t *testing.T) {
	boom := errors.New("boom")
	for _, tt := range []struct {
		name    string
		enc     EncodeFunc
		wantErr string
		wantOut string
	}{
		{"fails first", func(dst Adder) (int, error) { return 0, boom }, "boom", ""},
		{"comment after name", func(dst Adder) (int, error) {
			if n, ok := dst.(Namer); ok {
				n.SetName(1, "a")
				dst.(Commenter).Commentf("late")
			}
			return 1, nil
		}, "dimacs: the encoder wrote a comment after the variable names", ""},
		{"comment after clause", func(dst Adder) (int, error) {
			dst.Add(1)
			dst.Add(0)
			if c, ok := dst.(Commenter); ok {
				c.Commentf("late")
			}
			return 1, nil
		}, "dimacs: the encoder wrote a comment after the first clause", ""},
		{"names out of order", func(dst Adder) (int, error) {
			if n, ok := dst.(Namer); ok {
				n.SetName(2, "b")
				n.SetName(1, "a")
			}
			return 2, nil
		}, "dimacs: the encoder wrote variable 1 named after variable 2", ""},
		{"name beyond vars", func(dst Adder) (int, error) {
			if n, ok := dst.(Namer); ok {
				n.SetName(3, "c")
			}
			dst.Add(1)
			dst.Add(0)
			return 2, nil
		}, "dimacs: the encoder named variable 3 of a formula of 2 variables", ""},
		{"unfinished", func(dst Adder) (int, error) { dst.Add(1); return 1, nil },
			"dimacs: the encoder left its last clause unfinished (no 0)", ""},
	} {
		var b bytes.Buffer
		_, err := (&Stream{Encode: tt.enc}).WriteTo(&b)
		if err == nil || err.Error() != tt.wantErr || b.String() != tt.wantOut {
			t.Errorf("%s: err %v, output %q; want %q, %q", tt.name, err, b.String(), tt.wantErr, tt.wantOut)
		}
	}
	calls := 0
	unstable := func(dst Adder) (int, error) {
		calls++
		for range calls {
			dst.Add(1)
			dst.Add(0)
		}
		return 1, nil
	}
	if _, err := (&Stream{Encode: unstable}).WriteTo(&bytes.Buffer{}); err == nil || err.Error() != "dimacs: the encoder's two passes wrote 1 and 2 clauses" {
		t.Errorf("unstable encoder: %v", err)
	}
	if _, err := Build(func(dst Adder) (int, error) { dst.Add(1); return 1, nil }); err != errUnfinished {
		t.Errorf("Build unfinished: %v", err)
	}
}

// TestStreamMemory: what a Stream allocates does not grow with the
// formula; 2 million clauses (about 24 MB of text) cost it less than its
// 64 KiB buffer and a little more.
func TestStreamMemory(t *testing.T) {
	enc := func(dst Adder) (int, error) {
		n, _ := dst.(Namer)
		for v := 1; v <= 1_000_000; v++ {
			if n != nil && v%1000 == 0 {
				n.SetName(v, "x")
			}
		}
		for v := 1; v <= 1_000_000; v++ {
			dst.Add(v)
			dst.Add(-(v%1000 + 1))
			dst.Add(0)
			dst.Add(-v)
			dst.Add(0)
		}
		return 1_000_000, nil
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	n, err := (&Stream{Encode: enc}).WriteTo(io.Discard)
	runtime.ReadMemStats(&after)
	if err != nil || n < 20<<20 {
		t.Fatalf("wrote %d bytes, %v", n, err)
	}
	got := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d bytes allocated", got)
	if got > 256<<10 {
		t.Errorf("the Stream allocated %d bytes for a %d-byte CNF", got, n)
	}
}
