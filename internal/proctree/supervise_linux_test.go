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
)

// TestSupervisorExitsAsProgram: whoever waits for a supervised program
// sees its exit status, or the signal that killed it, as if it had run
// the program itself; and the program does not see the supervisor's mark.
func TestSupervisorExitsAsProgram(t *testing.T) {
	for _, tc := range []struct {
		script string
		code   int
		sig    syscall.Signal
	}{
		{"exit 3", 3, 0},
		{"exit 0", 0, 0},
		{`[ -z "${` + superviseEnv + `+x}" ] || exit 7`, 0, 0},
		{"kill -TERM $$", -1, syscall.SIGTERM},
		{"kill -SEGV $$", -1, syscall.SIGSEGV},
		{"kill -PIPE $$", -1, syscall.SIGPIPE},
		{"kill -KILL $$", -1, syscall.SIGKILL},
	} {
		t.Run(tc.script, func(t *testing.T) {
			cmd := exec.Command("sh", "-c", tc.script)
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			if err := Start(cmd, nil); err != nil {
				t.Fatal(err)
			}
			if !Supervisor(cmd) {
				t.Fatal("Start ran no supervisor")
			}
			cmd.Wait()
			ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
			if ws.Signaled() {
				if ws.Signal() != tc.sig || ws.CoreDump() {
					t.Errorf("the supervisor died of %v (core: %v), want %v", ws.Signal(), ws.CoreDump(), tc.sig)
				}
			} else if got := ws.ExitStatus(); got != tc.code || tc.sig != 0 {
				t.Errorf("the supervisor exited %d, want %d (signal %v)", got, tc.code, tc.sig)
			}
		})
	}
}

// TestSupervisorNotWhenStartFails: a program that cannot start is started
// as is, so that the error is the one exec gives for it.
func TestSupervisorNotWhenStartFails(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing")
	cmd := exec.Command(path)
	err := Start(cmd, nil)
	if err == nil {
		cmd.Wait()
		t.Fatal("a missing program started")
	}
	if Supervisor(cmd) || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("error %q (supervised: %v), want exec's", err, Supervisor(cmd))
	}
}

// TestSupervisorKillsTreeWhenStarterDies: a process that started a
// program with Start, or with Spawn, is killed by SIGKILL; the program's
// child, its child in a session of its own and its grandchild all go. The
// starter is this test binary run as a helper (TestMain-free: the helper
// is a test of its own, selected by -test.run and an environment
// variable).
func TestSupervisorKillsTreeWhenStarterDies(t *testing.T) {
	if os.Getenv("PROCTREE_HELPER_PIDS") != "" {
		starterHelper(os.Getenv("PROCTREE_HELPER_START"))
		return
	}
	for _, how := range []string{"Start", "Spawn"} {
		t.Run(how, func(t *testing.T) { killStarter(t, how) })
	}
}

func killStarter(t *testing.T, how string) {
	pids := filepath.Join(t.TempDir(), "pids")
	helper := exec.Command(os.Args[0], "-test.run=^TestSupervisorKillsTreeWhenStarterDies$")
	helper.Env = append(os.Environ(), "PROCTREE_HELPER_PIDS="+pids, "PROCTREE_HELPER_START="+how)
	helper.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := helper.Start(); err != nil {
		t.Fatal(err)
	}
	var listed []int
	t.Cleanup(func() {
		for _, p := range listed {
			syscall.Kill(p, syscall.SIGKILL) // what a failing test left
		}
	})
	for deadline := time.Now().Add(10 * time.Second); len(listed) < 4; time.Sleep(5 * time.Millisecond) {
		b, _ := os.ReadFile(pids)
		if strings.HasSuffix(string(b), "\n") {
			listed = listed[:0]
			for _, f := range strings.Fields(string(b)) {
				p, _ := strconv.Atoi(f)
				listed = append(listed, p)
			}
		}
		if time.Now().After(deadline) {
			helper.Process.Kill()
			helper.Wait()
			t.Fatalf("the helper's program listed %v in 10 s, want 4 pids", listed)
		}
	}
	helper.Process.Kill()
	helper.Wait()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		var left []int
		for _, p := range listed {
			if s := state(p); s != "gone" && s != "Z" {
				left = append(left, p)
			}
		}
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("processes %v still run 10 s after their starter's SIGKILL", left)
		}
	}
}

// starterHelper starts a program, with Start or (how) Spawn, that forks a
// child, a child in a session of its own and a grandchild, and lists them
// and itself in the file $PROCTREE_HELPER_PIDS at once; then it waits to
// be killed.
func starterHelper(how string) {
	cmd := exec.Command("sh", "-c", `sleep 300 & a=$!
setsid sleep 301 > /dev/null 2>&1 < /dev/null & b=$!
sh -c 'sleep 302 & echo $! > "$1.g"; wait' sh "$1" &
while [ ! -s "$1.g" ]; do sleep 0.01; done
echo $$ $a $b $(cat "$1.g") > "$1.tmp"; mv "$1.tmp" "$1"
wait`, "sh", os.Getenv("PROCTREE_HELPER_PIDS"))
	if how == "Spawn" {
		p, err := Spawn(Spec{Path: cmd.Path, Args: cmd.Args})
		if err != nil {
			os.Exit(3)
		}
		p.Wait()
		return
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := Start(cmd, nil); err != nil {
		os.Exit(3)
	}
	cmd.Wait()
}
