package satbench

// Tests of the satbench program as users run it, with fake solvers behind
// a fake satrun (runtest.FakeSatrun), so they need neither real solvers
// nor cmd/satrun.

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/run/runtest"
	"github.com/pipesat/pipesat/internal/testenv"
)

// satbenchBin returns cmd/satbench, built once per test binary.
func satbenchBin(t *testing.T) string { return testenv.Tool(t, "satbench") }

// benchEnv is a folder with a fake satrun, fast fake solvers and CNF files.
type benchEnv struct {
	dir, satrun string
	solverFlags []string
	instances   []string
}

func newBenchEnv(t *testing.T, ninst int, solvers ...string) *benchEnv {
	dir := t.TempDir()
	e := &benchEnv{dir: dir, satrun: runtest.Script(t, dir, "satrun", runtest.FakeSatrun)}
	for _, s := range solvers {
		p := runtest.Script(t, dir, s, "sleep 0.05\n"+runtest.Fakes[strings.TrimSuffix(s, "2")])
		e.solverFlags = append(e.solverFlags, "--solver-cmd", s+"="+p)
	}
	for i := range ninst {
		e.instances = append(e.instances, runtest.WriteFile(t, dir, string(rune('a'+i))+".cnf", runtest.SatCNF))
	}
	return e
}

func (e *benchEnv) args(cmd string, extra ...string) []string {
	a := []string{cmd, "--satrun", e.satrun, "--solvers", "", "--timeout", "20s"}
	a = append(a, e.solverFlags...)
	a = append(a, extra...)
	return append(a, e.instances...)
}

func runSatbench(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(satbenchBin(t), args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), code
}

func readRows(t *testing.T, path string) []results.Row {
	t.Helper()
	rows, _, err := results.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestResumeAfterKill(t *testing.T) {
	t.Parallel() // mostly waits for fake solvers' sleeps
	e := newBenchEnv(t, 4, "sat", "unknown", "sat2")
	full := filepath.Join(e.dir, "full.jsonl")
	if _, stderr, code := runSatbench(t, e.args("run", "--reps", "2", "-q", "--out", full)...); code != 0 {
		t.Fatalf("full run: exit %d: %s", code, stderr)
	}
	want := runtest.Keys(readRows(t, full))
	if len(want) != 24 {
		t.Fatalf("full run: %d rows, want 24", len(want))
	}

	part := filepath.Join(e.dir, "part.jsonl")
	cmd := exec.Command(satbenchBin(t), e.args("run", "--reps", "2", "-q", "--out", part)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		b, _ := os.ReadFile(part)
		if bytes.Count(b, []byte("\n")) >= 8 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("no 8 rows after 20s")
		}
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	killed := readRows(t, part)
	if len(killed) >= 24 {
		t.Fatalf("the killed run finished all %d runs", len(killed))
	}
	// A run killed while writing leaves a partial line; resume cuts it.
	f, _ := os.OpenFile(part, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"solver":"sat","instance":`)
	f.Close()

	if _, stderr, code := runSatbench(t, e.args("run", "--reps", "2", "--out", part)...); code != 2 || !strings.Contains(stderr, "use --resume") {
		t.Errorf("rerun without --resume: exit %d, stderr %q", code, stderr)
	}
	_, stderr, code := runSatbench(t, e.args("run", "--reps", "2", "--resume", "--out", part)...)
	if code != 0 {
		t.Fatalf("resume: exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "resuming: ") {
		t.Errorf("resume did not say so: %s", stderr)
	}
	got := runtest.Keys(readRows(t, part))
	if !slices.Equal(got, want) {
		t.Errorf("killed (%d rows) + resumed: %d rows\n%s\nwant\n%s", len(killed), len(got), strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestDisagreement(t *testing.T) {
	e := newBenchEnv(t, 1, "sat", "unsat")
	out := filepath.Join(e.dir, "r.jsonl")
	_, stderr, code := runSatbench(t, e.args("run", "--out", out)...)
	if code != 1 || !strings.Contains(stderr, "!!! DISAGREEMENT on "+e.instances[0]+": SAT by [sat], UNSAT by [unsat]") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	if n := len(readRows(t, out)); n != 2 {
		t.Errorf("%d rows, want 2", n)
	}
	// merge finds it too.
	_, stderr, code = runSatbench(t, "merge", "-o", filepath.Join(e.dir, "m.jsonl"), out)
	if code != 1 || !strings.Contains(stderr, "!!! DISAGREEMENT") {
		t.Errorf("merge: exit %d, stderr:\n%s", code, stderr)
	}
}

func TestWrongModelExit(t *testing.T) {
	e := newBenchEnv(t, 1, "liar")
	out := filepath.Join(e.dir, "r.jsonl")
	_, stderr, code := runSatbench(t, e.args("run", "--out", out)...)
	if code != 1 || !strings.Contains(stderr, "!!! WRONG MODEL from liar") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	rows := readRows(t, out)
	if len(rows) != 1 || rows[0].Status != results.StatusError {
		t.Errorf("rows %+v", rows)
	}
}

// TestGNUParallel runs a plan with GNU parallel and checks that the merged
// results are the rows of satbench run --jobs 2, times aside.
func TestGNUParallel(t *testing.T) {
	t.Parallel() // mostly waits for fake solvers' sleeps
	parallel := testenv.Solver(t, "parallel")
	e := newBenchEnv(t, 3, "sat", "unknown", "sat2")
	ref := filepath.Join(e.dir, "ref.jsonl")
	if _, stderr, code := runSatbench(t, e.args("run", "--jobs", "2", "--reps", "2", "-q", "--out", ref)...); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	resDir := filepath.Join(e.dir, "results")
	plan, stderr, code := runSatbench(t, e.args("plan", "--reps", "2", "--satbench", satbenchBin(t), "--out-dir", resDir)...)
	if code != 0 {
		t.Fatalf("plan: exit %d: %s", code, stderr)
	}
	if n := strings.Count(plan, "\n"); n != 18 {
		t.Fatalf("plan has %d lines, want 18:\n%s", n, plan)
	}
	cmd := exec.Command(parallel, "--will-cite", "--jobs", "2", "--halt", "now,fail=1")
	cmd.Stdin = strings.NewReader(plan)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("parallel: %v\n%s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(resDir, "*.jsonl"))
	if len(files) != 18 {
		t.Fatalf("%d result files, want 18", len(files))
	}
	merged := filepath.Join(e.dir, "merged.jsonl")
	if _, stderr, code := runSatbench(t, append([]string{"merge", "-o", merged}, files...)...); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, stderr)
	}
	if got, want := runtest.Keys(readRows(t, merged)), runtest.Keys(readRows(t, ref)); !slices.Equal(got, want) {
		t.Errorf("parallel + merge:\n%s\nrun --jobs 2:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Running the plan again adds nothing: exec skips a row its file has.
	cmd = exec.Command(parallel, "--will-cite", "--jobs", "2")
	cmd.Stdin = strings.NewReader(plan)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("parallel again: %v\n%s", err, out)
	}
	for _, f := range files {
		if n := len(readRows(t, f)); n != 1 {
			t.Errorf("%s: %d rows after running the plan twice, want 1", f, n)
		}
	}
}
