package satrun

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/pipesat/pipesat/solver"
)

// TestSolveFile runs each case on the file (solveFile: the solver reads it
// itself, satrun checks the model in one pass after the answer), on a
// pipe (solveFile: spilled to a file the solver reads) and
// on the same bytes from a reader that is neither (the Formula read while
// the solver runs on the canonical CNF), with a solver that takes a file
// name and one that reads standard input, and wants the same exact
// output, error and exit status from all; the solver's log shows which
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
			// The fakes read the whole CNF, log a line saying what they
			// read (/dev/stdin or a temporary CNF; standard input: the
			// file, a pipe, or a pipe's spill, and how many pipesat-*
			// files TMPDIR holds) and print the answer.
			named := &solver.External{Path: sh, Dialect: dimacs.Competition,
				Args: []string{"-c", `cat "$2" > /dev/null; case $2 in /dev/stdin) echo file;; *) echo temp;; esac >> "$0"; cat "$1"`, log, ans, "{cnf}"}}
			stdin := &solver.External{Path: sh, Dialect: dimacs.Competition, Stdin: true,
				Args: []string{"-c", `cat > /dev/null; echo "$(readlink /proc/self/fd/0 | sed 's/:.*//; s|.*/||; s/^pipesat-.*/spill/') $(ls "$TMPDIR" | grep -c '^pipesat-')" >> "$0"; cat "$1"`, log, ans}}
			type result struct {
				out, err, runs string
				code           int
			}
			run := func(s solver.Solver, in io.Reader) result {
				os.Remove(log)
				cfg := tt.cfg
				cfg.Solver = s
				var out, stderr bytes.Buffer
				code, err := solve(context.Background(), cfg, in, "t.cnf", &out, &stderr)
				runs, _ := os.ReadFile(log)
				return result{out.String(), errString(err), string(runs), code}
			}
			open := func() *os.File {
				fh, err := os.Open(path)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { fh.Close() })
				return fh
			}
			quirk := strings.Contains(tt.in, "\r")
			twice := func(first, again string) string {
				if tt.cfg.Project != "" {
					return first // no answer wanted, nothing run again
				}
				if quirk {
					return first + again
				}
				return first
			}
			want := result{tt.out, tt.err, "", tt.code}
			for _, c := range []struct {
				way      string
				s        solver.Solver
				in       io.Reader
				wantRuns string
			}{
				{"file as {cnf}", named, open(), twice("file\n", "temp\n")},
				{"file as standard input", stdin, open(), twice("t.cnf 0\n", "pipe 0\n")},
				{"pipe, {cnf}", named, testenv.BlockingPipe(t, tt.in, 0), twice("file\n", "temp\n")},
				{"pipe, standard input", stdin, testenv.BlockingPipe(t, tt.in, 0), twice("spill 1\n", "pipe 0\n")},
				{"reader, {cnf}", named, strings.NewReader(tt.in), "temp\n"},
				{"reader, standard input", stdin, strings.NewReader(tt.in), "pipe 0\n"},
			} {
				got := run(c.s, c.in)
				runs := got.runs
				got.runs = ""
				if got != want {
					t.Errorf("%s: exit %d, error %q, output\n%s\nwant exit %d, error %q, output\n%s", c.way, got.code, got.err, got.out, want.code, want.err, want.out)
				}
				if strings.HasPrefix(c.way, "reader") && tt.err != "" {
					continue // stopped by the error, or not
				}
				if runs != c.wantRuns {
					t.Errorf("%s: the solver read %q, want %q", c.way, runs, c.wantRuns)
				}
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
