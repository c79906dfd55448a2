package testenv

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Pids returns the process IDs listed, separated by white space, in the
// file at path: fake solvers in tests write their own and their
// children's PIDs there.
func Pids(t testing.TB, path string) []int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, f := range strings.Fields(string(b)) {
		p, err := strconv.Atoi(f)
		if err != nil {
			t.Fatal(err)
		}
		pids = append(pids, p)
	}
	return pids
}

// KillListedAtEnd makes the end of t send SIGKILL to every process listed
// in the file at path (as Pids reads it) that still exists: whatever a
// failing test left running. It stops only processes the test's own fakes
// listed, by PID, never by name.
func KillListedAtEnd(t testing.TB, path string) {
	t.Cleanup(func() {
		b, _ := os.ReadFile(path)
		for _, f := range strings.Fields(string(b)) {
			if p, err := strconv.Atoi(f); err == nil && p > 1 {
				if _, err := os.Stat("/proc/" + f); err == nil {
					syscall.Kill(p, syscall.SIGKILL)
				}
			}
		}
	})
}

// Proc is a process as its /proc/PID/stat line describes it.
type Proc struct {
	Pid, PPid, Pgrp int
	State           byte   // R, S, D, T, ...; never Z or X in what Procs returns
	Comm            string // the program name, in parentheses
}

// Procs returns the live processes of the process table: zombies and dead
// ones are left out. It reads /proc, so it returns nothing off Linux.
func Procs() []Proc {
	es, _ := os.ReadDir("/proc")
	var ps []Proc
	for _, e := range es {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if p, ok := readProc(pid); ok {
			ps = append(ps, p)
		}
	}
	return ps
}

// readProc reads /proc/pid/stat; ok is false for a process that is gone,
// a zombie or dead.
func readProc(pid int) (p Proc, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return p, false
	}
	// pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses.
	s := string(b)
	i, j := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if i < 0 || j < i {
		return p, false
	}
	f := strings.Fields(s[j+1:])
	if len(f) < 3 || f[0] == "Z" || f[0] == "X" {
		return p, false
	}
	p.Pid = pid
	p.Comm = s[i : j+1]
	p.State = f[0][0]
	p.PPid, _ = strconv.Atoi(f[1])
	p.Pgrp, _ = strconv.Atoi(f[2])
	return p, true
}

// Alive reports whether pid is a live process (not a zombie).
func Alive(pid int) bool {
	_, ok := readProc(pid)
	return ok
}

// Gone waits up to 20 s for pid to stop being a live process and reports
// whether it did: a process already killed ends at once on an idle
// machine, and within the deadline on a loaded one.
func Gone(pid int) bool {
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if !Alive(pid) {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
	}
}

// WchanShown reports whether /proc/PID/task/TID/wchan names the kernel
// function where a sleeping thread waits ("pipe_write", "futex_wait..."),
// as tests that wait for a process to block in a read or write need. It
// looks at this process's own threads, which exist already, so it
// answers at once: true when a wchan names a function; false when wchan
// cannot be read, or when a thread asleep (state S before and after the
// read) shows "0" 20 times, as where the kernel hides it (kptr_restrict,
// no kallsyms, some sandboxes). A sleeping thread may show "0" for a
// moment as it wakes, hence the count. The answer is computed once.
func WchanShown() bool { return wchanShown() }

var wchanShown = sync.OnceValue(func() bool { return wchanNamed("/proc/self/task/*") })

// wchanNamed is WchanShown for the threads whose folders match glob.
func wchanNamed(glob string) bool {
	hidden := 0
	for deadline := time.Now().Add(10 * time.Second); hidden < 20 && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		tasks, _ := filepath.Glob(glob)
		for _, task := range tasks {
			before := taskState(task)
			b, err := os.ReadFile(task + "/wchan")
			if err != nil {
				if os.IsNotExist(err) {
					continue // the thread ended
				}
				return false
			}
			if w := strings.TrimSpace(string(b)); w != "" && w != "0" {
				return true
			}
			if before == 'S' && taskState(task) == 'S' {
				hidden++
			}
		}
	}
	return false
}

// taskState returns the state letter of /proc/self/task/TID/stat, or 0.
func taskState(task string) byte {
	b, _ := os.ReadFile(task + "/stat")
	s := string(b)
	j := strings.LastIndexByte(s, ')')
	if j < 0 || j+2 >= len(s) {
		return 0
	}
	return s[j+2]
}
