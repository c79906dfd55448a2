package satbench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/run"
	"github.com/pipesat/pipesat/bench/run/runtest"
	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
	"github.com/pipesat/pipesat/solver"
)

// usageLine is the line under a usage error of each command: it names the
// command's operands; satbench's own (key "") names the commands.
var usageLine = map[string]string{
	"":       "usage: satbench run|plan|exec|merge|report|gen [flags] ...\n",
	"run":    "usage: satbench run [flags] [INSTANCE...]\n",
	"plan":   "usage: satbench plan [flags] [INSTANCE...]\n",
	"exec":   "usage: satbench exec [flags] INSTANCE\n",
	"merge":  "usage: satbench merge [flags] [RESULTS...]\n",
	"report": "usage: satbench report [flags] [RESULTS...]\n",
	"gen":    "usage: satbench gen [flags]\n",
}

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
	tests := []struct {
		name           string
		args           []string
		code           int
		stdout, stderr string
	}{
		// Three pigeons, two holes: each pigeon in a hole, no hole with two.
		{"gen php", []string{"gen", "--php", "2"}, 0, "c pigeonhole: 3 pigeons, 2 holes (unsatisfiable)\nc made by: satbench gen --php 2\np cnf 6 9\n" +
			"1 2 0\n3 4 0\n5 6 0\n-1 -3 0\n-1 -5 0\n-3 -5 0\n-2 -4 0\n-2 -6 0\n-4 -6 0\n", ""},
		// Two elements, each below the other: antisymmetry fails.
		{"gen ordering", []string{"gen", "--family", "ordering", "--n", "2"}, 0, "c ordering principle: 2 elements, each with a smaller one (unsatisfiable)\n" +
			"c made by: satbench gen --family ordering --n 2\np cnf 2 3\n-1 -2 0\n2 0\n1 0\n", ""},
		{"gen takes no", []string{"gen", "--family", "parity", "--n", "3", "--seed", "2"}, 2, "", "satbench: gen --family parity takes no --seed (it takes --n)\n" + usageLine["gen"]},
		{"gen needs", []string{"gen", "--family", "colouring", "--n", "3"}, 2, "", "satbench: gen --family colouring: give --edges\n" + usageLine["gen"]},
		{"merge", []string{"merge", a, b, "--out", merged}, 0, "", ""},
		{"report csv", []string{"report", "--format", "csv", "--instances", a}, 0, "instance,answer,fastest,time (s),solved by\nx.cnf,SAT,gini,0.500,1/1\n", ""},
		{"no command", nil, 2, "", "satbench: no command: run, report, plan, exec, merge or gen\n" + usageLine[""]},
		{"unknown command", []string{"frob"}, 2, "", "satbench: unknown command \"frob\"\n" + usageLine[""]},
		{"mistyped command", []string{"rn"}, 2, "", "satbench: unknown command \"rn\": did you mean run?\n" + usageLine[""]},
		{"mistyped report", []string{"reprot", "r.jsonl"}, 2, "", "satbench: unknown command \"reprot\": did you mean report?\n" + usageLine[""]},
		{"command prefix", []string{"me"}, 2, "", "satbench: unknown command \"me\": did you mean merge?\n" + usageLine[""]},
		{"gen operand", []string{"gen", "x"}, 2, "", "satbench: gen takes no arguments, got \"x\"\n" + usageLine["gen"]},
		{"gen nothing", []string{"gen"}, 2, "", "satbench: gen: give --vars N (random k-SAT), --php HOLES or --family FAMILY\n" + usageLine["gen"]},
		{"jobs", []string{"run", "--jobs", "0"}, 2, "", "satbench: --jobs 0: need at least 1\n" + usageLine["run"]},
		{"memory", []string{"plan", "--memory", "x"}, 2, "", "satbench: bad memory size \"x\" (want e.g. 512M or 2G)\n" + usageLine["plan"]},
		{"chunk", []string{"plan", "--chunk", "2", "--solvers", "gini", "a.cnf"}, 2, "", "satbench: --chunk needs --slurm\n" + usageLine["plan"]},
		{"exec without -o", []string{"exec", "--solver", "gini", "a.cnf"}, 2, "", "satbench: exec appends its row to a results file: give -o FILE (- for standard output)\n" + usageLine["exec"]},
		{"exec two solvers", []string{"exec", "--solver", "gini", "--solver-cmd", "x", "-o", filepath.Join(dir, "e.jsonl"), "a.cnf"}, 2, "",
			"satbench: exec runs one solver: give exactly one --solver or --solver-cmd\n" + usageLine["exec"]},
		{"merge nothing", []string{"merge"}, 2, "", "satbench: merge: no results files given, and no results.jsonl here (run's default -o)\n" + usageLine["merge"]},
		{"merge plan and files", []string{"merge", "--plan", "p", "a"}, 2, "", "satbench: merge --plan reads the task files its plan names: give no files, got \"a\"\n" + usageLine["merge"]},
		{"merge a missing plan", []string{"merge", "--plan", filepath.Join(dir, "none")}, 1, "", "satbench: open " + filepath.Join(dir, "none") + ": no such file or directory\n"},
		{"report nothing", []string{"report"}, 2, "", "satbench: report: no results files given, and no results.jsonl here (run's default -o)\n" + usageLine["report"]},
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

// TestWords: the errors of the bench libraries, which name no flag, in
// satbench's words, each naming its flag: exact text and status.
func TestWords(t *testing.T) {
	dir := t.TempDir()
	cnf := runtest.WriteFile(t, dir, "a.cnf", runtest.SatCNF)
	rows := runtest.WriteFile(t, dir, "r.jsonl", `{"solver":"gini","instance":"x.cnf","rep":1,"status":"SAT","wall":0.5}`+"\n")
	notPlan := runtest.WriteFile(t, dir, "p.sbatch", "#!/bin/sh\necho hi\n")
	proofs := "use kissat, cadical, picosat, or a --solver-cmd with {proof}"
	runArgs := []string{"run", "--satrun", "/nonexistent/satrun", "-o", filepath.Join(dir, "out.jsonl")}
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"certify gini", []string{"--certify", "--solvers", "gini"}, 2, "--certify: gini writes no proofs; " + proofs},
		{"certify a list", []string{"--certify", "--solvers", "cadical,minisat"}, 2, "--certify: minisat writes no proofs; " + proofs},
		{"certify a command", []string{"--certify", "--solvers", "", "--solver-cmd", "cadical -q {cnf}"}, 2, `--certify: --solver-cmd "cadical -q {cnf}" has no {proof}; ` + proofs},
		{"no solvers", []string{"--solvers", ""}, 2, "no solvers: use --solvers or --solver-cmd"},
		{"unknown solver", []string{"--solvers", "frob"}, 2, `unknown solver "frob" (known: gini, ` + strings.Join(solver.KnownNames(), ", ") + "; or use --solver-cmd)"},
		{"two named alike", []string{"--solvers", "", "--solver-cmd", "x=sh a", "--solver-cmd", "x=sh b"}, 2, `two solvers named "x": name a --solver-cmd with NAME=COMMAND`},
		{"empty command", []string{"--solvers", "", "--solver-cmd", "x="}, 2, `--solver-cmd "x=": empty command`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append(append([]string(nil), runArgs...), tt.args...), cnf)
			cmdiotest.Expect(t, Tool(""), "", args, tt.code, "", "satbench: "+tt.stderr+"\n"+usageLine["run"])
		})
	}
	for _, tt := range []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"by", []string{"report", "--by", "version,colour", rows}, 2,
			`--by "version,colour": "colour" is not a column (want encoder, version, host, jobs, mem_method, timeout, memory_mib)` + "\n" + usageLine["report"]},
		{"scatter", []string{"report", "--scatter", "kissat,gini", filepath.Join(dir, "s.svg"), rows}, 2,
			`--scatter "kissat,gini": no configuration or solver "kissat": have "gini"` + "\n" + usageLine["report"]},
		{"not a plan", []string{"merge", "--plan", notPlan}, 1, notPlan + `: not a satbench plan --slurm script (no "#satbench-plan" line)` + "\n"},
	} {
		t.Run(tt.name, func(t *testing.T) { cmdiotest.Expect(t, Tool(""), "", tt.args, tt.code, "", "satbench: "+tt.stderr) })
	}
	if err := word(run.ErrNoSatrun); err == nil || err.Error() != "satrun not found next to satbench or on PATH (use --satrun)" {
		t.Errorf("word(run.ErrNoSatrun) = %v", err)
	}
}
