package proctree

import (
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestStartOutlivesThread starts a child from a goroutine locked to its
// thread that then returns, which ends the thread. The kernel sends
// PR_SET_PDEATHSIG when the thread that forked a child ends, so a child
// forked by that thread dies (the control, which shows the test can
// fail) while one started with Start lives on: Start forks from a thread
// that lasts as long as the process.
func TestStartOutlivesThread(t *testing.T) {
	for _, tc := range []struct {
		name  string
		start func(*exec.Cmd) error
		lives bool
	}{
		{"Start", func(c *exec.Cmd) error { return Start(c, nil) }, true},
		{"control: cmd.Start with Pdeathsig", func(c *exec.Cmd) error {
			c.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
			return c.Start()
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := exec.Command("sleep", "300")
			errc := make(chan error, 1)
			id := onEndingThread(func() { errc <- tc.start(c) })
			if err := <-errc; err != nil {
				t.Fatal(err)
			}
			defer func() { c.Process.Kill(); c.Wait() }()
			task := "/proc/self/task/" + strconv.Itoa(id)
			deadline := time.Now().Add(10 * time.Second)
			for {
				if _, err := os.Stat(task); os.IsNotExist(err) {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("thread %d still there 10 s after its locked goroutine returned", id)
				}
				time.Sleep(time.Millisecond)
			}
			if !tc.lives {
				// The signal was sent as the thread ended: wait for the death.
				ps, err := c.Process.Wait()
				if err != nil || ps.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
					t.Fatalf("the control child ended with %v, %v; want SIGKILL: the test cannot tell", ps, err)
				}
				return
			}
			// A SIGKILL sent as the thread ended is dead or pending by now.
			// Alive is S, R or D: a loaded machine may find it waiting on
			// the disk, paging in its program.
			if s := state(c.Process.Pid); (s != "S" && s != "R" && s != "D") || killPending(c.Process.Pid) {
				t.Errorf("the child is %s (SIGKILL pending: %v) after the thread that asked for its start ended", s, killPending(c.Process.Pid))
			}
		})
	}
}

// killPending reports whether pid has a SIGKILL pending, for itself or its
// thread group (/proc/PID/status SigPnd, ShdPnd: hex masks, bit 8).
func killPending(pid int) bool {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	for _, l := range strings.Split(string(b), "\n") {
		k, v, _ := strings.Cut(l, ":")
		if k == "SigPnd" || k == "ShdPnd" {
			if m, err := strconv.ParseUint(strings.TrimSpace(v), 16, 64); err == nil && m&(1<<(syscall.SIGKILL-1)) != 0 {
				return true
			}
		}
	}
	return false
}

// onEndingThread runs f in a goroutine locked to a thread that is not the
// main thread, and returns that thread's id: the thread ends when f
// returns. (The runtime never ends the main thread; it parks it.)
func onEndingThread(f func()) int {
	tid := make(chan int, 1)
	var try func()
	try = func() {
		runtime.LockOSThread() // never unlocked but on the main thread
		if syscall.Gettid() == os.Getpid() {
			// Hold the main thread while another goroutine, which
			// then runs on another thread, tries.
			done := make(chan struct{})
			go func() { try(); close(done) }()
			<-done
			runtime.UnlockOSThread()
			return
		}
		tid <- syscall.Gettid()
		f()
	}
	go try()
	return <-tid
}

// BenchmarkStart compares starting (and waiting for) /bin/true through
// Start's one thread with cmd.Start from any thread, run in parallel as
// satbench --jobs does: go test -bench Start -cpu 2 ./internal/proctree/
func BenchmarkStart(b *testing.B) {
	for _, bc := range []struct {
		name  string
		start func(*exec.Cmd) error
	}{
		{"Start", func(c *exec.Cmd) error { return Start(c, nil) }},
		{"cmd.Start", func(c *exec.Cmd) error { return c.Start() }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					c := exec.Command("/bin/true")
					if err := bc.start(c); err != nil {
						b.Fatal(err)
					}
					c.Wait()
				}
			})
		})
	}
}
