package testenv

import (
	"os"
	"strconv"
	"strings"
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

// Gone waits up to 2 s for pid to stop being a live process and reports
// whether it did.
func Gone(pid int) bool {
	for range 200 {
		if !Alive(pid) {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}
