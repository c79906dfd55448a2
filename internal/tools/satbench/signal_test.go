package satbench

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/pipesat/pipesat/bench/run/runtest"
	"github.com/pipesat/pipesat/internal/testenv"
)

// TestSignalsStopRunTree sends SIGHUP, SIGTERM and SIGINT to "satbench
// run" while a solver runs with a child in its group and a grandchild in a
// session of its own: satbench exits with 128 plus the signal after killing
// all three and removing its temporary folder.
func TestSignalsStopRunTree(t *testing.T) {
	dir := t.TempDir()
	satrun := runtest.Script(t, dir, "satrun", runtest.FakeSatrun)
	hang := runtest.Script(t, dir, "hang", `setsid sleep 301 > /dev/null 2>&1 < /dev/null &
echo $! >> "$FAKE_PIDFILE"
sleep 302 &
echo $! >> "$FAKE_PIDFILE"
echo $$ >> "$FAKE_PIDFILE"
wait`)
	cnf := runtest.WriteFile(t, dir, "a.cnf", runtest.SatCNF)
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			tmp, pidfile := t.TempDir(), filepath.Join(t.TempDir(), "pids")
			testenv.KillListedAtEnd(t, pidfile)
			cmd := exec.Command(satbenchBin(t), "run", "--satrun", satrun, "--solvers", "", "--solver-cmd", "hang="+hang,
				"--timeout", "60s", "-q", "--out", filepath.Join(t.TempDir(), "r.jsonl"), cnf)
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "FAKE_PIDFILE="+pidfile)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); cmd.Wait() }()
			for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
				if b, _ := os.ReadFile(pidfile); bytes.Count(b, []byte("\n")) == 3 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatal("the fake solver did not start within 20 s")
				}
			}
			pids := testenv.Pids(t, pidfile)
			cmd.Process.Signal(sig)
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("satbench still runs 10 s after %v", sig)
			}
			if got, want := cmd.ProcessState.ExitCode(), 128+int(sig); got != want {
				t.Errorf("after %v satbench exited with %v, want status %d\n%s", sig, cmd.ProcessState, want, stderr.String())
			}
			if want := "satbench: interrupted after 0 runs; continue with --resume\n"; withoutWarnings(stderr.String()) != want {
				t.Errorf("stderr %q, want %q", stderr.String(), want)
			}
			for _, p := range pids {
				if !testenv.Gone(p) {
					t.Errorf("process %d of the run's tree still runs", p)
				}
			}
			if es, _ := os.ReadDir(tmp); len(es) > 0 {
				t.Errorf("temporary files left behind: %v", es)
			}
		})
	}
}

// TestRunIntoPipe runs "satbench run -o /dev/stdout" with standard output
// a pipe, as in "satbench run -o /dev/stdout a.cnf | jq": satbench reads
// no old rows back from its own output (it used to wait for them there
// for ever, deaf to SIGTERM), writes the row to the pipe, and a SIGTERM
// during a run stops it with status 143; the run cannot be resumed from a
// pipe, and the message does not say it can.
func TestRunIntoPipe(t *testing.T) {
	dir := t.TempDir()
	satrun := runtest.Script(t, dir, "satrun", runtest.FakeSatrun)
	unsat := runtest.Script(t, dir, "unsat", runtest.Fakes["unsat"])
	hang := runtest.Script(t, dir, "hang", `echo $$ >> "$FAKE_PIDFILE"; exec sleep 303`)
	runtest.WriteFile(t, dir, "a.cnf", runtest.SatCNF)
	type result struct {
		stdout, stderr string
		code           int
	}
	start := func(solver, pidfile string) (*exec.Cmd, chan result) {
		cmd := exec.Command(satbenchBin(t), "run", "--satrun", satrun, "--solvers", "", "--solver-cmd", solver,
			"--timeout", "60s", "-q", "-o", "/dev/stdout", "a.cnf")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "FAKE_PIDFILE="+pidfile)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
		done := make(chan result, 1)
		go func() {
			b, _ := io.ReadAll(out)
			cmd.Wait()
			done <- result{string(b), withoutWarnings(stderr.String()), cmd.ProcessState.ExitCode()}
		}()
		return cmd, done
	}
	wait := func(done chan result, what string) result {
		t.Helper()
		select {
		case r := <-done:
			return r
		case <-time.After(20 * time.Second):
			t.Fatalf("satbench run -o /dev/stdout into a pipe still runs 20 s after %s", what)
			panic("unreachable")
		}
	}

	_, done := start("unsat="+unsat, filepath.Join(dir, "unused"))
	r := wait(done, "it started")
	const row = `{"solver":"unsat","instance":"a.cnf","rep":1,"status":"UNSAT","verified":false,"wall":`
	if r.code != 0 || r.stderr != "" || strings.Count(r.stdout, "\n") != 1 || !strings.HasPrefix(r.stdout, row) {
		t.Errorf("satbench run -o /dev/stdout: exit %d, stderr %q, stdout %q; want 0, nothing, one row %s...", r.code, r.stderr, r.stdout, row)
	}

	pidfile := filepath.Join(dir, "pids")
	testenv.KillListedAtEnd(t, pidfile)
	cmd, done := start("hang="+hang, pidfile)
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if b, _ := os.ReadFile(pidfile); bytes.Count(b, []byte("\n")) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the fake solver did not start within 20 s")
		}
	}
	cmd.Process.Signal(syscall.SIGTERM)
	r = wait(done, "SIGTERM")
	if want := "satbench: interrupted after 0 runs\n"; r.code != 143 || r.stderr != want || r.stdout != "" {
		t.Errorf("after SIGTERM: exit %d, stderr %q, stdout %q; want 143, %q, nothing", r.code, r.stderr, r.stdout, want)
	}
}

