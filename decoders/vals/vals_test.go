package vals

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

const header = "c pipesat bool\nc pipesat primary 1-3\nc varname 1 a\nc varname 2 b\nc varname 3 c\n"

func TestWrite(t *testing.T) {
	tests := []struct {
		name, in string
		opts     Options
		want     string
		status   dimacs.Status
		wantErr  string
	}{
		{name: "one model", in: header + "s SATISFIABLE\nv 1 -2 3 4 0\n",
			want: "a = true\nb = false\nc = true\n", status: dimacs.Sat},
		{name: "enumeration sorted and counted",
			in:   header + "s SATISFIABLE\nv 1 2 -3 4 -5 0\ns SATISFIABLE\nv 1 -2 3 -4 5 0\ns SATISFIABLE\nv 1 -2 -3 -4 5 0\nc solutions 3\n",
			want: "a = true\nb = false\nc = false\n\na = true\nb = false\nc = true\n\na = true\nb = true\nc = false\nc solutions 3\n", status: dimacs.Sat},
		{name: "repeats on the printed variables dropped",
			in:   header + "s SATISFIABLE\nv 1 2 3 4 0\ns SATISFIABLE\nv 1 2 3 -4 0\nc solutions 2\n",
			want: "a = true\nb = true\nc = true\nc solutions 1\n", status: dimacs.Sat},
		{name: "several, no end", in: header + "s SATISFIABLE\nv 1 2 3 0\ns SATISFIABLE\nv -1 2 3 0\n",
			want: "a = false\nb = true\nc = true\n\na = true\nb = true\nc = true\nc at least 2 solutions\n", status: dimacs.Sat,
			wantErr: "count incomplete: the 2 models end with no count line and no final UNSATISFIABLE (the input may be cut short)"},
		{name: "max 2", in: header + "s SATISFIABLE\nv 1 2 3 0\ns SATISFIABLE\nv -1 2 3 0\nc limit 2 reached; more models may exist\nc solutions 2\n",
			want: "a = false\nb = true\nc = true\n\na = true\nb = true\nc = true\nc at least 2 solutions\n", status: dimacs.Sat,
			wantErr: "count incomplete: the enumeration stopped at its limit of 2 models; more may exist"},
		{name: "max 1: no count", in: header + "s SATISFIABLE\nv 1 2 3 0\nc limit 1 reached; more models may exist\nc solutions 1\n",
			want: "a = true\nb = true\nc = true\n", status: dimacs.Sat},
		{name: "timeout after one", in: header + "s SATISFIABLE\nv 1 2 3 0\nc UNKNOWN: timeout after 1 models; more may exist\n",
			want: "a = true\nb = true\nc = true\nc at least 1 solution\n", status: dimacs.Sat,
			wantErr: "count incomplete: the enumeration stopped after 1 models (timeout); more may exist"},
		{name: "solver failed", in: header + "s SATISFIABLE\nv 1 2 3 0\ns SATISFIABLE\nv -1 2 3 0\nc ERROR: picosat: signal: killed after 2 models; more may exist\n",
			want: "a = false\nb = true\nc = true\n\na = true\nb = true\nc = true\nc at least 2 solutions\n", status: dimacs.Sat,
			wantErr: "<stdin>:10:1: upstream solver failed after 2 models: picosat: signal: killed"},
		{name: "truncated", in: header + "s SATISFIABLE\nv 1 2 3", wantErr: "<stdin>:7:8: the input ends before the final 0 of the model of line 6"},
		{name: "empty", in: "", wantErr: "<stdin>:1:1: empty input: want a solver's answer"},
		{name: "primary range beyond the models", in: "c pipesat primary 1-268435455\ns SATISFIABLE\nv 1 -2 0\n", opts: Options{Primary: true},
			want: "1 = true\n2 = false\n", status: dimacs.Sat},
		{name: "unassigned", in: header + "s SATISFIABLE\nv 1 3 0\n",
			want: "a = true\nb = unassigned\nc = true\n", status: dimacs.Sat},
		{name: "true only", in: header + "s SATISFIABLE\nv 1 -2 3 0\n", opts: Options{True: true},
			want: "a\nc\n", status: dimacs.Sat},
		{name: "primary skips named auxiliaries",
			in:   "c pipesat primary 1-2\nc varname 1 x\nc varname 2 y\nc varname 3 aux\ns SATISFIABLE\nv -1 2 3 0\n",
			opts: Options{Primary: true}, want: "x = false\ny = true\n", status: dimacs.Sat},
		{name: "no names: numbers", in: "s SATISFIABLE\nv 1 -2 0\n",
			want: "1 = true\n2 = false\n", status: dimacs.Sat},
		{name: "unsat", in: header + "s UNSATISFIABLE\n", status: dimacs.Unsat},
		{name: "unknown", in: header + "s UNKNOWN\n", status: dimacs.Unknown},
		{name: "minisat result file", in: "SAT\n1 -2 0\n", want: "1 = true\n2 = false\n", status: dimacs.Sat},
		{name: "primary without range", in: "c varname 1 a\ns SATISFIABLE\nv 1 0\n", opts: Options{Primary: true},
			status: dimacs.Sat, wantErr: `no "c pipesat primary" line`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := dimacs.ReadOutput(strings.NewReader(tt.in), "<stdin>")
			if err != nil {
				t.Fatal(err)
			}
			h, err := ParseVarInfo(out.Pipesat)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			res, err := Write(&b, out, h, tt.opts)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("got error %v, want %s", err, tt.wantErr)
				}
				if dimacs.AfterOutput(err) && b.String() != tt.want {
					t.Errorf("got:\n%s\nwant:\n%s", b.String(), tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != tt.status {
				t.Errorf("status %v, want %v", res.Status, tt.status)
			}
			if b.String() != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", b.String(), tt.want)
			}
		})
	}
}

