package satbench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
)

// TestSuiteRandomFiles regenerates each file of testdata/bench/random from
// its "made by" comment: gen must make the same bytes.
func TestSuiteRandomFiles(t *testing.T) {
	files, _ := filepath.Glob("../../../testdata/bench/random/*.cnf")
	if len(files) == 0 {
		t.Fatal("no files")
	}
	for _, p := range files {
		want, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		cmd, ok := "", false
		for _, l := range strings.Split(string(want), "\n") {
			if c, found := strings.CutPrefix(l, "c made by: satbench gen "); found {
				cmd, ok = c, true
			}
		}
		if !ok {
			t.Fatalf("%s: no made-by comment", p)
		}
		t.Run(filepath.Base(p), func(t *testing.T) {
			cmdiotest.Expect(t, Tool(""), "", append([]string{"gen"}, strings.Fields(cmd)...), 0, string(want), "")
		})
	}
}
