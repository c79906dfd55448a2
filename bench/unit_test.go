package bench

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func TestReadSuite(t *testing.T) {
	tests := []struct {
		name, in string
		want     []Instance
		wantErr  string
	}{
		{name: "plain", in: "# c\n\na.cnf\n /abs/b.cnf.xz \n", want: []Instance{
			{Name: "s/a.cnf", Path: "s/a.cnf"}, {Name: "/abs/b.cnf.xz", Path: "/abs/b.cnf.xz"}}},
		{name: "encoded", in: "p.non | nono2cnf --encoding runs {} | cat\n- | queens2cnf --n 8", want: []Instance{
			{Name: "s/p.non | nono2cnf --encoding runs {} | cat", Path: "s/p.non", Encode: "nono2cnf --encoding runs {} | cat"},
			{Name: "- | queens2cnf --n 8", Path: "-", Encode: "queens2cnf --n 8"}}},
		{name: "no path", in: "a.cnf\n | x\n", wantErr: `suite.txt:2:2: no instance path before "|"`},
		{name: "no command", in: "p.non |  \n", wantErr: `suite.txt:1:7: no encoder command after "|"`},
		{name: "dash alone", in: "-\n", wantErr: `suite.txt:1:1: "-" (no input file) needs an encoder command: "- | CMD"; write "./-" for a file named "-"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadSuite(strings.NewReader(tt.in), "suite.txt", "s")
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("%d: got %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

// TestSuites checks that every file the suites name exists.
func TestSuites(t *testing.T) {
	for _, s := range []string{"small.txt", "medium.txt"} {
		is, err := ReadSuiteFile(filepath.Join("..", "testdata", "bench", s))
		if err != nil {
			t.Fatal(err)
		}
		if len(is) < 10 {
			t.Errorf("%s: %d instances", s, len(is))
		}
		for _, in := range is {
			if in.Path == "-" {
				continue
			}
			if _, err := os.Stat(in.Path); err != nil {
				t.Errorf("%s: %v", s, err)
			}
		}
	}
}

// TestSuiteRandomFiles regenerates each file of testdata/bench/random from
// its "made by" comment: gen must make the same bytes.
func TestSuiteRandomFiles(t *testing.T) {
	files, _ := filepath.Glob("../testdata/bench/random/*.cnf")
	if len(files) == 0 {
		t.Fatal("no files")
	}
	for _, p := range files {
		want, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var opt GenOptions
		for _, l := range strings.Split(string(want), "\n") {
			cmd, ok := strings.CutPrefix(l, "c made by: satbench gen ")
			if !ok {
				continue
			}
			fs := flag.NewFlagSet("gen", flag.ContinueOnError)
			fs.IntVar(&opt.K, "k", 3, "")
			fs.IntVar(&opt.Vars, "vars", 0, "")
			fs.Float64Var(&opt.Ratio, "ratio", 4.26, "")
			fs.Uint64Var(&opt.Seed, "seed", 1, "")
			fs.IntVar(&opt.PHP, "php", 0, "")
			if err := fs.Parse(strings.Fields(cmd)); err != nil {
				t.Fatal(err)
			}
		}
		var got bytes.Buffer
		if err := GenCommand(opt, &got); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%s: satbench gen %+v makes different bytes", p, opt)
		}
	}
}

func TestGen(t *testing.T) {
	var f dimacs.Formula
	if err := RandomKSAT(&f, 3, 50, 4.26, 9); err != nil {
		t.Fatal(err)
	}
	if f.Vars != 50 || f.NumClauses() != 213 || f.NumLits() != 639 {
		t.Errorf("vars %d clauses %d lits %d, want 50 213 639", f.Vars, f.NumClauses(), f.NumLits())
	}
	for i := range f.NumClauses() {
		c := f.Clause(i)
		if len(c) != 3 {
			t.Fatalf("clause %d: %v", i, c)
		}
		for j := range c {
			for k := j + 1; k < len(c); k++ {
				if c[j] == c[k] || c[j] == -c[k] {
					t.Errorf("clause %d repeats a variable: %v", i, c)
				}
			}
		}
	}
	var p dimacs.Formula
	if err := Pigeonhole(&p, 4); err != nil {
		t.Fatal(err)
	}
	// 5 pigeon clauses, 4 holes x C(5,2) pair clauses.
	if p.Vars != 20 || p.NumClauses() != 5+4*10 {
		t.Errorf("php 4: vars %d clauses %d", p.Vars, p.NumClauses())
	}
	for _, tt := range []struct {
		k, vars int
		ratio   float64
		wantErr string
	}{
		{0, 10, 4, "k = 0: need at least 1 literal per clause"},
		{3, 2, 4, "2 variables: need at least k = 3"},
		{3, 1 << 30, 4, "1073741824 variables: at most 16777216"},
		{3, 100, -1, "ratio -1: need 0 < ratio and at most 67108864 clauses"},
		{3, 1 << 24, 1e9, "ratio 1e+09: need 0 < ratio and at most 67108864 clauses"},
	} {
		err := RandomKSAT(&dimacs.Formula{}, tt.k, tt.vars, tt.ratio, 1)
		if err == nil || err.Error() != tt.wantErr {
			t.Errorf("RandomKSAT(%d, %d, %g): %v, want %q", tt.k, tt.vars, tt.ratio, err, tt.wantErr)
		}
	}
}

func TestParseSize(t *testing.T) {
	for _, tt := range []struct {
		in      string
		want    int64
		wantErr bool
	}{
		{"512", 512 << 20, false}, {"512M", 512 << 20, false}, {"2G", 2 << 30, false},
		{"2GiB", 2 << 30, false}, {"1.5g", 3 << 29, false}, {"64k", 64 << 10, false}, {"1T", 1 << 40, false},
		{"", 0, true}, {"x", 0, true}, {"-1G", 0, true}, {"9999999999T", 0, true},
		{"512B", 0, true}, {"1iB", 0, true}, {"1I", 0, true}, {"NaN", 0, true}, {"nanM", 0, true}, {"inf", 0, true}, {"B", 0, true},
		{"64KB", 64 << 10, false}, {" 3 mib ", 3 << 20, false},
	} {
		got, err := ParseSize(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
}

func TestReadRows(t *testing.T) {
	in := `{"solver":"a","instance":"x","rep":1,"status":"SAT","wall":1}` + "\n\n" +
		`{"solver":"b","instance":"x","rep":1,"status":"UNSAT","wall":2}` + "\n" +
		`{"solver":"c","inst` // a run killed while writing
	rows, torn, err := ReadRows(strings.NewReader(in), "r.jsonl")
	if err != nil || len(rows) != 2 || rows[1].Solver != "b" || torn != 4 {
		t.Fatalf("%+v, torn %d, %v; want 2 rows, torn 4", rows, torn, err)
	}
	// Blanks after the last newline are no torn line.
	if _, torn, err := ReadRows(strings.NewReader(in[:strings.LastIndexByte(in, '\n')+1]+" \t"), "r.jsonl"); err != nil || torn != 0 {
		t.Errorf("trailing blanks: torn %d, %v; want 0", torn, err)
	}
	for _, tt := range []struct{ in, wantErr string }{
		{"{\"solver\":\"a\"\n", "r.jsonl:1: unexpected end of JSON input"},
		{"\n[1]\n", "r.jsonl:2: json: cannot unmarshal array into Go value of type bench.Row"},
		{"{\"solver\":\"a\",\"instance\":\"x\"}\n", "r.jsonl:1: not a result row (no solver, instance or status)"},
	} {
		if _, _, err := ReadRows(strings.NewReader(tt.in), "r.jsonl"); err == nil || err.Error() != tt.wantErr {
			t.Errorf("%q: %v, want %q", tt.in, err, tt.wantErr)
		}
	}
}

func TestAppenderCutsPartialLine(t *testing.T) {
	p := filepath.Join(t.TempDir(), "r.jsonl")
	os.WriteFile(p, []byte(`{"solver":"a","instance":"x","rep":1,"status":"SAT"}`+"\n"+`{"solver":"b","ins`), 0o644)
	a, err := OpenAppender(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Append(&Row{Solver: "c", Instance: "x", Rep: 1, Status: "UNSAT"}); err != nil {
		t.Fatal(err)
	}
	a.Close()
	rows, _, err := ReadRowsFile(p)
	if err != nil || len(rows) != 2 || rows[0].Solver != "a" || rows[1].Solver != "c" {
		t.Errorf("%+v %v", rows, err)
	}
	// A file with no newline at all is one partial line.
	os.WriteFile(p, []byte(`{"solver"`), 0o644)
	a, _ = OpenAppender(p)
	a.Close()
	if b, _ := os.ReadFile(p); len(b) != 0 {
		t.Errorf("left %q", b)
	}
}

// stuckWriter is a reader's pipe that is never read: Write says it
// started, then waits until release closes.
type stuckWriter struct {
	started chan struct{}
	release chan struct{}
	writes  int
}

func (w *stuckWriter) Write(p []byte) (int, error) {
	w.writes++
	close(w.started)
	<-w.release
	return len(p), nil
}

// TestAppenderStopOn: an Append to standard output that waits for a
// reader that never reads returns ErrStopped once the stop channel
// closes, and every Append after that returns it without writing.
func TestAppenderStopOn(t *testing.T) {
	w := &stuckWriter{started: make(chan struct{}), release: make(chan struct{})}
	defer close(w.release)
	a := NewAppender(w)
	stop := make(chan struct{})
	a.StopOn(stop)
	errc := make(chan error, 1)
	go func() { errc <- a.Append(&Row{Solver: "s", Instance: "x", Rep: 1, Status: "SAT"}) }()
	<-w.started
	close(stop)
	select {
	case err := <-errc:
		if err != ErrStopped || err.Error() != "stopped: the results' reader had not read the rows written" {
			t.Errorf("Append after stop: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Append still waits 20 s after stop closed")
	}
	if err := a.Append(&Row{Solver: "s", Instance: "x", Rep: 2, Status: "SAT"}); err != ErrStopped || w.writes != 1 {
		t.Errorf("second Append: %v after %d writes; want ErrStopped after 1", err, w.writes)
	}
}

func TestMerge(t *testing.T) {
	a := []Row{{Solver: "s", Instance: "y", Rep: 1, Status: "SAT", Wall: 1}, {Solver: "s", Instance: "x", Rep: 2, Status: "SAT"}}
	b := []Row{{Solver: "s", Instance: "y", Rep: 1, Status: "TIMEOUT", Wall: 2}, {Solver: "r", Instance: "x", Rep: 1, Status: "SAT"}}
	rows, dups := Merge(a, b)
	var got []string
	for _, r := range rows {
		got = append(got, r.Solver+" "+r.Instance+" "+r.Status)
	}
	if dups != 1 || strings.Join(got, ",") != "r x SAT,s x SAT,s y TIMEOUT" {
		t.Errorf("dups %d, rows %v", dups, got)
	}
}

// goldenRows are made-up rows with round times, so the report's numbers
// can be checked by hand: limit 10 s, so an unsolved run scores 20.
var goldenRows = `{"solver":"fast","instance":"a.cnf","rep":1,"status":"SAT","verified":true,"wall":1,"timeout":10}
{"solver":"fast","instance":"b.cnf","rep":1,"status":"UNSAT","wall":4,"timeout":10}
{"solver":"fast","instance":"c.non | nono2cnf {}","rep":1,"status":"TIMEOUT","wall":10,"timeout":10}
{"solver":"slow","instance":"a.cnf","rep":1,"status":"SAT","verified":true,"wall":2,"timeout":10}
{"solver":"slow","instance":"b.cnf","rep":1,"status":"MEMOUT","wall":3,"timeout":10}
{"solver":"slow","instance":"c.non | nono2cnf {}","rep":1,"status":"ERROR","wall":0.5,"timeout":10,"error":"wrong model"}
{"solver":"bad","instance":"a.cnf","rep":1,"status":"UNKNOWN","wall":1,"timeout":10}
{"solver":"bad","instance":"b.cnf","rep":1,"status":"SAT","verified":true,"wall":0.5,"timeout":10}
`

func TestReportGolden(t *testing.T) {
	rows, _, err := ReadRows(strings.NewReader(goldenRows), "golden")
	if err != nil {
		t.Fatal(err)
	}
	rep := Summarize(rows)
	// By hand: fast solved 2 of 3, PAR-2 (1+4+20)/3, geo-mean (1*4*20)^(1/3).
	f := rep.Solvers[0]
	if f.Solver != "fast" || f.Solved != 2 || f.PAR2 != 25.0/3 || f.Total != 15 || f.GeoMean < 4.3088 || f.GeoMean > 4.3089 {
		t.Errorf("fast: %+v", f)
	}
	var b bytes.Buffer
	rep.WriteMarkdown(&b)
	b.WriteString("\n")
	rep.WriteCSV(&b, false)
	b.WriteString("\n")
	rep.WriteCSV(&b, true)
	b.WriteString("\n")
	rep.WriteJSON(&b)
	golden(t, "testdata/report.golden", b.Bytes())
	if d := Disagreements(rows); len(d) != 1 || d[0].String() != "DISAGREEMENT on b.cnf: SAT by [bad], UNSAT by [fast]" {
		t.Errorf("disagreements %v", d)
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test -update to rewrite); got:\n%s", path, got)
	}
}

// TestFirstError: an ERROR row quotes the first line of the run's standard
// error that is not a comment, the error itself, rather than its last line,
// which may be the caret under the offending input (issue 20.10).
func TestFirstError(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"satrun: p.non:1:1: \"width\" is not a literal\nwidth 3\n^\n", `satrun: p.non:1:1: "width" is not a literal`},
		{"c pipesat satrun\nc\n\n  oops, segfault  \nlater\n", "oops, segfault"},
		{"", "no message"},
		{"c only comments\n\n", "no message"},
		{"no newline", "no newline"},
		{strings.Repeat("x", 10000) + "\n", strings.Repeat("x", 200) + "..."},
		{strings.Repeat(" ", 5000) + "\nsecond\n", "second"},
	} {
		p := filepath.Join(t.TempDir(), "err")
		if err := os.WriteFile(p, []byte(tt.in), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := firstError(p); got != tt.want {
			t.Errorf("firstError(%.40q) = %.60q, want %.60q", tt.in, got, tt.want)
		}
	}
	if got := firstError(filepath.Join(t.TempDir(), "none")); got != "no message" {
		t.Errorf("missing file: %q", got)
	}
}
