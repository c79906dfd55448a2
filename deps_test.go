package pipesat_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// linking returns the tools of cmd/* whose dependencies include pkg, and
// the number of tools.
func linking(t *testing.T, pkg string) (tools []string, n int) {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Deps " "}}`, "./cmd/...").Output()
	if err != nil {
		t.Fatal(err)
	}
	for l := range strings.Lines(string(out)) {
		f := strings.Fields(l)
		n++
		if slices.Contains(f[1:], pkg) {
			tools = append(tools, f[0][strings.LastIndex(f[0], "/")+1:])
		}
	}
	return tools, n
}

// TestDrawingDeps keeps gonum's plotting, its fonts and image writers out
// of the tools that draw no image: their package initialisation costs
// every start. nonosolve draws (--format png, -o pic.svg) at that cost:
// a 2x2 puzzle's run takes 2.41 ms instead of 2.12 (medians of 1000,
// hyperfine -N, issue 34).
func TestDrawingDeps(t *testing.T) {
	got, n := linking(t, "gonum.org/v1/plot/vg")
	if want := []string{"cnf2grid", "nonosolve", "satbench"}; n < 15 || !slices.Equal(got, want) {
		t.Errorf("of %d tools, %v link gonum.org/v1/plot/vg; want %v", n, got, want)
	}
}

// TestYAMLDeps keeps the YAML reader to the tools that read twisty
// puzzle definitions: its package initialisation costs every start about
// 0.1 ms (GODEBUG=inittrace=1).
func TestYAMLDeps(t *testing.T) {
	got, n := linking(t, "go.yaml.in/yaml/v3")
	if want := []string{"cnf2moves", "cube2cnf", "cubesolve"}; n < 15 || !slices.Equal(got, want) {
		t.Errorf("of %d tools, %v link go.yaml.in/yaml/v3; want %v", n, got, want)
	}
}

// TestDecoderDeps keeps the xz and zstd decoders out of the tools that never
// read CNF: their package initialisation costs every start about 0.3 ms
// (scripts/bench-startup.sh). Only the tools that import dimacs/compressed,
// through the packages that read CNF, link them.
func TestDecoderDeps(t *testing.T) {
	xz, n := linking(t, "github.com/ulikunitz/xz")
	zstd, _ := linking(t, "github.com/klauspost/compress/zstd")
	got := slices.Compact(slices.Sorted(slices.Values(append(xz, zstd...))))
	want := []string{"cnf2vals", "satbench", "satrun"}
	if n < 14 || !slices.Equal(got, want) {
		t.Errorf("of %d tools, %v link the xz or zstd decoder; want %v", n, got, want)
	}
}

// TestSolverDeps keeps gini and the DRAT checker to the tools that run a
// solver: an encoder or a decoder links neither, nor anything of package
// solver.
func TestSolverDeps(t *testing.T) {
	want := []string{"cubesolve", "nonosolve", "satbench", "satrun"}
	for _, pkg := range []string{"github.com/go-air/gini", "github.com/pipesat/pipesat/drat", "github.com/pipesat/pipesat/solver"} {
		got, n := linking(t, pkg)
		if n < 15 || !slices.Equal(got, want) {
			t.Errorf("of %d tools, %v link %s; want %v", n, got, pkg, want)
		}
	}
}

// TestCmdioDeps keeps internal/cmdio, which every tool links, free of
// puzzle encoders and solvers: their flags are in cmdio's own packages
// (solverflag, nonoflag, sudokuflag, twistyflag), which only the tools
// that use them import. encoders/cnfstyle, the CNF output style every
// encoder shares (--names, --comments), is no encoder.
func TestCmdioDeps(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "./internal/cmdio").Output()
	if err != nil {
		t.Fatal(err)
	}
	const mod = "github.com/pipesat/pipesat/"
	n := 0
	for dep := range strings.FieldsSeq(string(out)) {
		n++
		p, ours := strings.CutPrefix(dep, mod)
		encoder := ours && strings.HasPrefix(p, "encoders/") && p != "encoders/cnfstyle"
		solver := ours && (p == "solver" || p == "drat" || strings.HasPrefix(p, "solver/")) || strings.HasPrefix(dep, "github.com/go-air/gini")
		if encoder || solver {
			t.Errorf("internal/cmdio links %s", dep)
		}
	}
	if n < 10 {
		t.Errorf("internal/cmdio has %d dependencies, want its runner's at least", n)
	}
}
