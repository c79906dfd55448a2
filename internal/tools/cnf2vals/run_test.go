package cnf2vals

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	ab := filepath.Join(dir, "ab.cnf") // a & b, with names
	os.WriteFile(ab, []byte("c pipesat bool\nc pipesat primary 1-2\nc varname 1 a\nc varname 2 b\np cnf 2 2\n1 0\n2 0\n"), 0o644)
	out := filepath.Join(dir, "vals.txt")
	usage := "usage: cnf2vals [flags] [FILE]\n"
	named := "c pipesat primary 1\nc varname 1 a\nc varname 2 t1\ns SATISFIABLE\nv 1 -2 0\n"
	tests := []struct {
		name           string
		stdin          string
		args           []string
		code           int
		stdout, stderr string
	}{
		{"names", named, nil, 0, "a = true\nt1 = false\n", ""},
		{"primary true", named, []string{"--primary", "--true"}, 0, "a\n", ""},
		{"names from --cnf", "s SATISFIABLE\nv 1 2 0\n", []string{"--cnf", ab}, 0, "a = true\nb = true\n", ""},
		{"-o", named, []string{"-o", out, "-"}, 0, "", ""},
		{"model against --cnf", "s SATISFIABLE\nv 1 -2 0\n", []string{"--cnf", ab}, 1, "",
			"cnf2vals: model 1: model check: clause 2 (line 7) falsified: 2 0\n"},
		{"unsat", "s UNSATISFIABLE\n", nil, 20, "", "cnf2vals: no solution\n"},
		{"bad header", "c pipesat primary 0\ns SATISFIABLE\nv 1 0\n", nil, 1, "",
			"cnf2vals: <stdin>:1:1: header \"c pipesat primary 0\": \"0\" in variable list \"0\" is not a variable (1, 2, ...)\nc pipesat primary 0\n^\n"},
		{"no --cnf file", "", []string{"--cnf", "/nonexistent"}, 1, "", "cnf2vals: open /nonexistent: no such file or directory\n"},
		{"bad --cnf", "", []string{"--cnf", "-", "x"}, 1, "", "cnf2vals: <stdin>:1:1: missing \"p cnf VARS CLAUSES\" header\n"},
		{"two files", "", []string{"a", "b"}, 2, "", "cnf2vals: unexpected argument \"b\"\n" + usage},
		{"primary without its line", "s SATISFIABLE\nv 1 0\n", []string{"--primary"}, 1, "",
			"cnf2vals: --primary: no \"c pipesat primary\" line (pipe through satrun, or give --cnf FILE)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { cmdiotest.Expect(t, Tool(""), tt.stdin, tt.args, tt.code, tt.stdout, tt.stderr) })
	}
	if b, err := os.ReadFile(out); string(b) != "a = true\nt1 = false\n" {
		t.Errorf("-o wrote %q, %v", b, err)
	}
}
