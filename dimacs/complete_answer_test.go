package dimacs

import (
	"strings"
	"testing"
)

// TestWriteCompleteAnswer: unassigned variables up to vars are written
// false, assigned ones as they are, nothing above vars is added.
func TestWriteCompleteAnswer(t *testing.T) {
	m := Model{0, 1, 0, -1}
	tests := []struct {
		name    string
		minisat bool
		st      Status
		m       Model
		vars    int
		want    string
	}{
		{name: "fills gaps and the tail", st: Sat, m: m, vars: 5, want: "s SATISFIABLE\nv 1 -2 -3 -4 -5 0\n"},
		{name: "vars 0 is WriteAnswer", st: Sat, m: m, vars: 0, want: "s SATISFIABLE\nv 1 -3 0\n"},
		{name: "empty model", st: Sat, m: nil, vars: 2, want: "s SATISFIABLE\nv -1 -2 0\n"},
		{name: "no variables", st: Sat, m: Model{0}, vars: 0, want: "s SATISFIABLE\nv 0\n"},
		{name: "unsat", st: Unsat, m: nil, vars: 3, want: "s UNSATISFIABLE\n"},
		{name: "minisat", minisat: true, st: Sat, m: m, vars: 5, want: "SAT\n1 -2 -3 -4 -5 0\n"},
		{name: "minisat empty", minisat: true, st: Sat, m: nil, vars: 0, want: "SAT\n0\n"},
		{name: "minisat unknown", minisat: true, st: Unknown, m: nil, vars: 3, want: "INDET\n"},
	}
	for _, tt := range tests {
		var b strings.Builder
		var err error
		if tt.minisat {
			err = WriteCompleteMinisatAnswer(&b, tt.st, tt.m, tt.vars)
		} else {
			err = WriteCompleteAnswer(&b, tt.st, tt.m, tt.vars)
		}
		if err != nil || b.String() != tt.want {
			t.Errorf("%s: %q, %v; want %q", tt.name, b.String(), err, tt.want)
		}
	}
	// The same bytes as the completed model written out, across the
	// decimal carries of the tail, which starts anywhere in a decade.
	for _, vars := range []int{1, 9, 10, 11, 99, 100, 999, 1000, 10001, 123456} {
		for _, given := range []Model{nil, {0}, {0, 1}, {0, -1, 0, 1}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
			make(Model, 96), make(Model, 100), make(Model, 990), make(Model, 1000), make(Model, 9999)} {
			full := NewModel(max(vars, given.Vars()))
			for v := 1; v < len(full); v++ {
				if v <= vars {
					full[v] = -1
				}
				if v < len(given) && given[v] != 0 {
					full[v] = given[v]
				}
			}
			var got, want strings.Builder
			WriteCompleteAnswer(&got, Sat, given, vars)
			WriteAnswer(&want, Sat, full)
			if got.String() != want.String() {
				t.Fatalf("vars %d, model %v: differs from the written-out model", vars, given)
			}
			got.Reset()
			want.Reset()
			WriteCompleteMinisatAnswer(&got, Sat, given, vars)
			WriteMinisatAnswer(&want, Sat, full)
			if got.String() != want.String() {
				t.Fatalf("minisat: vars %d, model %v: differs from the written-out model", vars, given)
			}
		}
	}
	// A long completion wraps at AnswerWidth like any model.
	var b strings.Builder
	WriteCompleteAnswer(&b, Sat, nil, 100000)
	for i, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if len(l) > AnswerWidth {
			t.Fatalf("line %d has %d columns", i+1, len(l))
		}
	}
	if !strings.HasSuffix(b.String(), " -100000 0\n") {
		t.Fatalf("ends %q", b.String()[b.Len()-20:])
	}
}
