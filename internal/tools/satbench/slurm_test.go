package satbench

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/bench/run/runtest"
	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
	"github.com/pipesat/pipesat/internal/testenv"
)

// planInDir writes a Slurm plan for three CNF files and two fake solvers,
// with the flags extra, in a new current folder and returns the script's
// text.
func planInDir(t *testing.T, chunk int, extra ...string) string {
	t.Chdir(t.TempDir())
	for _, f := range []string{"a.cnf", "b.cnf", "c d.cnf"} {
		if err := os.WriteFile(f, []byte(runtest.SatCNF), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := append([]string{"plan", "--solvers", "", "--solver-cmd", "sat=./fake-sat {cnf}", "--solver-cmd", "unk=./fake-unknown",
		"--reps", "2", "--seed", "1", "--timeout", "90s", "--grace", "1s", "--satrun", "/opt/satrun",
		"--out-dir", "res", "--satbench", "/opt/satbench", "--slurm", "--chunk", strconv.Itoa(chunk)}, extra...)
	code, stdout, stderr := cmdiotest.Run(Tool(""), "", append(args, "a.cnf", "b.cnf", "c d.cnf")...)
	if code != 0 {
		t.Fatalf("satbench %q: exit %d: %s", args, code, stderr)
	}
	if fi, err := os.Stat("res"); err != nil || !fi.IsDir() {
		t.Errorf("plan --slurm made no folder res for the logs: %v", err)
	}
	return stdout
}

// TestSlurmPlanGolden pins the sbatch script: 3 instances x 2 solvers x 2
// reps in tasks of 5 runs (the last one shorter), with a memory limit.
func TestSlurmPlanGolden(t *testing.T) {
	wd, _ := os.Getwd()
	got := planInDir(t, 5, "--memory", "2G")
	golden(t, filepath.Join(wd, "testdata", "slurm-plan.golden"), []byte(got))
}

func TestSlurmPlanErrors(t *testing.T) {
	usage := usageLine["plan"]
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"chunk without slurm", []string{"--chunk", "2"}, "--chunk needs --slurm"},
		{"negative chunk", []string{"--slurm", "--chunk", "-1"}, "--chunk -1: need at least 1"},
		{"dir with a space", []string{"--slurm", "--out-dir", "my results"}, `--out-dir "my results": with --slurm, use letters, digits and _-./=:,+@ only (the script names it unquoted)`},
		{"dir with a percent", []string{"--slurm", "--out-dir", "r%a"}, `--out-dir "r%a": with --slurm, use letters, digits and _-./=:,+@ only (the script names it unquoted)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			os.WriteFile("a.cnf", []byte(runtest.SatCNF), 0o644)
			args := append([]string{"plan", "--solvers", "", "--solver-cmd", "sat=./x", "--satrun", "/opt/satrun"}, tt.args...)
			cmdiotest.Expect(t, Tool(""), "", append(args, "a.cnf"), 2, "", "satbench: "+tt.wantErr+"\n"+usage)
		})
	}
}

// TestPlanCertify checks that plan passes --certify on to every exec line
// it writes, in a Slurm script and in a GNU parallel plan alike.
func TestPlanCertify(t *testing.T) {
	count := func(plan string) (execs, certified int) {
		for l := range strings.Lines(plan) {
			if strings.Contains(l, " exec ") {
				execs++
				if strings.Contains(l, " --certify ") {
					certified++
				}
			}
		}
		return execs, certified
	}
	t.Chdir(t.TempDir())
	os.WriteFile("a.cnf", []byte(runtest.SatCNF), 0o644)
	plans := map[string]string{}
	for name, extra := range map[string][]string{"slurm": {"--slurm", "--chunk", "5"}, "parallel": nil} {
		args := append([]string{"plan", "--solvers", "", "--solver-cmd", "p=./fake-proof {cnf} {proof}", "--certify",
			"--reps", "3", "--satrun", "/opt/satrun", "--out-dir", "res"}, extra...)
		code, stdout, stderr := cmdiotest.Run(Tool(""), "", append(args, "a.cnf")...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, stderr)
		}
		plans[name] = stdout
	}
	for name, plan := range plans {
		if execs, certified := count(plan); execs != 3 || certified != execs {
			t.Errorf("%s: %d of %d exec lines have --certify, want 3 of 3:\n%s", name, certified, execs, plan)
		}
	}
}

var update = flag.Bool("update", false, "rewrite the golden files")

func golden(t *testing.T, path string, got []byte) { testenv.Golden(t, path, got, *update) }
