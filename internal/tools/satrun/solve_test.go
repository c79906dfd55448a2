package satrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/drat"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/pipesat/pipesat/solver"
)

const free2 = "c pipesat toy\nc other comment\np cnf 2 0\n"

func TestRun(t *testing.T) {
	gini := solver.Gini{}
	tests := []struct {
		name    string
		cfg     config
		in      string
		want    string
		code    int
		wantErr string
		usage   bool
	}{
		{name: "sat", in: "p cnf 2 1\n-1 0\n", want: "s SATISFIABLE\nv -1 -2 0\n", code: 10},
		{name: "unsat", in: "p cnf 1 2\n1 0\n-1 0\n", want: "s UNSATISFIABLE\n", code: 20},
		{name: "empty clause", in: "p cnf 0 1\n0\n", want: "s UNSATISFIABLE\n", code: 20},
		{name: "no variables", in: "p cnf 0 0\n", want: "s SATISFIABLE\nv 0\n", code: 10},
		{name: "header", in: free2, want: "c pipesat toy\ns SATISFIABLE\nv -1 -2 0\n", code: 10},
		{name: "all", cfg: config{Enumerate: true}, in: free2, code: 10,
			want: "c pipesat toy\ns SATISFIABLE\nv -1 -2 0\ns SATISFIABLE\nv 1 2 0\ns SATISFIABLE\nv -1 2 0\ns SATISFIABLE\nv 1 -2 0\nc solutions 4\n"},
		{name: "max", cfg: config{Enumerate: true, Max: 1}, in: free2, code: 10,
			want: "c pipesat toy\ns SATISFIABLE\nv -1 -2 0\nc limit 1 reached; more models may exist\nc solutions 1\n"},
		{name: "project", cfg: config{Enumerate: true, Project: "2"}, in: free2, code: 10,
			want: "c pipesat toy\ns SATISFIABLE\nv -1 -2 0\ns SATISFIABLE\nv -1 2 0\nc solutions 2\n"},
		{name: "all unsat", cfg: config{Enumerate: true}, in: "p cnf 1 2\n1 0\n-1 0\n", code: 20,
			want: "s UNSATISFIABLE\nc solutions 0\n"},
		{name: "assume", cfg: config{Assume: []int{2}}, in: free2, code: 10, want: "c pipesat toy\ns SATISFIABLE\nv -1 2 0\n"},
		{name: "minisat", cfg: config{Format: dimacs.Minisat}, in: "p cnf 2 1\n-1 0\n", want: "SAT\n-1 -2 0\n", code: 10},
		{name: "minisat unsat", cfg: config{Format: dimacs.Minisat}, in: "p cnf 1 2\n1 0\n-1 0\n", want: "UNSAT\n", code: 20},
		// minisat's result file has no comment lines (issue 20.13).
		{name: "minisat header", cfg: config{Format: dimacs.Minisat}, in: free2, want: "SAT\n-1 -2 0\n", code: 10},
		{name: "relaxed", cfg: config{Relaxed: true}, in: "p cnf 1 5\n1 0\n", want: "s SATISFIABLE\nv 1 0\n", code: 10},
		{name: "strict", in: "p cnf 1 5\n1 0\n", wantErr: "t.cnf:"},
		{name: "bad input", in: "p cnf 1 1\n2 0\n", wantErr: "t.cnf:2:1: "},
		{name: "bad primary ignored", in: "c pipesat primary 3\np cnf 2 0\n", want: "c pipesat primary 3\ns SATISFIABLE\nv -1 -2 0\n", code: 10},
		{name: "bad primary", cfg: config{Enumerate: true}, in: "c pipesat primary 3\np cnf 2 0\n", wantErr: `t.cnf: header "c pipesat primary 3": variable 3 is above the formula's 2 variables`},
		{name: "bad project", cfg: config{Project: "0"}, in: free2, usage: true, wantErr: `--project: "0" in variable list "0" is not a variable (1, 2, ...)`},
		{name: "bad assume", cfg: config{Assume: []int{-3}}, in: free2, usage: true, wantErr: "--assume -3: the formula has 2 variables"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.Solver = gini
			var out, errOut bytes.Buffer
			code, err := solve(context.Background(), tt.cfg, strings.NewReader(tt.in), "t.cnf", &out, &errOut)
			if tt.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				var ue *usage.Error
				if errors.As(err, &ue) != tt.usage {
					t.Fatalf("usage error %v, want %v", !tt.usage, tt.usage)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if code != tt.code || out.String() != tt.want {
				t.Fatalf("exit %d, output\n%s\nwant exit %d, output\n%s", code, out.String(), tt.code, tt.want)
			}
		})
	}
}

