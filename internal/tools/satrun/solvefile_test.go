package satrun

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/solver"
)

// TestSolveFile runs each case twice, on the file (solveFile: the solver
// reads it itself, satrun checks the model in one pass after the answer)
// and on the same bytes from a reader that is no file (the Formula read
// while the solver runs on the canonical CNF), and wants the same exact
// output, error and exit status from both; the solver's log shows which
// way each took.
func TestSolveFile(t *testing.T) {
	clean(t)
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	const cnf = "c pipesat tool test\nc varname 1 a\np cnf 3 3\nc pipesat group 1 g\n1 2 0\n-1 3 0\n2 -3 0\n"
	tests := []struct {
		name, in, answer string
		cfg              config
		code             int
		out, err         string
	}{
		{name: "sat", in: cnf, answer: "s SATISFIABLE\nv 1 2 3 0\n", code: 10,
			out: "c pipesat tool test\nc varname 1 a\nc pipesat group 1 g\ns SATISFIABLE\nv 1 2 3 0\n"},
		{name: "model falsifies the last clause", in: cnf, answer: "s SATISFIABLE\nv 1 -2 3 0\n",
			out: "c pipesat tool test\nc varname 1 a\nc pipesat group 1 g\n",
			err: "sh: model check: clause 3 (line 7) falsified: 2 -3 0"},
		{name: "no verify", in: cnf, answer: "s SATISFIABLE\nv 1 -2 3 0\n", cfg: config{NoVerify: true}, code: 10,
			out: "c pipesat tool test\nc varname 1 a\nc pipesat group 1 g\ns SATISFIABLE\nv 1 -2 3 0\n"},
		{name: "unassigned completed", in: "p cnf 4 1\n1 0\n", answer: "s SATISFIABLE\nv 1 0\n", code: 10,
			out: "s SATISFIABLE\nv 1 -2 -3 -4 0\n"},
		{name: "minisat format", in: "p cnf 4 1\n1 0\n", answer: "s SATISFIABLE\nv 1 0\n", cfg: config{Format: dimacs.Minisat}, code: 10,
			out: "SAT\n1 -2 -3 -4 0\n"},
		{name: "unsat", in: cnf, answer: "s UNSATISFIABLE\n", code: 20,
			out: "c pipesat tool test\nc varname 1 a\nc pipesat group 1 g\ns UNSATISFIABLE\n"},
		{name: "unknown", in: cnf, answer: "s UNKNOWN\n", code: 0,
			out: "c pipesat tool test\nc varname 1 a\nc pipesat group 1 g\ns UNKNOWN\n"},
		{name: "model past the header", in: cnf, answer: "s SATISFIABLE\nv 1 2 3 4 0\n",
			out: "c pipesat tool test\nc varname 1 a\nc pipesat group 1 g\n",
			err: "sh: model has variable 4, the formula only 3"},
		{name: "parse error at the end", in: cnf + "1 0\n", answer: "s SATISFIABLE\nv 1 2 3 0\n",
			err: "t.cnf:8:1: more clauses than the header's 3"},
		{name: "project past the header", in: cnf, answer: "s SATISFIABLE\nv 1 2 3 0\n", cfg: config{Project: "1-9"},
			err: "--project: variable 9 is above the formula's 3 variables"},
		{name: "crlf: solved again on the canonical CNF", in: strings.ReplaceAll(cnf, "\n", "\r\n"), answer: "s SATISFIABLE\nv 1 2 3 0\n", code: 10,
			out: "c pipesat tool test\nc varname 1 a\nc pipesat group 1 g\ns SATISFIABLE\nv 1 2 3 0\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "t.cnf")
			if err := os.WriteFile(path, []byte(tt.in), 0o666); err != nil {
				t.Fatal(err)
			}
			ans := filepath.Join(dir, "answer")
			if err := os.WriteFile(ans, []byte(tt.answer), 0o666); err != nil {
				t.Fatal(err)
			}
			log := filepath.Join(dir, "log")
			// The fake reads the whole CNF, logs its argument and prints
			// the answer.
			s := &solver.External{Path: sh, Dialect: dimacs.Competition,
				Args: []string{"-c", `cat "$1" > /dev/null; echo "$1" >> "$0"; cat "$2"`, log, "{cnf}", ans}}
			run := func(file bool) (string, int, string, string) {
				os.Remove(log)
				cfg := tt.cfg
				cfg.Solver = s
				var in = bytes.NewReader([]byte(tt.in))
				var out, stderr bytes.Buffer
				var code int
				var err error
				if file {
					fh, ferr := os.Open(path)
					if ferr != nil {
						t.Fatal(ferr)
					}
					defer fh.Close()
					code, err = solve(context.Background(), cfg, fh, "t.cnf", &out, &stderr)
				} else {
					code, err = solve(context.Background(), cfg, in, "t.cnf", &out, &stderr)
				}
				runs, _ := os.ReadFile(log)
				return out.String(), code, errString(err), string(runs)
			}
			out, code, err, runs := run(true)
			if out != tt.out || code != tt.code || err != tt.err {
				t.Errorf("file: exit %d, error %q, output\n%s\nwant exit %d, error %q, output\n%s", code, err, out, tt.code, tt.err, tt.out)
			}
			if !strings.HasPrefix(runs, "/dev/stdin\n") {
				t.Errorf("the solver did not read the file itself: its arguments %q", runs)
			}
			if tt.cfg.Project == "" && strings.Contains(tt.in, "\r") != strings.Contains(runs, "pipesat-") {
				t.Errorf("the solver's runs %q: want a second on the canonical CNF only for a file with a quirk", runs)
			}
			out2, code2, err2, runs2 := run(false)
			if out2 != out || code2 != code || err2 != err {
				t.Errorf("reader: exit %d, error %q, output\n%s\nwant the file's", code2, err2, out2)
			}
			if strings.Contains(runs2, "/dev/stdin") {
				t.Errorf("from a reader, the solver got the file: %q", runs2)
			}
		})
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
