package satrun

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
	"github.com/pipesat/pipesat/internal/testenv"
)

// TestLongComment: a comment line of 3 MiB, which kissat, cadical and
// minisat read, is read by satrun too, from standard input and from a file,
// with the embedded solver and the installed ones; a header comment line
// that long, which satrun would keep, is an error saying why (issue 33.6).
func TestLongComment(t *testing.T) {
	long := strings.Repeat("x", 3<<20)
	cnf := "c pipesat toy\nc " + long + "\np cnf 2 2\n1 -2 0\nc " + long + "\n2 0\n"
	file := filepath.Join(t.TempDir(), "long.cnf")
	if err := os.WriteFile(file, []byte(cnf), 0o666); err != nil {
		t.Fatal(err)
	}
	const want = "c pipesat toy\ns SATISFIABLE\nv 1 2 0\n"
	for _, s := range []string{"gini", "minisat", "cadical", "kissat"} {
		if s != "gini" {
			if _, err := exec.LookPath(s); err != nil && !testenv.Required(s) {
				continue
			}
		}
		for _, args := range [][]string{{"--solver", s}, {"--solver", s, file}} {
			code, stdout, stderr := cmdiotest.Run(Tool(""), cnf, args...)
			if code != 10 || stdout != want || stderr != "" {
				t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
			}
		}
	}
	code, stdout, stderr := cmdiotest.Run(Tool(""), "c varname 1 "+long+"\np cnf 1 1\n1 0\n", "--solver", "gini")
	if want := "satrun: <stdin>:1:1: header comment (c pipesat, c varname) longer than 1048576 bytes\n"; code != 1 || stdout != "" || stderr != want {
		t.Errorf("long varname: exit %d, stdout %q, stderr %q; want %q", code, stdout, stderr, want)
	}
}