// liar answers with all variables true, whatever the formula.
type liar struct{}

func (liar) Name() string { return "liar" }
func (liar) Solve(_ context.Context, f *dimacs.Formula, _ []int) (*solver.Result, error) {
	m := dimacs.NewModel(f.Vars)
	for v := range m[1:] {
		m[v+1] = 1
	}
	return &solver.Result{Status: dimacs.Sat, Model: m}, nil
}

func TestRunRefusesWrongModel(t *testing.T) {
	var out bytes.Buffer
	_, err := solve(context.Background(), config{Solver: liar{}}, strings.NewReader("p cnf 2 2\n1 0\n-2 0\n"), "t.cnf", &out, &out)
	if err == nil || err.Error() != "liar: model check: clause 2 (line 3) falsified: -2 0" {
		t.Fatalf("error %v", err)
	}
	if strings.Contains(out.String(), "s SATISFIABLE") {
		t.Fatalf("printed the wrong model:\n%s", out.String())
	}
	code, err := solve(context.Background(), config{Solver: liar{}, NoVerify: true}, strings.NewReader("p cnf 2 2\n1 0\n-2 0\n"), "t.cnf", &out, &out)
	if err != nil || code != 10 {
		t.Fatalf("--no-verify: %d, %v", code, err)
	}
}

func TestRunTimeout(t *testing.T) {
	// Pigeonhole 10 into 9, unsatisfiable and slow for gini.
	var b strings.Builder
	n := 9
	v := func(p, h int) int { return p*n + h + 1 }
	var clauses []string
	for p := 0; p <= n; p++ {
		var c []string
		for h := 0; h < n; h++ {
			c = append(c, strconv.Itoa(v(p, h)))
		}
		clauses = append(clauses, strings.Join(c, " ")+" 0")
	}
	for h := 0; h < n; h++ {
		for p := 0; p <= n; p++ {
			for q := p + 1; q <= n; q++ {
				clauses = append(clauses, "-"+strconv.Itoa(v(p, h))+" -"+strconv.Itoa(v(q, h))+" 0")
			}
		}
	}
	b.WriteString("p cnf " + strconv.Itoa((n+1)*n) + " " + strconv.Itoa(len(clauses)) + "\n")
	b.WriteString(strings.Join(clauses, "\n") + "\n")
	var out, errOut bytes.Buffer
	code, err := solve(context.Background(), config{Solver: solver.Gini{}, Timeout: 200 * time.Millisecond, Stats: true}, strings.NewReader(b.String()), "php", &out, &errOut)
	if err != nil || code != 0 || out.String() != "s UNKNOWN\n" {
		t.Fatalf("exit %d, %v, output %q", code, err, out.String())
	}
	if !strings.Contains(errOut.String(), "c answer UNKNOWN\n") {
		t.Fatalf("stats:\n%s", errOut.String())
	}
	// Enumeration: every model of 20 free variables is more than 200 ms of
	// work for gini; the models found are printed, then "c UNKNOWN".
	out.Reset()
	code, err = solve(context.Background(), config{Solver: solver.Gini{}, Timeout: 200 * time.Millisecond, Enumerate: true}, strings.NewReader("p cnf 20 0\n"), "free", &out, &errOut)
	if err != nil || code != 10 {
		t.Fatalf("enumeration: exit %d, %v", code, err)
	}
	s := out.String()
	if !strings.HasPrefix(s, "s SATISFIABLE\n") || !strings.Contains(s, "\nc UNKNOWN: timeout after ") || strings.Contains(s, "c solutions") {
		t.Fatalf("enumeration output ends\n%s", s[max(0, len(s)-200):])
	}
}

