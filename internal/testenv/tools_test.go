package testenv

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// TestMain registers a tool that prints its manual and exits 3.
func TestMain(m *testing.M) {
	manuals := fstest.MapFS{
		"echotool/doc.go":  {Data: []byte("// echotool echoes.\npackage main\n")},
		"alloctool/doc.go": {Data: []byte("// alloctool holds 64 MiB.\npackage main\n")},
	}
	Main(m, manuals, map[string]func(doc string) int{
		"echotool":  func(doc string) int { os.Stdout.WriteString(doc); return 3 },
		"nomanual0": func(string) int { return 0 },
		"alloctool": func(string) int {
			b := make([]byte, 64<<20)
			for i := range b {
				b[i] = byte(i)
			}
			held = b
			return 0
		},
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

// held keeps alloctool's memory.
var held []byte

// TestPeakRSS: a tool whose peak memory went above PeakRSSEnv's bound
// fails, one within it keeps its exit status; a bound that is not a
// number fails every run.
func TestPeakRSS(t *testing.T) {
	for _, tt := range []struct {
		bound    string
		code     int
		stderrRE string
	}{
		{"", 0, `^$`},
		{"1000000", 0, `^$`},
		{"32768", 1, `^alloctool: PIPESAT_TEST_MAXRSS_KB: peak RSS [0-9]+ KiB, over the bound of 32768 KiB\n$`},
		{"lots", 1, `^alloctool: PIPESAT_TEST_MAXRSS_KB: "lots" is not a number of KiB\n$`},
	} {
		cmd := exec.Command(Tool(t, "alloctool"))
		cmd.Env = append(os.Environ(), PeakRSSEnv+"="+tt.bound)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != tt.code || !regexp.MustCompile(tt.stderrRE).MatchString(stderr.String()) {
			t.Errorf("bound %q: exit %d, stderr %q; want %d, %s", tt.bound, code, stderr.String(), tt.code, tt.stderrRE)
		}
	}
}

// TestManuals: the manuals of the module's tools are found.
func TestManuals(t *testing.T) {
	doc, err := fs.ReadFile(Manuals(), "satrun/doc.go")
	if err != nil || !strings.HasPrefix(string(doc), "// satrun runs a SAT solver") {
		t.Errorf("Manuals: satrun/doc.go = %.40q, %v", doc, err)
	}
}
