package proctree

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

var subreaper sync.Once

func becomeSubreaper() {
	subreaper.Do(func() {
		// An error (a kernel before 3.4) leaves orphans to init: Kill then
		// finds only those whose parent is alive.
		unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
	})
}

// Kill kills with SIGKILL what is left of the run with the given tag whose
// first process led process group pgid and has been waited for: the group,
// every descendant of this process that carries the tag, and everything
// below those; and it reaps those that became this process's children. It
// returns when none is left, or after two seconds if one will not die (a
// process blocked in the kernel).
func Kill(pgid int, tag string) {
	syscall.Kill(-pgid, syscall.SIGKILL)
	self := os.Getpid()
	ours := map[int]uint64{} // pid -> start time of the run's processes seen
	deadline := time.Now().Add(2 * time.Second)
	for delay := time.Millisecond; ; delay = min(2*delay, 20*time.Millisecond) {
		pending := false
		for _, pid := range children(self) {
			p, ok := readStat(pid)
			if !ok {
				continue
			}
			start, seen := ours[pid]
			mine := (seen && start == p.start) || p.pgrp == pgid
			if p.state == 'Z' {
				if mine {
					var ws syscall.WaitStatus
					if n, _ := syscall.Wait4(pid, &ws, syscall.WNOHANG, nil); n == pid {
						delete(ours, pid)
					} else {
						pending = true
					}
				}
				continue
			}
			if !mine {
				var unsure bool
				if mine, unsure = tagged(pid, tag); unsure {
					pending = true // look again on the next round
				}
			}
			if mine {
				// The whole subtree: a descendant that cleared its
				// environment is the run's all the same.
				for _, q := range subtree(pid) {
					ours[q.pid] = q.start
					syscall.Kill(q.pid, syscall.SIGKILL)
				}
				pending = true
			}
		}
		if !pending || time.Now().After(deadline) {
			return
		}
		time.Sleep(delay)
	}
}

// readProc reads a file of /proc; tests replace it.
var readProc = os.ReadFile

// tagged reports whether process pid carries tag in its environment, and
// unsure when that cannot be told yet: while a process is in the middle of
// execve, from the moment its new memory replaces the old to the moment
// the kernel has copied the environment onto the new stack, its environ
// and its cmdline both read empty (a process that re-execs itself in a
// loop reads so about once in 2,000 reads here). A setsid'd grandchild
// read in that moment was taken for no process of the run and left
// running. A process whose environment is really empty has a command line.
func tagged(pid int, tag string) (mine, unsure bool) {
	dir := "/proc/" + strconv.Itoa(pid) + "/"
	env, err := readProc(dir + "environ")
	if err != nil {
		return false, false // gone, or not ours to read
	}
	if len(env) > 0 {
		return hasTag(env, tag), false
	}
	if cmd, err := readProc(dir + "cmdline"); err == nil && len(cmd) == 0 {
		return false, true
	}
	// The exec may have ended between the two reads: read again.
	env, err = readProc(dir + "environ")
	return err == nil && hasTag(env, tag), false
}

// proc is what Kill needs of /proc/PID/stat.
type proc struct {
	pid, pgrp int
	state     byte
	start     uint64 // clock ticks after boot
}

func readStat(pid int) (proc, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return proc{}, false
	}
	// pid (comm) state ppid pgrp ... starttime is field 22; comm may hold
	// spaces and ')'.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return proc{}, false
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 20 || len(f[0]) != 1 {
		return proc{}, false
	}
	pgrp, _ := strconv.Atoi(string(f[2]))
	start, _ := strconv.ParseUint(string(f[19]), 10, 64)
	return proc{pid: pid, pgrp: pgrp, state: f[0][0], start: start}, true
}

// subtree returns pid and its descendants.
func subtree(pid int) []proc {
	var out []proc
	todo := []int{pid}
	for len(todo) > 0 && len(out) < 1<<16 {
		p, ok := readStat(todo[0])
		todo = todo[1:]
		if !ok {
			continue
		}
		out = append(out, p)
		todo = append(todo, children(p.pid)...)
	}
	return out
}

// children returns pid's children, from each of its threads' children
// file, or a scan of every /proc/*/stat where the kernel has no such files.
// A thread TID's file is read as /proc/TID/task/TID/children, not
// /proc/PID/task/TID/children: the same file, but one that once opened
// under /proc/PID/task/ for a thread other than the first costs whoever
// reaps process PID about 4 ms of CPU (the kernel's clean-up of those
// /proc entries), each satrun run with an external solver included.
func children(pid int) []int {
	tasks, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task/")
	if err != nil {
		return nil
	}
	var out []int
	for _, t := range tasks {
		b, err := os.ReadFile("/proc/" + t.Name() + "/task/" + t.Name() + "/children")
		if os.IsNotExist(err) && t.Name() == strconv.Itoa(pid) {
			return scanChildren(pid)
		}
		for _, f := range bytes.Fields(b) {
			if c, err := strconv.Atoi(string(f)); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// scanChildren returns pid's children from every /proc/*/stat.
func scanChildren(pid int) []int {
	names, _ := os.ReadDir("/proc")
	var out []int
	for _, n := range names {
		c, err := strconv.Atoi(n.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + n.Name() + "/stat")
		if err != nil {
			continue
		}
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		if f := bytes.Fields(b[i+1:]); len(f) > 1 && string(f[1]) == strconv.Itoa(pid) {
			out = append(out, c)
		}
	}
	return out
}

// StartTime returns when process pid started, in clock ticks after boot:
// with the pid it names one process for as long as the machine runs. It
// returns false if there is no such process or it has ended (a zombie no
// one has reaped yet: an orphan waits for init, which may be slow to reap
// it or, in a container, never do).
func StartTime(pid int) (uint64, bool) {
	p, ok := readStat(pid)
	if !ok || p.state == 'Z' || p.state == 'X' {
		return 0, false
	}
	return p.start, true
}
