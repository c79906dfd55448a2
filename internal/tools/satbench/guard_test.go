package satbench

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/run"
	"github.com/pipesat/pipesat/bench/suite"
)

// TestResumeOtherFlags: --resume refuses a run whose flags differ from
// the rows', naming each difference.
func TestResumeOtherFlags(t *testing.T) {
	e := newBenchEnv(t, 1, "sat", "unknown")
	out := filepath.Join(e.dir, "r.jsonl")
	if _, stderr, code := runSatbench(t, e.args("run", "-q", "--out", out)...); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	// The same flags: nothing to do.
	if _, stderr, code := runSatbench(t, e.args("run", "-q", "--resume", "--out", out)...); code != 0 {
		t.Fatalf("resume: exit %d: %s", code, stderr)
	}
	args := []string{"run", "-q", "--resume", "--out", out, "--satrun", e.satrun, "--solvers", "", "--timeout", "30s", "--memory", "1G", "--reps", "2",
		e.solverFlags[0], e.solverFlags[1], "--encode", "cat {}", e.instances[0]}
	_, stderr, code := runSatbench(t, args...)
	want := "satbench: --resume: " + out + " was made with other flags: --solvers lacks unknown (in the rows); " +
		"--encode lacks (none: CNF files) (in the rows); --timeout 30s (rows: 20s); --memory 1024M (rows: none); --reps 2 (rows: 1)\n" + usageLine["run"]
	if code != 2 || stderr != want {
		t.Errorf("exit %d, stderr\n%s\nwant\n%s", code, stderr, want)
	}
}