// TestRunSolverFailsMidEnumeration: the solver crashes on its third call;
// the two verified models are printed, then the "c ERROR" line, and Run
// returns the error (exit status 1). Without --all the error alone. No
// process, temporary file or descriptor is left.
func TestRunSolverFailsMidEnumeration(t *testing.T) {
	crash3, err := filepath.Abs("../../../solver/testdata/fake/crash3.sh")
	if err != nil {
		t.Fatal(err)
	}
	for _, enumerate := range []bool{true, false} {
		t.Run(fmt.Sprint("enumerate=", enumerate), func(t *testing.T) {
			clean(t)
			count := filepath.Join(t.TempDir(), "count")
			t.Setenv("FAKE_COUNT", count)
			if !enumerate {
				os.WriteFile(count, []byte("2\n"), 0o666) // crash on the first call
			}
			s, err := solver.Command(crash3+" {cnf}", dimacs.Competition)
			if err != nil {
				t.Fatal(err)
			}
			var out, errOut bytes.Buffer
			in := strings.NewReader("c pipesat toy\np cnf 3 0\n")
			_, err = solve(context.Background(), config{Solver: s, Enumerate: enumerate}, in, "free3.cnf", &out, &errOut)
			wantErr := `crash3.sh: killed by signal 11 (segmentation fault): "call 3"`
			if err == nil || err.Error() != wantErr {
				t.Fatalf("error %v, want %q", err, wantErr)
			}
			want := "c pipesat toy\n"
			if enumerate {
				want += "s SATISFIABLE\nv -1 -2 -3 0\ns SATISFIABLE\nv 1 -2 -3 0\n" +
					`c ERROR: crash3.sh: killed by signal 11 (segmentation fault): "call 3" after 2 models; more may exist` + "\n"
			}
			if out.String() != want {
				t.Fatalf("output\n%s\nwant\n%s", out.String(), want)
			}
			wantNote := ""
			if enumerate {
				wantNote = "satrun: note: crash3.sh is started again for each model, with one more clause each time (the cost grows with the square of the count); cryptominisat5, picosat and gini list them in one run\n"
			}
			if errOut.String() != wantNote {
				t.Fatalf("stderr %q, want %q", errOut.String(), wantNote)
			}
			// What decoders read: the marker, with the reason and count.
			o, err := dimacs.ReadOutput(strings.NewReader(out.String()), "out")
			if err != nil {
				t.Fatal(err)
			}
			if enumerate && (o.Stop == nil || o.Stop.Kind != dimacs.StopError || o.Stop.Models != 2) {
				t.Fatalf("marker read as %+v", o.Stop)
			}
		})
	}
}

// TestRunCompletesModels: a solver that leaves variables out of its model
// (as minisat does with trailing unused ones) gets them printed false, in
// a plain run, with --format minisat and in an enumeration.
func TestRunCompletesModels(t *testing.T) {
	clean(t)
	s, err := solver.Command(`sh -c 'echo s SATISFIABLE; echo v 1 0; exit 10'`, dimacs.Competition)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		cfg  config
		want string
	}{
		{config{}, "s SATISFIABLE\nv 1 -2 -3 -4 -5 0\n"},
		{config{Format: dimacs.Minisat}, "SAT\n1 -2 -3 -4 -5 0\n"},
		{config{Enumerate: true, Max: 1}, "s SATISFIABLE\nv 1 -2 -3 -4 -5 0\nc limit 1 reached; more models may exist\nc solutions 1\n"},
	} {
		tt.cfg.Solver = s
		var out, errOut bytes.Buffer
		code, err := solve(context.Background(), tt.cfg, strings.NewReader("p cnf 5 1\n1 0\n"), "f5.cnf", &out, &errOut)
		if err != nil || code != 10 || out.String() != tt.want {
			t.Fatalf("%+v: exit %d, %v, output\n%s\nwant\n%s", tt.cfg, code, err, out.String(), tt.want)
		}
	}
}

