package dimacs

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
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

// grouped is an encoder of group lines among clauses and group comments,
// in every order: a group without clauses, group 0 between groups, a
// comment before and after a group line at the same place and inside a
// clause, a group open at the end.
func grouped(dst Adder) (int, error) {
	m, _ := dst.(GroupMarker)
	g, _ := dst.(Grouper)
	begin := func(id int, name string) {
		if m != nil {
			m.BeginGroup(id, name)
		}
	}
	comment := func(s string) {
		if g != nil {
			g.Groupf("%s", s)
		}
	}
	clause := func(ls ...int) {
		for _, l := range ls {
			dst.Add(l)
		}
		dst.Add(0)
	}
	begin(0, "")
	clause(1)
	comment("before a group line")
	begin(7, `row 1 "2 1"`)
	comment("after it")
	clause(2, 3)
	dst.Add(4)
	comment("inside a clause")
	dst.Add(0)
	begin(8, "no clauses")
	begin(0, "")
	clause(-1)
	begin(0, "")
	begin(9, "given r1c1=1")
	clause(5)
	begin(10, "next to it")
	clause(-5, 1)
	begin(11, "open at the end")
	clause(2)
	comment("after the last clause")
	begin(0, "")
	return 5, nil
}

func TestStreamGroupLines(t *testing.T) {
	want := `p cnf 5 7
1 0
c pipesat group 7 row 1 "2 1"
c before a group line
c after it
2 3 0
4 0
c pipesat group 0 encoding
c inside a clause
-1 0
c pipesat group 9 given r1c1=1
5 0
c pipesat group 10 next to it
-5 1 0
c pipesat group 11 open at the end
2 0
c after the last clause
`
	f, err := Build(grouped)
	if err != nil {
		t.Fatal(err)
	}
	var fb, sb bytes.Buffer
	f.WriteTo(&fb)
	if fb.String() != want {
		t.Errorf("Formula.WriteTo:\n%s\nwant\n%s", fb.String(), want)
	}
	if _, err := (&Stream{Encode: grouped}).WriteTo(&sb); err != nil || sb.String() != want {
		t.Errorf("Stream.WriteTo (%v):\n%s\nwant\n%s", err, sb.String(), want)
	}
	wantGroups := []Group{{7, `row 1 "2 1"`, 1, 3}, {9, "given r1c1=1", 4, 5}, {10, "next to it", 5, 6}, {11, "open at the end", 6, 7}}
	if !slices.Equal(f.Groups(), wantGroups) {
		t.Errorf("groups %v, want %v", f.Groups(), wantGroups)
	}
	g, err := Read(strings.NewReader(want), "w", Options{})
	if err != nil || !slices.Equal(g.Groups(), wantGroups) {
		t.Errorf("read back: %v, %v", g.Groups(), err)
	}
	sb.Reset()
	if _, err := (&Stream{Encode: grouped, Bare: true}).WriteTo(&sb); err != nil || strings.Contains(sb.String(), "c ") {
		t.Errorf("bare (%v):\n%s", err, sb.String())
	}
	inside := func(dst Adder) (int, error) {
		dst.Add(1)
		if m, ok := dst.(GroupMarker); ok {
			m.BeginGroup(1, "x")
		}
		dst.Add(0)
		return 1, nil
	}
	if _, err := (&Stream{Encode: inside}).WriteTo(&sb); err == nil || err.Error() != "dimacs: the encoder began a group inside a clause" {
		t.Errorf("group inside a clause: %v", err)
	}
}

// TestStreamGroupsRandom checks Stream against Formula.WriteTo on random
// sequences of clauses, group lines and group comments.
func TestStreamGroupsRandom(t *testing.T) {
	for seed := range uint64(300) {
		r := rand.New(rand.NewPCG(seed, 7))
		ops := make([]int, 5+r.IntN(30))
		for i := range ops {
			ops[i] = r.IntN(5)
		}
		enc := func(dst Adder) (int, error) {
			m, _ := dst.(GroupMarker)
			g, _ := dst.(Grouper)
			id := 0
			for k, op := range ops {
				switch {
				case op == 0 && m != nil:
					m.BeginGroup(0, "")
				case op == 1 && m != nil:
					id++
					m.BeginGroup(id, fmt.Sprintf("g%d", id))
				case op == 2 && g != nil:
					g.Groupf("comment %d", k)
				case op >= 3:
					dst.Add(1 + k%3)
					if op == 4 && g != nil {
						g.Groupf("inside %d", k)
					}
					dst.Add(0)
				}
			}
			return 3, nil
		}
		f, _ := Build(enc)
		var fb, sb bytes.Buffer
		f.WriteTo(&fb)
		if _, err := (&Stream{Encode: enc}).WriteTo(&sb); err != nil || sb.String() != fb.String() {
			t.Fatalf("seed %d ops %v: stream (%v)\n%s\nWriteTo\n%s", seed, ops, err, sb.String(), fb.String())
		}
		g, err := Read(strings.NewReader(fb.String()), "w", Options{})
		if err != nil || !slices.Equal(g.Groups(), f.Groups()) {
			t.Fatalf("seed %d: read back %v, built %v, %v", seed, g.Groups(), f.Groups(), err)
		}
	}
}
