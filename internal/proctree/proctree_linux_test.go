package proctree

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/pipesat/pipesat/internal/testenv"
)

// TestKill starts a run whose first process leaves behind a child in its
// group, a grandchild in a new session (setsid), and one that clears its
// environment under a tagged parent; and an untagged process of the test's
// own. Kill must end and reap the run's four, and only those.
func TestKill(t *testing.T) {
	dir := t.TempDir()
	pids := filepath.Join(dir, "pids")
	// The leader exits at once; its children become ours (subreaper).
	script := `sleep 300 & echo $! >> "$1"
setsid sleep 301 & echo $! >> "$1"
sh -c 'env -i sleep 302 & echo $! >> "$1"; setsid sleep 303 & echo $! >> "$1"; wait' sh "$1" &
while [ $(wc -l < "$1") -lt 4 ]; do sleep 0.01; done`
	tag, env := Tag()
	cmd := exec.Command("sh", "-c", script, "sh", pids)
	cmd.Env = env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	other := exec.Command("sleep", "304") // untagged: not the run's
	other.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { other.Process.Kill(); other.Wait() }()
	left := testenv.Pids(t, pids)
	if len(left) != 4 {
		t.Fatalf("the script wrote %d pids, want 4", len(left))
	}
	for _, p := range left {
		if !exists(p) {
			t.Fatalf("process %d ended before Kill: the test proves nothing", p)
		}
	}

	start := time.Now()
	Kill(cmd.Process.Pid, tag)
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Kill took %v", d)
	}
	for _, p := range left {
		if exists(p) { // gone, not even a zombie: reaped
			t.Errorf("process %d of the run is still there (%s)", p, state(p))
		}
	}
	if state(other.Process.Pid) != "S" && state(other.Process.Pid) != "R" {
		t.Errorf("Kill touched a process that was not the run's: state %q", state(other.Process.Pid))
	}
}

func TestHasTag(t *testing.T) {
	for _, tc := range []struct {
		env  string
		want bool
	}{
		{"A=1\x00PIPESAT_RUN=7.1\x00", true},
		{"PIPESAT_RUN=3.4 7.1\x00B=2", true},
		{"PIPESAT_RUN=7.10\x00", false},
		{"XPIPESAT_RUN=7.1\x00", false},
		{"", false},
	} {
		if got := hasTag([]byte(tc.env), "7.1"); got != tc.want {
			t.Errorf("hasTag(%q) = %v, want %v", tc.env, got, tc.want)
		}
	}
}

func TestTagNests(t *testing.T) {
	t.Setenv(EnvVar, "1.1")
	tag, env := Tag()
	want := EnvVar + "=1.1 " + tag
	if env[len(env)-1] != want {
		t.Errorf("env ends in %q, want %q", env[len(env)-1], want)
	}
}

func exists(pid int) bool {
	_, err := os.Stat("/proc/" + strconv.Itoa(pid))
	return err == nil
}

func state(pid int) string {
	p, ok := readStat(pid)
	if !ok {
		return "gone"
	}
	return string(p.state)
}
