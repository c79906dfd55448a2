package pipesat_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestDecoderDeps keeps the xz and zstd decoders out of the tools that never
// read CNF: their package initialisation costs every start about 0.3 ms
// (scripts/bench-startup.sh). Only the tools that import dimacs/compressed,
// through the packages that read CNF, link them.
func TestDecoderDeps(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Deps " "}}`, "./cmd/...").Output()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	n := 0
	for l := range strings.Lines(string(out)) {
		f := strings.Fields(l)
		n++
		if slices.Contains(f[1:], "github.com/ulikunitz/xz") || slices.Contains(f[1:], "github.com/klauspost/compress/zstd") {
			got = append(got, f[0][strings.LastIndex(f[0], "/")+1:])
		}
	}
	want := []string{"cnf2vals", "satbench", "satrun"}
	if n < 14 || !slices.Equal(got, want) {
		t.Errorf("of %d tools, %v link the xz or zstd decoder; want %v", n, got, want)
	}
}
