package bench

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/pipesat/pipesat/internal/testenv"
)

// TestSignalsStopRunTree sends SIGHUP, SIGTERM and SIGINT to "satbench
// run" while a solver runs with a child in its group and a grandchild in a
// session of its own: satbench exits with 128 plus the signal after killing
// all three and removing its temporary folder.
func TestSignalsStopRunTree(t *testing.T) {
	dir := t.TempDir()
	satrun := script(t, dir, "satrun", fakeSatrun)
	hang := script(t, dir, "hang", `setsid sleep 301 > /dev/null 2>&1 < /dev/null &
echo $! >> "$FAKE_PIDFILE"
sleep 302 &
echo $! >> "$FAKE_PIDFILE"
echo $$ >> "$FAKE_PIDFILE"
wait`)
	cnf := writeFile(t, dir, "a.cnf", satCNF)
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
			if want := "satbench: interrupted after 0 runs; continue with --resume\n"; stderr.String() != want {
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
