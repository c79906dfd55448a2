package dimacs

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func outModel(lits ...int) Model {
	var m Model
	for _, l := range lits {
		m.Set(l)
	}
	return m
}

func TestWriteAnswer(t *testing.T) {
	for _, tc := range []struct {
		name    string
		st      Status
		m       Model
		want    string
		minisat string
	}{
		{"sat", Sat, outModel(1, -2, 3), "s SATISFIABLE\nv 1 -2 3 0\n", "SAT\n1 -2 3 0\n"},
		{"partial", Sat, outModel(-4, 2), "s SATISFIABLE\nv 2 -4 0\n", "SAT\n2 -4 0\n"},
		{"empty model", Sat, NewModel(0), "s SATISFIABLE\nv 0\n", "SAT\n0\n"},
		{"nil model", Sat, nil, "s SATISFIABLE\nv 0\n", "SAT\n0\n"},
		{"all unassigned", Sat, NewModel(5), "s SATISFIABLE\nv 0\n", "SAT\n0\n"},
		{"unsat", Unsat, nil, "s UNSATISFIABLE\n", "UNSAT\n"},
		{"unsat ignores model", Unsat, outModel(1), "s UNSATISFIABLE\n", "UNSAT\n"},
		{"unknown", Unknown, nil, "s UNKNOWN\n", "INDET\n"},
		{
			// " -1001" is 6 columns: "v" + 12*6 = 73 and a 13th literal
			// would make 79, so it starts the next line.
			"wrap", Sat, outModel(-1001, -1002, -1003, -1004, -1005, -1006, -1007, -1008, -1009, -1010, -1011, -1012, -1013),
			"s SATISFIABLE\nv -1001 -1002 -1003 -1004 -1005 -1006 -1007 -1008 -1009 -1010 -1011 -1012\nv -1013 0\n",
			"SAT\n-1001 -1002 -1003 -1004 -1005 -1006 -1007 -1008 -1009 -1010 -1011 -1012 -1013 0\n",
		},
		{
			// Exactly 78 columns: "v" + 11*7 = 78; the final 0 wraps.
			"full line", Sat, outModel(-10001, -10002, -10003, -10004, -10005, -10006, -10007, -10008, -10009, -10010, -10011),
			"s SATISFIABLE\nv -10001 -10002 -10003 -10004 -10005 -10006 -10007 -10008 -10009 -10010 -10011\nv 0\n",
			"SAT\n-10001 -10002 -10003 -10004 -10005 -10006 -10007 -10008 -10009 -10010 -10011 0\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteAnswer(&b, tc.st, tc.m); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("WriteAnswer wrote\n%s\nwant\n%s", b.String(), tc.want)
			}
			b.Reset()
			if err := WriteMinisatAnswer(&b, tc.st, tc.m); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.minisat {
				t.Errorf("WriteMinisatAnswer wrote\n%s\nwant\n%s", b.String(), tc.minisat)
			}
		})
	}
}

func TestWriteAnswerBadStatus(t *testing.T) {
	var b bytes.Buffer
	if err := WriteAnswer(&b, Status(5), nil); err == nil || err.Error() != "dimacs: cannot write status 5" {
		t.Errorf("WriteAnswer: got %v", err)
	}
	if err := WriteMinisatAnswer(&b, Status(-1), nil); err == nil || err.Error() != "dimacs: cannot write status -1" {
		t.Errorf("WriteMinisatAnswer: got %v", err)
	}
	if b.Len() != 0 {
		t.Errorf("wrote %q", b.String())
	}
}

type outFailWriter struct{ n int }

func (w *outFailWriter) Write(p []byte) (int, error) {
	if w.n <= 0 {
		return 0, errors.New("disk full")
	}
	w.n--
	return len(p), nil
}

func TestWriteAnswerWriteError(t *testing.T) {
	big := NewModel(100000)
	for v := 1; v <= 100000; v++ {
		big[v] = 1
	}
	for _, n := range []int{0, 1, 3} {
		if err := WriteAnswer(&outFailWriter{n: n}, Sat, big); err == nil || err.Error() != "disk full" {
			t.Errorf("WriteAnswer after %d writes: got %v", n, err)
		}
		if err := WriteMinisatAnswer(&outFailWriter{n: n}, Sat, big); err == nil || err.Error() != "disk full" {
			t.Errorf("WriteMinisatAnswer after %d writes: got %v", n, err)
		}
	}
	if err := WriteAnswer(&outFailWriter{}, Unsat, nil); err == nil {
		t.Error("WriteAnswer Unsat: no error")
	}
}

// ReadOutput reads back what WriteAnswer and WriteMinisatAnswer write: the
// same status and model, unassigned variables included.
func TestAnswerRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200; i++ {
		n := rng.IntN(3000)
		if i%50 == 0 {
			n = 200000
		}
		m := NewModel(n)
		last := 0
		for v := 1; v <= n; v++ {
			m[v] = int8(rng.IntN(3) - 1)
			if m[v] != 0 {
				last = v
			}
		}
		st := []Status{Sat, Sat, Unsat, Unknown}[i%4]
		for _, w := range []struct {
			write   func(*bytes.Buffer) error
			dialect Dialect
		}{
			{func(b *bytes.Buffer) error { return WriteAnswer(b, st, m) }, Competition},
			{func(b *bytes.Buffer) error { return WriteMinisatAnswer(b, st, m) }, Minisat},
		} {
			var b bytes.Buffer
			if err := w.write(&b); err != nil {
				t.Fatal(err)
			}
			if w.dialect == Competition {
				for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
					if len(line) > AnswerWidth {
						t.Fatalf("line of %d columns: %q", len(line), line)
					}
				}
			}
			o, err := ReadOutput(&b, "t")
			if err != nil {
				t.Fatal(err)
			}
			if o.Dialect != w.dialect || len(o.Answers) != 1 || o.Answers[0].Status != st {
				t.Fatalf("%s: read back %q in %q", w.dialect, outAnswers(o), o.Dialect)
			}
			if st != Sat {
				continue
			}
			// The model read back ends at the last assigned variable.
			if got := o.Answers[0].Model; !reflect.DeepEqual(got, m[:last+1]) {
				t.Fatalf("%s: model of %d variables read back as %d variables, differing", w.dialect, n, got.Vars())
			}
		}
	}
}