func TestParseHeaderErrors(t *testing.T) {
	for _, tt := range []struct{ line, want string }{
		{"varname x a", `bad variable name line "c varname x a"`},
		{"varname 3", `bad variable name line "c varname 3"`},
		// dimacs.ParsePrimary's texts, as satrun prints them.
		{"pipesat primary 5-2", `header "c pipesat primary 5-2": variable range "5-2" is backwards`},
		{"pipesat primary 1-3,x", `header "c pipesat primary 1-3,x": "x" in variable list "x" is not a variable (1, 2, ...)`},
		{"pipesat primary +1", `header "c pipesat primary +1": "+1" in variable list "+1" is not a variable (1, 2, ...)`},
		{"pipesat primary 1-268435457", `header "c pipesat primary 1-268435457": variable 268435457 is above the variable limit 268435456`},
	} {
		_, err := ParseVarInfo([]string{tt.line})
		if err == nil || err.Error() != tt.want {
			t.Errorf("%q: got %v, want %s", tt.line, err, tt.want)
		}
	}
	h, err := ParseVarInfo([]string{"pipesat primary 1-3,7", "varname 2 has spaces"})
	if err != nil {
		t.Fatal(err)
	}
	if !h.isPrimary(7) || h.isPrimary(5) || h.Names[2] != "has spaces" {
		t.Errorf("got %+v", h)
	}
	// With the CNF, its variable count bounds the list, as in satrun.
	_, _, err = ReadCNF(strings.NewReader("c pipesat primary 1-3\np cnf 2 0\n"), "f.cnf")
	if want := `f.cnf: header "c pipesat primary 1-3": variable 3 is above the formula's 2 variables`; err == nil || err.Error() != want {
		t.Errorf("ReadCNF: %v, want %s", err, want)
	}
}

func TestReadCNF(t *testing.T) {
	cnf := header + "c other comment\np cnf 5 2\n1 2 0\n-3 0\n"
	h, f, err := ReadCNF(strings.NewReader(cnf), "f.cnf")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ out, wantErr string }{
		{"s SATISFIABLE\nv 1 -3 0\n", ""},
		// The same check as satrun's: an unassigned literal satisfies
		// nothing, and "v 0" assigns nothing.
		{"s SATISFIABLE\nv -3 0\n", "model 1: model check: clause 1 (line 8) not satisfied (unassigned variables): 1 2 0"},
		{"s SATISFIABLE\nv 0\n", "model 1: model check: clause 1 (line 8) not satisfied (unassigned variables): 1 2 0"},
		{"s SATISFIABLE\nv -1 -2 -3 0\n", "model 1: model check: clause 1 (line 8) falsified: 1 2 0"},
		{"s SATISFIABLE\nv 1 -3 0\ns SATISFIABLE\nv 1 3 0\n", "model 2: model check: clause 2 (line 9) falsified: -3 0"},
	} {
		out, err := dimacs.ReadAnswer(strings.NewReader(tt.out), "out")
		if err != nil {
			t.Fatal(err)
		}
		_, err = Write(io.Discard, out, h, Options{Formula: f})
		if got := fmt.Sprint(err); tt.wantErr == "" && err != nil || tt.wantErr != "" && got != tt.wantErr {
			t.Errorf("%q: got %v, want %q", tt.out, err, tt.wantErr)
		}
	}
	if len(h.Names) != 3 || h.Names[3] != "c" || len(h.Primary) != 1 || h.Primary[0] != [2]int{1, 3} {
		t.Errorf("got %+v", h)
	}
	if _, _, err := ReadCNF(strings.NewReader("p cnf 1 1\n1 x 0\n"), "f.cnf"); err == nil || !strings.HasPrefix(err.Error(), "f.cnf:2:") {
		t.Errorf("bad CNF: got %v", err)
	}
}

// A formula header or a primary range that claims far more variables than
// the models hold does not make the list (and memory) grow.
func TestWriteHugeClaims(t *testing.T) {
	out, err := dimacs.ReadAnswer(strings.NewReader("c pipesat primary 1-268435455\ns SATISFIABLE\nv 1 -2 0\n"), "out")
	if err != nil {
		t.Fatal(err)
	}
	h, err := ParseVarInfo(out.Pipesat)
	if err != nil {
		t.Fatal(err)
	}
	f := &dimacs.Formula{Vars: 268435455}
	f.AddClause(1, 268435455)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var b bytes.Buffer
	_, err = Write(&b, out, h, Options{Primary: true, Formula: f})
	runtime.ReadMemStats(&after)
	if err != nil || b.String() != "1 = true\n2 = false\n" {
		t.Fatalf("got %q, %v", b.String(), err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 50<<20 {
		t.Errorf("allocated %d bytes", n)
	}
}

// TestReadCNFTooManyNames: a CNF whose header lines pass the bound Read
// keeps is refused, not decoded with names missing.
func TestReadCNFTooManyNames(t *testing.T) {
	var b strings.Builder
	n := dimacs.DefaultMaxComments/(len("varname 1 ")+90+16) + 10
	for range n {
		b.WriteString("c varname 1 " + strings.Repeat("n", 90) + "\n")
	}
	b.WriteString("p cnf 1 1\n1 0\n")
	_, _, err := ReadCNF(strings.NewReader(b.String()), "f.cnf")
	if want := "f.cnf: header comment lines (c pipesat, c varname) over 64 MiB: 10 more not read"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
