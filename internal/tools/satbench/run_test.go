package satbench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	a, b, merged := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl"), filepath.Join(dir, "m.jsonl")
	rows := []results.Row{
		{Solver: "gini", Instance: "x.cnf", Rep: 1, Status: results.StatusSat, Verified: true, Wall: 0.5, Timeout: 10},
		{Solver: "gini", Instance: "y.cnf", Rep: 1, Status: results.StatusUnsat, Wall: 1.5, Timeout: 10},
	}
	for i, p := range []string{a, b} {
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := results.Write(f, rows[i:i+1]); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	usage := "usage: satbench run|report|plan|exec|merge|gen ... (satbench --help)\n"
	tests := []struct {
		name           string
		args           []string
		code           int
		stdout, stderr string
	}{
		// Three pigeons, two holes: each pigeon in a hole, no hole with two.
		{"gen php", []string{"gen", "--php", "2"}, 0, "c pigeonhole: 3 pigeons, 2 holes (unsatisfiable)\nc made by: satbench gen --php 2\np cnf 6 9\n" +
			"1 2 0\n3 4 0\n5 6 0\n-1 -3 0\n-1 -5 0\n-3 -5 0\n-2 -4 0\n-2 -6 0\n-4 -6 0\n", ""},
		{"merge", []string{"merge", a, b, "--out", merged}, 0, "", ""},
		{"report csv", []string{"report", "--format", "csv", "--instances", a}, 0, "instance,answer,fastest,time (s),solved by\nx.cnf,SAT,gini,0.500,1/1\n", ""},
		{"no command", nil, 2, "", "satbench: no command: run, report, plan, exec, merge or gen\n" + usage},
		{"unknown command", []string{"frob"}, 2, "", "satbench: unknown command \"frob\"\n" + usage},
		{"gen operand", []string{"gen", "x"}, 2, "", "satbench: gen takes no arguments, got \"x\"\n" + usage},
		{"gen nothing", []string{"gen"}, 2, "", "satbench: gen: give --vars N (random k-SAT) or --php HOLES\n" + usage},
		{"jobs", []string{"run", "--jobs", "0"}, 2, "", "satbench: --jobs 0: need at least 1\n" + usage},
		{"memory", []string{"plan", "--memory", "x"}, 2, "", "satbench: bad memory size \"x\" (want e.g. 512M or 2G)\n" + usage},
		{"chunk", []string{"plan", "--chunk", "2", "--solvers", "gini", "a.cnf"}, 2, "", "satbench: --chunk needs --slurm\n" + usage},
		{"exec without -o", []string{"exec", "--solver", "gini", "a.cnf"}, 2, "", "satbench: exec appends its row to a results file: give -o FILE (- for standard output)\n" + usage},
		{"exec two solvers", []string{"exec", "--solver", "gini", "--solver-cmd", "x", "-o", filepath.Join(dir, "e.jsonl"), "a.cnf"}, 2, "",
			"satbench: exec runs one solver: give exactly one --solver or --solver-cmd\n" + usage},
		{"merge nothing", []string{"merge"}, 2, "", "satbench: merge: no results files\n" + usage},
		{"merge plan and files", []string{"merge", "--plan", "p", "a"}, 2, "", "satbench: merge --plan reads the task files its plan names: give no files, got \"a\"\n" + usage},
		{"merge a missing plan", []string{"merge", "--plan", filepath.Join(dir, "none")}, 1, "", "satbench: open " + filepath.Join(dir, "none") + ": no such file or directory\n"},
		{"report nothing", []string{"report"}, 2, "", "satbench: report: no results files\n" + usage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { cmdiotest.Expect(t, Tool(""), "", tt.args, tt.code, tt.stdout, tt.stderr) })
	}
	got, torn, err := results.ReadFile(merged)
	if err != nil || torn != 0 || len(got) != 2 || got[0].Instance != "x.cnf" || got[1].Instance != "y.cnf" {
		t.Errorf("merge wrote %+v, %v; want the rows of both files", got, err)
	}
	for _, p := range []string{"s.svg", "S.PNG", "s.pdf", "s.eps", "r.jsonl"} {
		if isPlotFile(p) != !strings.HasSuffix(p, ".jsonl") {
			t.Errorf("isPlotFile(%q) = %v", p, isPlotFile(p))
		}
	}
}