// clean gives the test a private TMPDIR and checks when it ends that no
// child process, pipesat-* temporary file or open descriptor is left.
func clean(t *testing.T) {
	t.Helper()
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	fds := func() int {
		es, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd")
		}
		return len(es)
	}
	// The runtime opens its poller's descriptors (epoll, eventfd) on the
	// first pipe of the process and keeps them: open one first, so that a
	// test run alone does not count them as leaked.
	if r, w, err := os.Pipe(); err == nil {
		r.Close()
		w.Close()
	}
	before := fds()
	t.Cleanup(func() {
		me := strconv.Itoa(os.Getpid())
		var kids []string
		for i := 0; i < 200; i++ {
			kids = kids[:0]
			es, _ := os.ReadDir("/proc")
			for _, e := range es {
				b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
				if err != nil {
					continue
				}
				j := bytes.LastIndexByte(b, ')')
				f := strings.Fields(string(b[j+1:]))
				if len(f) >= 2 && f[1] == me && f[0] != "Z" && f[0] != "X" {
					kids = append(kids, string(b[:j+1]))
				}
			}
			if len(kids) == 0 {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if len(kids) > 0 {
			t.Errorf("processes left: %v", kids)
		}
		if left, _ := filepath.Glob(filepath.Join(tmp, "pipesat-*")); len(left) > 0 {
			t.Errorf("temporary files left: %v", left)
		}
		if after := fds(); after != before {
			t.Errorf("%d open file descriptors before, %d after", before, after)
		}
	})
}

// TestProofStats: --stats after a timeout that stopped the only proof
// check said "proofs checked 0 in 8.500s (last: 0 steps, ...)" (issue
// 20.13).
func TestProofStats(t *testing.T) {
	last := drat.Result{Steps: 14, Lemmas: 3, RAT: 1, Deletions: 2, IgnoredUnits: 0}
	for _, tt := range []struct {
		proven         int
		check, stopped time.Duration
		want           string
	}{
		{0, 0, 0, "c proofs checked 0"},
		{0, 0, 8500 * time.Millisecond, "c proofs checked 0; a check stopped unfinished after 8.500s"},
		{2, 1250 * time.Millisecond, 0,
			"c proofs checked 2 in 1.250s (last: 14 steps, 3 lemmas, 1 RAT, 2 deletions, 0 unit deletions ignored)"},
		{1, time.Second, 2 * time.Second,
			"c proofs checked 1 in 1.000s (last: 14 steps, 3 lemmas, 1 RAT, 2 deletions, 0 unit deletions ignored); a check stopped unfinished after 2.000s"},
	} {
		c := &solver.Certified{Proven: tt.proven, Check: tt.check, Stopped: tt.stopped}
		if tt.proven > 0 {
			c.Last = last
		}
		if got := proofStats(c); got != tt.want {
			t.Errorf("proofStats(proven %d, check %v, stopped %v) =\n%s\nwant\n%s", tt.proven, tt.check, tt.stopped, got, tt.want)
		}
	}
}

// repeatReader reads as line n times, from one buffer.
type repeatReader struct {
	chunk []byte
	n     int // chunks left
	buf   []byte
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if len(r.buf) == 0 {
		if r.n == 0 {
			return 0, io.EOF
		}
		r.buf, r.n = r.chunk, r.n-1
	}
	k := copy(p, r.buf)
	r.buf = r.buf[k:]
	return k, nil
}

// TestRunDroppedComments: header lines past dimacs.DefaultMaxComments are
// not forwarded, and satrun says so on stderr (issue 20.5).
func TestRunDroppedComments(t *testing.T) {
	line := "c varname 1 " + strings.Repeat("y", 87) + "\n" // costs 97+16 bytes kept
	n := 4096 * 160                                         // 65 MB of them
	in := io.MultiReader(strings.NewReader("c pipesat test 1\np cnf 1 1\n"),
		&repeatReader{chunk: []byte(strings.Repeat(line, 4096)), n: n / 4096},
		strings.NewReader("1 0\n"))
	var out, errOut strings.Builder
	code, err := solve(context.Background(), config{Solver: solver.Gini{}}, in, "names.cnf", &out, &errOut)
	if err != nil || code != 10 {
		t.Fatalf("exit %d, %v", code, err)
	}
	kept := (dimacs.DefaultMaxComments - (14 + 16)) / (97 + 16) // after "pipesat test 1"
	want := fmt.Sprintf("satrun: warning: names.cnf: %d header comment lines (c pipesat, c varname) past the first 64 MiB of them were dropped: the output does not forward them\n", n-kept)
	if errOut.String() != want {
		t.Errorf("stderr %q, want %q", errOut.String(), want)
	}
	if got := strings.Count(out.String(), "\nc varname 1 "); got != kept {
		t.Errorf("%d varname lines forwarded, want %d", got, kept)
	}
}