func TestResumeDiffs(t *testing.T) {
	s := run.Solver{Name: "kissat"}
	in := suite.NewInstance("a.cnf", "")
	jobs := []run.Job{{Solver: &s, Instance: &in, Rep: 1}}
	l := run.Limits{Timeout: 10 * time.Second}
	row := results.Row{Solver: "kissat", Instance: "a.cnf", Rep: 1, Timeout: 10, Reps: 1}
	tests := []struct {
		name    string
		rows    []results.Row
		reps    int
		certify bool
		want    []string
	}{
		{"same", []results.Row{row}, 1, false, nil},
		{"an interrupted run has fewer solvers", nil, 1, false, nil},
		{"older rows know no reps", []results.Row{{Solver: "kissat", Instance: "a.cnf", Rep: 1, Timeout: 10}}, 3, false, nil},
		{"certify", []results.Row{row}, 1, true, []string{"--certify on (rows: off)"}},
		{"proven rows were certified", []results.Row{{Solver: "kissat", Instance: "a.cnf", Rep: 1, Timeout: 10, Reps: 1, Proven: true}}, 1, false,
			[]string{"--certify off (rows: on)"}},
		{"mixed timeouts", []results.Row{row, {Solver: "kissat", Instance: "a.cnf", Rep: 2, Timeout: 5, Memory: 512, Reps: 1}}, 1, false,
			[]string{"--timeout 10s (rows: 10s, 5s)", "--memory none (rows: 512M, none)"}},
		{"solvers and encoders", []results.Row{row, {Solver: "minisat", Instance: "a.non | nono2cnf {}", Rep: 1, Timeout: 10, Reps: 1}}, 1, false,
			[]string{"--solvers lacks minisat (in the rows)", `--encode lacks "nono2cnf {}" (in the rows)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := resumeDiffs(tt.rows, jobs, l, tt.reps, tt.certify)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestWarnMixedVia: --resume warns in one line when rows ran a solver
// through satrun on an instance this run gives it by its own command
// line, and only if this run has runs of that solver to do.
func TestWarnMixedVia(t *testing.T) {
	s, g := run.Solver{Name: "minisat"}, run.Solver{Name: "gini"}
	a, b := suite.NewInstance("a.cnf", ""), suite.NewInstance("b.cnf", "")
	jobs := []run.Job{{Solver: &s, Instance: &a, Rep: 1}, {Solver: &s, Instance: &a, Rep: 2}, {Solver: &s, Instance: &b, Rep: 1}, {Solver: &g, Instance: &a, Rep: 1}, {Solver: &g, Instance: &a, Rep: 2}}
	via := func(j run.Job) string {
		if j.Solver.Name == "gini" {
			return "satrun"
		}
		return ""
	}
	old := []results.Row{
		{Solver: "minisat", Instance: "a.cnf", Rep: 1, Via: "satrun"},
		{Solver: "gini", Instance: "a.cnf", Rep: 1, Via: "satrun"},
	}
	both := []results.Key{old[0].Key(), old[1].Key()}
	for _, tt := range []struct {
		name string
		old  []results.Row
		done []results.Key
		want string
	}{
		{"older rows through satrun, more reps to do directly", old, both,
			"satbench: warning: --resume mixes measurement methods: 1 of r.jsonl's 2 rows ran their solver through satrun (the first: minisat on a.cnf), this run by its own command line; times through satrun include its start\n"},
		{"the same way", []results.Row{{Solver: "minisat", Instance: "a.cnf", Rep: 1}, old[1]}, both, ""},
		{"only another instance left to do", old, append(both, results.Key{Solver: "minisat", Instance: "a.cnf", Rep: 2}),
			"satbench: warning: --resume mixes measurement methods: 1 of r.jsonl's 2 rows ran their solver through satrun (the first: minisat on a.cnf), this run by its own command line; times through satrun include its start\n"},
		{"nothing left to do for that solver", old, append(both, results.Key{Solver: "minisat", Instance: "a.cnf", Rep: 2}, results.Key{Solver: "minisat", Instance: "b.cnf", Rep: 1}), ""},
		{"a row without via may be an older satbench's", []results.Row{{Solver: "gini", Instance: "a.cnf", Rep: 1}}, both[1:], ""},
		{"no rows", nil, nil, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			done := map[results.Key]bool{}
			for _, k := range tt.done {
				done[k] = true
			}
			var got strings.Builder
			warnMixedVia(&got, "r.jsonl", tt.old, jobs, done, via)
			if got.String() != tt.want {
				t.Errorf("got  %q\nwant %q", got.String(), tt.want)
			}
		})
	}
}

// TestLockedResults: a second run on a results file that a run is
// writing refuses at once, naming the first one's PID.
func TestLockedResults(t *testing.T) {
	e := newBenchEnv(t, 1, "slow")
	out := filepath.Join(e.dir, "r.jsonl")
	cmd := exec.Command(satbenchBin(t), e.args("run", "-q", "--out", out)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(out + ".lock"); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no lock after 30s")
		}
	}
	start := time.Now()
	_, stderr, code := runSatbench(t, e.args("run", "-q", "--resume", "--out", out)...)
	want := "satbench: " + out + " is in use by another satbench run (PID " + strconv.Itoa(cmd.Process.Pid) + "): wait for it to end, or use another -o FILE\n" + usageLine["run"]
	if code != 2 || stderr != want {
		t.Errorf("second run: exit %d, stderr\n%s\nwant\n%s", code, stderr, want)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("the second run took %v to refuse", d)
	}
}

// TestErrorsExit: run and exec exit 1 when no run ended without ERROR,
// and 0 when one did.
func TestErrorsExit(t *testing.T) {
	e := newBenchEnv(t, 1, "crash")
	out := filepath.Join(e.dir, "r.jsonl")
	in := e.instances[0]
	_, stderr, code := runSatbench(t, e.args("run", "-q", "--seed", "0", "--reps", "2", "--out", out)...)
	want := "satbench: all 2 runs ended in ERROR; the first: crash on " + in + " rep 1: solver exited 3: oops, segfault\n"
	if stderr = withoutWarnings(stderr); code != 1 || stderr != want {
		t.Errorf("run: exit %d, stderr\n%s\nwant\n%s", code, stderr, want)
	}
	_, stderr, code = runSatbench(t, "exec", "--satrun", e.satrun, e.solverFlags[0], e.solverFlags[1], "--out", filepath.Join(e.dir, "e.jsonl"), in)
	want = "satbench: the run ended in ERROR: crash on " + in + " rep 1: solver exited 3: oops, segfault\n"
	if code != 1 || stderr != want {
		t.Errorf("exec: exit %d, stderr\n%s\nwant\n%s", code, stderr, want)
	}
	e = newBenchEnv(t, 1, "crash", "sat")
	if _, stderr, code = runSatbench(t, e.args("run", "-q", "--out", filepath.Join(e.dir, "r.jsonl"))...); code != 0 {
		t.Errorf("one run without ERROR: exit %d, stderr\n%s", code, stderr)
	}
}

// TestRunFolder: a folder operand races the solvers on every CNF file
// under it; each row records the machine, the load and how CPU time was
// measured.
func TestRunFolder(t *testing.T) {
	e := newBenchEnv(t, 0, "sat")
	for _, f := range []string{"cnf/b.cnf", "cnf/a/c.cnf.gz", "cnf/.old/d.cnf", "cnf/README"} {
		os.MkdirAll(filepath.Dir(filepath.Join(e.dir, f)), 0o755)
		os.WriteFile(filepath.Join(e.dir, f), []byte("p cnf 2 1\n1 2 0\n"), 0o644)
	}
	out := filepath.Join(e.dir, "r.jsonl")
	dir := filepath.Join(e.dir, "cnf")
	if _, stderr, code := runSatbench(t, append(e.args("run", "-q", "--seed", "0", "--out", out), dir)...); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	var got []string
	for _, r := range readRows(t, out) {
		got = append(got, strings.TrimPrefix(r.Instance, dir+"/"))
		if r.Machine == nil || r.Machine.CPUs < 1 || r.Machine.Kernel == "" || r.CPUMethod == "" || r.Reps != 1 {
			t.Errorf("row %+v: want the machine, the CPU method and reps", r)
		}
	}
	if want := []string{"a/c.cnf.gz", "b.cnf"}; !slices.Equal(got, want) {
		t.Errorf("instances %q, want %q", got, want)
	}
}

func TestWithoutWarnings(t *testing.T) {
	in := "satbench: warning: load 17.40 on 2 cores leaves fewer than --jobs 1 free: runs will wait\n" +
		"satbench: x\n" +
		"satbench: warning: 6 of 20 runs were contended (wall time over 1.5 times CPU time): the machine's load\n"
	if got := withoutWarnings(in); got != "satbench: x\n" {
		t.Errorf("withoutWarnings: %q", got)
	}
}
