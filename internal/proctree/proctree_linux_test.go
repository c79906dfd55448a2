package proctree

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
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

// TestKillMidExec runs the signals script's race: the run leaves behind
// a grandchild in a session of its own, and the first time Kill looks at
// it, it is in the middle of execve, where its environ and cmdline read
// empty (simulated here: the kernel's window is a few microseconds). Kill
// must look again rather than take it for no process of the run.
func TestKillMidExec(t *testing.T) {
	dir := t.TempDir()
	pids := filepath.Join(dir, "pids")
	tag, env := Tag()
	// The leader waits until the grandchild leads a group of its own.
	script := `setsid sleep 301 & echo $! > "$1"
while [ "$(cut -d' ' -f5 /proc/$!/stat)" != $! ]; do sleep 0.01; done`
	cmd := exec.Command("sh", "-c", script, "sh", pids)
	cmd.Env = env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	left := testenv.Pids(t, pids)
	testenv.KillListedAtEnd(t, pids)
	if len(left) != 1 {
		t.Fatalf("the script wrote %d pids, want 1", len(left))
	}
	// The grandchild reads as mid-exec the first two times each file is
	// read: Kill's first round sees an empty environ and cmdline.
	dirOf := "/proc/" + strconv.Itoa(left[0]) + "/"
	reads := map[string]int{}
	readProc = func(name string) ([]byte, error) {
		if strings.HasPrefix(name, dirOf) {
			reads[name]++
			if reads[name] <= 2 {
				return nil, nil
			}
		}
		return os.ReadFile(name)
	}
	defer func() { readProc = os.ReadFile }()
	Kill(cmd.Process.Pid, tag)
	if exists(left[0]) {
		t.Errorf("process %d of the run is still there (%s)", left[0], state(left[0]))
	}
	if reads[dirOf+"environ"] < 3 {
		t.Errorf("environ read %d times, want 3 or more: twice mid-exec, then for real", reads[dirOf+"environ"])
	}
}

// TestTaggedEnvCleared: a process whose environment is really empty (env
// -i) has a command line, so Kill decides about it at once.
func TestTaggedEnvCleared(t *testing.T) {
	c := exec.Command("env", "-i", "sleep", "305")
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { c.Process.Kill(); c.Wait() }()
	// Poll until sleep has replaced env: its environ then reads empty
	// and stays so.
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, _ := os.ReadFile("/proc/" + strconv.Itoa(c.Process.Pid) + "/cmdline")
		if strings.HasPrefix(string(b), "sleep\x00") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("env -i sleep: cmdline still %q after 10 s", b)
		}
		time.Sleep(time.Millisecond)
	}
	if mine, unsure := tagged(c.Process.Pid, "1.1"); mine || unsure {
		t.Errorf("tagged = %v, %v; want false, false", mine, unsure)
	}
}