// TestRunIntoStalledPipe: "satbench run -o -" whose reader reads nothing
// (a pager left waiting) fills the pipe and waits in its write; SIGTERM
// still ends it, with status 143. The pipe holds one page, a dozen rows
// (a default 64 KiB pipe took 260 runs to fill, over a minute at load 27
// on 2 cores).
func TestRunIntoStalledPipe(t *testing.T) {
	t.Parallel() // waits on fake solvers: side by side with the others
	if !testenv.WchanShown() {
		t.Skip("/proc/PID/wchan does not say where a sleeping process waits: no way to see satbench wait in a write")
	}
	dir := t.TempDir()
	satrun := runtest.Script(t, dir, "satrun", runtest.FakeSatrun)
	unsat := runtest.Script(t, dir, "unsat", runtest.Fakes["unsat"])
	runtest.WriteFile(t, dir, "a.cnf", runtest.SatCNF)
	cmd := exec.Command(satbenchBin(t), "run", "--satrun", satrun, "--solvers", "", "--solver-cmd", "unsat="+unsat,
		"--reps", "100000", "--timeout", "60s", "-q", "-o", "-", "a.cnf")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, w, err := os.Pipe() // out is never read
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if _, err := unix.FcntlInt(w.Fd(), unix.F_SETPIPE_SZ, 4096); err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = w
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	err = cmd.Start()
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
	// Wait until one of satbench's threads waits in a write to the full
	// pipe (its wchan, where the kernel put it to sleep, names it).
	writing := func() bool {
		tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/wchan", cmd.Process.Pid))
		for _, f := range tasks {
			if b, _ := os.ReadFile(f); strings.Contains(string(b), "pipe_write") {
				return true
			}
		}
		return false
	}
	for deadline := time.Now().Add(60 * time.Second); !writing(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("satbench did not wait in a pipe write within 60 s")
		}
	}
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("satbench run -o - into a pipe nobody reads still runs 20 s after SIGTERM")
	}
	if code := cmd.ProcessState.ExitCode(); code != 143 || !regexp.MustCompile(`^satbench: interrupted after [0-9]+ runs\n$`).MatchString(withoutWarnings(stderr.String())) {
		t.Errorf("after SIGTERM: exit %d, stderr %q; want 143, satbench: interrupted after N runs", code, stderr.String())
	}
}

// withoutWarnings returns satbench run's stderr without the warnings
// that the machine's load crowds the runs or made them contended, which a
// loaded test machine gets and a quiet one does not.
func withoutWarnings(stderr string) string {
	return regexp.MustCompile(`(?m)^satbench: warning: (load [0-9.]+ on [0-9]+ cores leaves fewer than --jobs [0-9]+ free|[0-9]+ of [0-9]+ runs were contended \(wall time over 1.5 times CPU time\)): .*\n`).ReplaceAllString(stderr, "")
}
