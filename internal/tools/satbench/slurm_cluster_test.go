package satbench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/run/runtest"
	"github.com/pipesat/pipesat/internal/shellword"
	"github.com/pipesat/pipesat/internal/testenv"
)

// TestSlurmCluster runs a small suite through a real Slurm: plan --slurm,
// sbatch --wait, merge --plan, and checks that the merged rows are those
// of satbench run --jobs 2 on the same suite: the same runs, answers,
// verified models and solver versions (times differ). Then it removes
// one task's results and submits the script again: only that task runs.
//
// The cluster is CI's (PIPESAT_SLURM_CONF) or a private one-node cluster
// started by scripts/slurm-local.sh; without Slurm the test skips, unless
// PIPESAT_REQUIRE_SOLVERS names slurm.
func TestSlurmCluster(t *testing.T) {
	t.Parallel() // mostly waits for Slurm: beside bench's other slow tests
	testenv.Solver(t, "minisat")
	script, err := filepath.Abs(filepath.Join("..", "..", "..", "scripts", "slurm-local.sh"))
	if err != nil {
		t.Fatal(err)
	}
	conf := testenv.Slurm(t, script)

	// A second start beside the running cluster, in a folder of its own,
	// refuses and leaves the cluster alone. It runs with a user's PATH,
	// without /usr/sbin and /sbin, where Debian puts the daemons: the
	// script looks there itself (issue 22: it said "run
	// install-slurm.sh").
	other := t.TempDir()
	cmd := exec.Command(script, "start")
	cmd.Env = append(os.Environ(), "SLURM_LOCAL_DIR="+other, "PATH="+withoutSbin(os.Getenv("PATH")))
	out, err := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(string(out), "slurm-local: a slurmctld this script did not start runs here (pid ") {
		t.Errorf("slurm-local.sh start beside a running Slurm: exit %d, %v\n%s", code, err, out)
	}
	if _, err := os.Stat(filepath.Join(other, "slurm.conf")); !os.IsNotExist(err) {
		t.Errorf("the refused start wrote %s/slurm.conf: %v", other, err)
	}
	satbench := satbenchBin(t)
	testenv.Tool(t, "satrun") // next to satbench, where satbench finds it

	dir := t.TempDir()
	// Random 3-SAT near the threshold (some SAT, some UNSAT), a
	// pigeonhole formula, and an instance an encoder makes in the job.
	suite := "# satbench's Slurm test\n"
	for _, seed := range []string{"1", "2", "3", "4"} {
		name := "r" + seed + ".cnf"
		if err := (&genOptions{k: 3, vars: 60, ratio: 4.26, seed: uint64(seed[0] - '0'), out: filepath.Join(dir, name)}).gen(nil); err != nil {
			t.Fatal(err)
		}
		suite += name + "\n"
	}
	if err := (&genOptions{php: 5, out: filepath.Join(dir, "php5.cnf")}).gen(nil); err != nil {
		t.Fatal(err)
	}
	suite += "php5.cnf\n- | " + shellword.Quote(satbench) + " gen --vars 50 --seed 9\n"
	runtest.WriteFile(t, dir, "suite.txt", suite)
	flags := []string{"--suite", "suite.txt", "--solvers", "minisat,gini", "--timeout", "60s"}

	sat := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(satbench, args...)
		cmd.Dir = dir
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("satbench %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		return stdout.String()
	}
	sat(append([]string{"run", "--jobs", "2", "-q", "-o", "ref.jsonl"}, flags...)...)
	plan := sat(append([]string{"plan", "--slurm", "--chunk", "3", "--satbench", satbench}, flags...)...)
	runtest.WriteFile(t, dir, "plan.sbatch", plan)
	if !strings.Contains(plan, "#SBATCH --array=1-4\n") {
		t.Fatalf("12 runs in chunks of 3: want 4 tasks:\n%s", plan)
	}

	// sbatch submits the plan and waits for every task to end, polling
	// squeue: sbatch --wait polls after 2 s and then 8 s more, which made
	// each submission take 10 s.
	slurm := func(name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "SLURM_CONF="+conf)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	sbatch := func() {
		t.Helper()
		id, _, _ := strings.Cut(strings.TrimSpace(slurm("sbatch", "--parsable", "plan.sbatch")), ";")
		for deadline := time.Now().Add(5 * time.Minute); strings.TrimSpace(slurm("squeue", "-h", "-j", id, "-o", "%i %T")) != ""; time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				slurm("scancel", id) // our own job, by its ID
				t.Fatalf("job %s: no end after 5 minutes", id)
			}
		}
		// Every task completed with exit status 0 (scontrol shows ended
		// jobs for MinJobAge, 300 s).
		for _, l := range strings.Split(strings.TrimSpace(slurm("scontrol", "-o", "show", "job", id)), "\n") {
			if !strings.Contains(l, " JobState=COMPLETED ") || !strings.Contains(l, " ExitCode=0:0 ") {
				logs, _ := filepath.Glob(filepath.Join(dir, "results", "slurm-*.out"))
				var b strings.Builder
				for _, l := range logs {
					text, _ := os.ReadFile(l)
					fmt.Fprintf(&b, "== %s\n%s", l, text)
				}
				t.Fatalf("job %s failed:\n%s\n%s", id, l, b.String())
			}
		}
	}
	sbatch()
	sat("merge", "--plan", "plan.sbatch", "-o", "merged.jsonl")

	ref, merged := readRows(t, filepath.Join(dir, "ref.jsonl")), readRows(t, filepath.Join(dir, "merged.jsonl"))
	compare := func(merged []results.Row) {
		t.Helper()
		if len(ref) != 12 || len(merged) != 12 {
			t.Fatalf("%d rows from run, %d from Slurm; want 12 each", len(ref), len(merged))
		}
		results.Sort(ref)
		merged = slices.Clone(merged)
		results.Sort(merged)
		solved, models := 0, 0
		for i := range ref {
			a, b := ref[i], merged[i]
			if a.Key() != b.Key() || a.Status != b.Status || a.Verified != b.Verified || a.Model != b.Model || a.Version != b.Version || a.Exit != b.Exit || a.Error != b.Error {
				ja, _ := json.Marshal(a)
				jb, _ := json.Marshal(b)
				t.Errorf("row %d differs:\nrun:   %s\nSlurm: %s", i, ja, jb)
			}
			if b.Solved() {
				solved++
			}
			if b.Status == results.StatusSat && (b.Model == "" || !b.Verified) {
				t.Errorf("SAT row without a verified model: %+v", b)
			}
			if b.Model != "" {
				models++
			}
		}
		if solved != 12 || models == 0 || models == 12 {
			t.Errorf("%d of 12 runs solved, %d SAT: want all solved, some SAT and some UNSAT", solved, models)
		}
	}
	compare(merged)

	// Resubmission runs only the task whose results are gone.
	before := map[string][]byte{}
	for n := 1; n <= 4; n++ {
		b, err := os.ReadFile(filepath.Join(dir, taskFile("results", n)))
		if err != nil {
			t.Fatal(err)
		}
		before[taskFile("results", n)] = b
	}
	os.Remove(filepath.Join(dir, taskFile("results", 3)))
	sat2 := exec.Command(satbench, "merge", "--plan", "plan.sbatch")
	sat2.Dir = dir
	if out, err := sat2.CombinedOutput(); err == nil || !strings.Contains(string(out), "1 of 4 tasks have no results file: task 3 (results/task-3.jsonl)") {
		t.Errorf("merge with task 3 missing: %v\n%s", err, out)
	}
	sbatch()
	for n := 1; n <= 4; n++ {
		name := taskFile("results", n)
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		same := bytes.Equal(b, before[name])
		if n != 3 && !same {
			t.Errorf("%s was rewritten by the second submission", name)
		}
		if n == 3 && same {
			t.Errorf("%s: the second submission did not redo task 3 (same start times)", name)
		}
	}
	sat("merge", "--plan", "plan.sbatch", "-o", "merged2.jsonl")
	compare(readRows(t, filepath.Join(dir, "merged2.jsonl")))
}

// taskFile is the results file of task n of a Slurm plan whose folder is
// dir.
func taskFile(dir string, n int) string { return path.Join(dir, "task-"+strconv.Itoa(n)+".jsonl") }

// withoutSbin returns the PATH list path without /usr/sbin and /sbin.
func withoutSbin(path string) string {
	return strings.Join(slices.DeleteFunc(filepath.SplitList(path), func(d string) bool {
		return d == "/usr/sbin" || d == "/sbin" || d == "/usr/sbin/" || d == "/sbin/"
	}), string(filepath.ListSeparator))
}
