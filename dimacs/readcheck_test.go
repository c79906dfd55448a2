package dimacs

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestReadCheck checks ReadCheck against Read followed by Formula.Check,
// its oracle: the same error (parse or model check, with exact text), and
// the same frame (variables, clauses, forwarded lines, quirk).
func TestReadCheck(t *testing.T) {
	const grouped = "c pipesat tool test\nc varname 1 a\np cnf 3 4\nc pipesat group 1 first\n1 2 0\nc pipesat group 2 empty\nc pipesat group 3 last\n-1 3 0\n2 -3 0\nc pipesat group 0\n1 2 3 0\n"
	tests := []struct {
		name, in string
		m        Model
		wantErr  string // exact, parse or check error; "" none
	}{
		{name: "satisfied", in: grouped, m: Model{0, 1, 1, 1}},
		{name: "no model", in: grouped},
		{name: "first clause", in: grouped, m: Model{0, -1, -1, 1},
			wantErr: "model check: clause 1 (line 5) falsified: 1 2 0"},
		{name: "last clause", in: "p cnf 3 3\n1 0\n2 0\n-3 -1 0\n", m: Model{0, 1, 1, 1},
			wantErr: "model check: clause 3 (line 4) falsified: -3 -1 0"},
		{name: "unassigned", in: "p cnf 3 2\n1 0\n2 3 0\n", m: Model{0, 1},
			wantErr: "model check: clause 2 (line 3) not satisfied (unassigned variables): 2 3 0"},
		{name: "empty clause", in: "p cnf 1 2\n1 0\n0\n", m: Model{0, 1},
			wantErr: "model check: clause 2 (line 3) falsified: 0"},
		{name: "clause over lines", in: "p cnf 3 2\n1 0\n-1\n-2 0\n", m: Model{0, 1, 1},
			wantErr: "model check: clause 2 (line 3) falsified: -1 -2 0"},
		{name: "parse error after a false clause", in: "p cnf 2 2\n-1 0\n2 x 0\n", m: Model{0, 1, 1},
			wantErr: "t.cnf:3:3: \"x\" is not a literal"},
		{name: "cut file", in: "p cnf 2 2\n-1 0\n", m: Model{0, 1, 1},
			wantErr: "t.cnf:3:1: found 1 clauses, the header declares 2"},
		{name: "quirk", in: "p cnf 2 2\r\n1 0\r\n2 0\r\n", m: Model{0, 1, 1}},
		// Names over several chunks of the line store, a line longer than
		// a chunk, other comments among them.
		{name: "many names", in: manyNames(), m: Model{0, 1, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, rerr := Read(strings.NewReader(tt.in), "t.cnf", Options{})
			var want error = rerr
			if rerr == nil && tt.m != nil {
				want = f.Check(tt.m)
			}
			fr, bad, err := ReadCheck(strings.NewReader(tt.in), "t.cnf", Options{}, tt.m)
			var got error = err
			if err == nil && bad != nil {
				got = bad
			}
			if errText(got) != errText(want) {
				t.Fatalf("ReadCheck: %v\nRead+Check: %v", got, want)
			}
			if errText(got) != tt.wantErr {
				t.Fatalf("error %q, want %q", errText(got), tt.wantErr)
			}
			if rerr != nil {
				if fr != nil || bad != nil {
					t.Fatalf("parse error, yet a frame %v or a check error %v", fr, bad)
				}
				return
			}
			if fr.Vars() != f.Vars || fr.NumClauses() != f.NumClauses() || fr.Quirk() != f.Quirk() || fr.DroppedComments() != f.DroppedComments() {
				t.Errorf("frame: vars %d clauses %d quirk %q dropped %d; Read: %d %d %q %d",
					fr.Vars(), fr.NumClauses(), fr.Quirk(), fr.DroppedComments(), f.Vars, f.NumClauses(), f.Quirk(), f.DroppedComments())
			}
			if g, w := forwarded(fr.WriteForwarded), forwarded(f.WriteForwarded); g != w {
				t.Errorf("forwarded\n%s\nwant (Read's)\n%s", g, w)
			}
		})
	}
}

