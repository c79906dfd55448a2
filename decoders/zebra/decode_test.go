package zebra

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/encoders/zebra"
)

const small = "n: A B\nc: x y\nsame A x\nwho: y\n"

// header returns the header comments zebra2cnf writes for src.
func header(t *testing.T, src string) string {
	p, err := zebra.ParseString(src, "p.txt")
	if err != nil {
		t.Fatal(err)
	}
	f := &dimacs.Formula{}
	zebra.Encode(f, p, cnfstyle.Style{Names: cnfstyle.All})
	var b strings.Builder
	for _, l := range f.Pipesat() {
		b.WriteString("c " + l + "\n")
	}
	return b.String()
}

func TestDecode(t *testing.T) {
	h := header(t, small)
	// Variables: A@1 A@2 B@1 B@2 x@1 x@2 y@1 y@2 = 1..8.
	good := "v 1 -2 -3 4 5 -6 -7 8 0\n"  // A x in 1, B y in 2
	other := "v -1 2 3 -4 -5 6 7 -8 0\n" // A x in 2, B y in 1
	table1 := "house  n  c\n1      A  x\n2      B  y\ny: B\n"
	table2 := "house  n  c\n1      B  y\n2      A  x\ny: B\n"
	p, _ := zebra.ParseString(small, "p.txt")
	tests := []struct {
		name, in string
		puzzle   *zebra.Puzzle
		want     string
		status   dimacs.Status
		uniq     dimacs.Uniqueness
		wantErr  string
	}{
		{name: "header", in: h + "s SATISFIABLE\n" + good, want: table1, status: dimacs.Sat},
		{name: "unique", in: h + "s SATISFIABLE\n" + good + "c solutions 1\n", want: table1 + "c unique solution\n", status: dimacs.Sat, uniq: dimacs.Unique},
		{name: "two sorted", in: h + "s SATISFIABLE\n" + other + "s SATISFIABLE\n" + good + "c solutions 2\n",
			want: table1 + "\n" + table2 + "c not unique: 2 solutions\n", status: dimacs.Sat, uniq: dimacs.NotUnique},
		{name: "two of max 2", in: h + "s SATISFIABLE\n" + other + "s SATISFIABLE\n" + good + "c limit 2 reached; more models may exist\nc solutions 2\n",
			want: table1 + "\n" + table2 + "c not unique: at least 2 solutions\n", status: dimacs.Sat, uniq: dimacs.NotUnique},
		{name: "max 1 not unique", in: h + "s SATISFIABLE\n" + good + "c limit 1 reached; more models may exist\nc solutions 1\n", want: table1, status: dimacs.Sat},
		{name: "solver failed", in: h + "s SATISFIABLE\n" + good + "c ERROR: kissat: exit status 1 after 1 models; more may exist\n", want: table1, status: dimacs.Sat,
			wantErr: "<stdin>:9:1: upstream solver failed after 1 models: kissat: exit status 1"},
		{name: "empty", in: "", wantErr: "<stdin>:1:1: empty input: want a solver's answer"},
		{name: "no final 0", in: h + "s SATISFIABLE\nv 1 -2 -3 4", wantErr: "<stdin>:8:12: the input ends before the final 0 of the model of line 7"},
		{name: "picosat all", in: "s SATISFIABLE\n" + good + "s SOLUTIONS 1\n", puzzle: p, want: table1 + "c unique solution\n", status: dimacs.Sat, uniq: dimacs.Unique},
		{name: "raw with puzzle", in: "s SATISFIABLE\n" + good, puzzle: p, want: table1, status: dimacs.Sat},
		{name: "raw without puzzle", in: "s SATISFIABLE\n" + good, status: dimacs.Sat,
			wantErr: `no "c pipesat zebra" header in the solver output`},
		{name: "unsat", in: h + "s UNSATISFIABLE\n", status: dimacs.Unsat},
		{name: "breaks a clue", in: h + "s SATISFIABLE\nv 1 -2 -3 4 -5 6 7 -8 0\n", status: dimacs.Sat,
			wantErr: `<header>:3: the solution breaks clue "same A x"`},
		{name: "two in a house", in: h + "s SATISFIABLE\nv 1 -2 3 -4 5 -6 -7 8 0\n", status: dimacs.Sat,
			wantErr: `the model puts both A and B in house 1`},
		{name: "second model bad", in: h + "s SATISFIABLE\n" + good + "s SATISFIABLE\nv 1 -2 -3 4 -5 6 7 -8 0\n", status: dimacs.Sat,
			wantErr: `model 2: <header>:3: the solution breaks clue "same A x"`},
		{name: "other puzzle", in: header(t, "n: A B\nc: x y\n") + "s SATISFIABLE\n" + good, puzzle: p, status: dimacs.Sat,
			wantErr: `the solver output is for another puzzle than p.txt`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := dimacs.ReadOutput(strings.NewReader(tt.in), "<stdin>")
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			res, err := Decode(&b, out, Options{Puzzle: tt.puzzle})
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("got error %v\nwant      %s", err, tt.wantErr)
				}
				if dimacs.AfterOutput(err) && b.String() != tt.want {
					t.Errorf("got:\n%s\nwant:\n%s", b.String(), tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != tt.status || res.Uniqueness != tt.uniq {
				t.Errorf("status %v uniqueness %v, want %v %v", res.Status, res.Uniqueness, tt.status, tt.uniq)
			}
			if b.String() != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", b.String(), tt.want)
			}
		})
	}
}
