package testenv

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// TestMain registers a tool that prints its manual and exits 3.
func TestMain(m *testing.M) {
	manuals := fstest.MapFS{"echotool/doc.go": {Data: []byte("// echotool echoes.\npackage main\n")}}
	Main(m, manuals, map[string]func(doc string) int{
		"echotool":  func(doc string) int { os.Stdout.WriteString(doc); return 3 },
		"nomanual0": func(string) int { return 0 },
	})
}

func TestTool(t *testing.T) {
	p := Tool(t, "echotool")
	out, err := exec.Command(p, "x").Output()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 3 || string(out) != "// echotool echoes.\npackage main\n" {
		t.Errorf("%s: %q, %v; want the manual and exit status 3", p, out, err)
	}
	if exe, _ := os.Executable(); filepath.Base(p) != "echotool" || filepath.Dir(p) == filepath.Dir(exe) {
		t.Errorf("Tool = %s, want a copy of %s named echotool", p, exe)
	}
	out, err = exec.Command(Tool(t, "nomanual0")).CombinedOutput()
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.HasPrefix(string(out), "nomanual0: the test binary has no manual: ") {
		t.Errorf("a tool without a manual: %q, %v", out, err)
	}
}

// TestManuals: the manuals of the module's tools are found.
func TestManuals(t *testing.T) {
	doc, err := fs.ReadFile(Manuals(), "satrun/doc.go")
	if err != nil || !strings.HasPrefix(string(doc), "// satrun runs a SAT solver") {
		t.Errorf("Manuals: satrun/doc.go = %.40q, %v", doc, err)
	}
}