// manyNames is a CNF whose comments fill several lineStore chunks.
func manyNames() string {
	var b strings.Builder
	b.WriteString("c pipesat tool test\np cnf 2 1\n")
	for i := range 5000 {
		fmt.Fprintf(&b, "c varname %d cell%d\nc a plain comment\n", i+1, i)
	}
	b.WriteString("c varname 9 " + strings.Repeat("x", lineChunk+10) + "\n1 2 0\n")
	return b.String()
}

func forwarded(write func(*bufio.Writer)) string {
	var sb strings.Builder
	w := bufio.NewWriter(&sb)
	write(w)
	w.Flush()
	return sb.String()
}

// TestReadCheckGroups pins the forwarded lines of a grouped formula: an
// empty group is left out, as Read leaves it out.
func TestReadCheckGroups(t *testing.T) {
	in := "c pipesat tool test\np cnf 2 2\nc pipesat group 1 a\n1 0\nc pipesat group 2 b\nc pipesat group 3 c\n2 0\n"
	fr, bad, err := ReadCheck(strings.NewReader(in), "t.cnf", Options{}, Model{0, 1, 1})
	if err != nil || bad != nil {
		t.Fatal(err, bad)
	}
	const want = "c pipesat tool test\nc pipesat group 1 a\nc pipesat group 3 c\n"
	if got := forwarded(fr.WriteForwarded); got != want {
		t.Errorf("forwarded\n%s\nwant\n%s", got, want)
	}
}

// FuzzReadCheck checks ReadCheck against its oracle, Read and then
// Formula.Check, on any input and a model made of seed's bits (each
// variable true, false or unassigned): the same parse error, else the
// same check error (or none), the same counts, quirk and forwarded lines.
func FuzzReadCheck(f *testing.F) {
	for _, tc := range cnfMalformed {
		f.Add([]byte(tc.in), uint64(0))
	}
	for _, tc := range cnfValid {
		f.Add([]byte(tc.in), uint64(1))
	}
	f.Add([]byte(cnfSmall), uint64(0x5555))
	f.Add([]byte("p cnf 3 3\n1 0\n2 0\n-3 -1 0\n"), uint64(0x15))
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) {
		opts := Options{MaxVars: 1 << 16, MaxClauses: 1 << 16}
		want, rerr := Read(bytes.NewReader(in), "fuzz", opts)
		var m Model
		if rerr == nil && seed != 0 {
			m = make(Model, min(want.Vars, 64)+1)
			for v := 1; v < len(m); v++ {
				m[v] = int8(seed>>(v%32*2)&3) - 1 // 3 reads as unassigned too
				if m[v] > 1 {
					m[v] = 0
				}
			}
		}
		fr, bad, err := ReadCheck(bytes.NewReader(in), "fuzz", opts, m)
		if err != nil || rerr != nil {
			if err == nil || rerr == nil || err.Error() != rerr.Error() {
				t.Fatalf("ReadCheck: %v, Read: %v", err, rerr)
			}
			if fr != nil || bad != nil {
				t.Fatal("a frame or a check error with a parse error")
			}
			return
		}
		var wantBad error
		if m != nil {
			wantBad = want.Check(m)
		}
		if bad == nil && wantBad != nil || bad != nil && (wantBad == nil || bad.Error() != wantBad.Error()) {
			t.Fatalf("ReadCheck: %v, Check: %v", bad, wantBad)
		}
		if fr.Vars() != want.Vars || fr.NumClauses() != want.NumClauses() || fr.Quirk() != want.Quirk() || fr.DroppedComments() != want.DroppedComments() {
			t.Fatalf("frame: vars %d clauses %d quirk %q dropped %d; Read: %d %d %q %d",
				fr.Vars(), fr.NumClauses(), fr.Quirk(), fr.DroppedComments(), want.Vars, want.NumClauses(), want.Quirk(), want.DroppedComments())
		}
		if g, w := forwarded(fr.WriteForwarded), forwarded(want.WriteForwarded); g != w {
			t.Fatalf("forwarded\n%s\nRead's\n%s", g, w)
		}
	})
}
