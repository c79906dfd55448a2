package tools_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/pipesat/pipesat/internal/tools"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestSummaries pins what TOOL -h prints (and TOOL COMMAND -h, for a tool
// with commands) in testdata/NAME.h, and keeps every summary within 40
// lines.
func TestSummaries(t *testing.T) {
	dirs, err := filepath.Glob("../../cmd/*/doc.go")
	if err != nil || len(dirs) != len(tools.All) {
		t.Fatalf("%d manuals for %d tools (%v)", len(dirs), len(tools.All), err)
	}
	for _, name := range tools.Names() {
		doc, err := os.ReadFile("../../cmd/" + name + "/doc.go")
		if err != nil {
			t.Fatal(err)
		}
		tool := tools.All[name](string(doc))
		got := tool.Summary(nil)
		for _, c := range tool.Commands {
			got += "\n" + tool.Summary(c)
		}
		for _, s := range strings.Split(got, "\nusage: ") {
			if n := strings.Count(s, "\n"); n > 40 {
				t.Errorf("%s -h: %d lines, want at most 40:\n%s", name, n, s)
			}
		}
		testenv.Golden(t, "testdata/"+name+".h", []byte(got), *update)
	}
}
