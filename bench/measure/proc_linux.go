package measure

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"

	"github.com/pipesat/pipesat/internal/proctree"
	"golang.org/x/sys/unix"
)

// Cost is what running one command cost.
type Cost struct {
	Wall, User, Sys time.Duration
	MaxRSS          int64 // KiB
	Exit            int   // -1 if killed by a signal
	TimedOut        bool
	MemOut          bool
	Interrupted     bool // ctx ended
	// CPUMethod says how User and Sys were measured: CPUCgroup
	// (every process that ran in the run's cgroup) or CPURusage
	// (the processes waited for).
	CPUMethod string
}

// Command is a command to run as a process tree of its own, under limits,
// and measure.
type Command struct {
	Argv                  []string
	Stdin, Stdout, Stderr *os.File
	// Deadline ends the run: SIGTERM to the whole tree, then SIGKILL after
	// Grace. The zero Deadline means none.
	Deadline time.Time
	Grace    time.Duration
	// MaxMemory bounds the tree's resident memory, in bytes: over it, the
	// tree is killed at once (SIGKILL); 0 means no limit. With a Limiter
	// whose Method is MemCgroup, the kernel enforces it instead.
	MaxMemory int64
	Limiter   *Limiter
	// CPU, if not nil, pins the tree to that CPU (see startPinned).
	CPU *int
}

// Run runs c.Argv in its own process group with c's standard files, and
// measures it: wall time, the user and system time of every waited-for
// descendant (wait4), and the peak resident memory of the whole tree,
// sampled from /proc, or the kernel's maxrss of its largest process if
// more. It kills the whole process tree (the group, plus any descendant
// that moved to another group) at c.Deadline or over c.MaxMemory (see
// Command), and always kills what is left of the tree when the leader
// exits (see proctree.Kill). With a MaxMemory and a Limiter whose Method
// is MemCgroup, the tree runs in a cgroup of its own and the kernel
// enforces the limit (MemOut when its OOM killer acted). An error means
// the command could not be started.
func (c *Command) Run(ctx context.Context) (u Cost, err error) {
	cmd := exec.Command(c.Argv[0], c.Argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = c.Stdin, c.Stdout, c.Stderr
	// startPinned sets Pdeathsig: if satbench itself is killed, the run
	// dies with it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	u.CPUMethod = CPURusage
	memLimit, release, err := c.cgroup(cmd, &u)
	if err != nil {
		return u, err
	}
	defer release()
	// The tag finds a descendant no sample saw, once its parent is gone.
	tag, env := proctree.Tag()
	cmd.Env = env
	start := time.Now()
	if err := startPinned(cmd, c.CPU); err != nil {
		return u, err
	}
	pid := cmd.Process.Pid
	done := make(chan struct{})
	go func() {
		cmd.Wait() // the exit status is read from ProcessState below
		close(done)
	}()
	w := watch{pid: pid, grace: c.Grace, memLimit: memLimit, seen: map[int]uint64{}}
	if proctree.Supervisor(cmd) {
		w.uncounted = pid // the program's supervisor: not the program's memory
	}
	peak := w.wait(ctx, done, c.Deadline, start, &u)
	u.Wall = time.Since(start)
	// Whatever the leader left behind goes too: its group, every process
	// a sample saw in the tree that still runs (the same process: same pid
	// and start time), and every one that carries the run's tag.
	syscall.Kill(-pid, syscall.SIGKILL)
	if len(w.seen) > 0 {
		for _, p := range readProcs() {
			if st, ok := w.seen[p.pid]; ok && st == p.start && p.pid != pid {
				syscall.Kill(p.pid, syscall.SIGKILL)
			}
		}
	}
	proctree.Kill(pid, tag)

	ps := cmd.ProcessState
	u.Exit = ps.ExitCode()
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		u.User = time.Duration(ru.Utime.Nano())
		u.Sys = time.Duration(ru.Stime.Nano())
		u.MaxRSS = ru.Maxrss // KiB on Linux
	}
	u.MaxRSS = max(u.MaxRSS, peak/1024)
	return u, nil
}

// cgroup puts the run in a cgroup of its own when c's Limiter has a
// delegated subtree: the group counts the run's CPU time and, where the
// Limiter's Method is MemCgroup, the kernel enforces c.MaxMemory. It
// returns the limit left for the samples to enforce, and release, which
// records the group's CPU time and any OOM kill in u and removes it.
func (c *Command) cgroup(cmd *exec.Cmd, u *Cost) (memLimit int64, release func(), err error) {
	cg := c.Limiter.cgroups(c.MaxMemory)
	if cg == nil {
		return c.MaxMemory, func() {}, nil
	}
	var kernel int64
	if m, _ := c.Limiter.Method(c.MaxMemory); m == MemCgroup {
		kernel = c.MaxMemory
	}
	cgr, err := cg.newRun(kernel)
	if err != nil {
		return 0, nil, fmt.Errorf("making the run's cgroup: %v", err)
	}
	cgr.attr(cmd.SysProcAttr)
	return c.MaxMemory - kernel, func() {
		if cgr.oomKilled() {
			u.MemOut = true
		}
		if user, sys, ok := cgr.cpu(); ok {
			u.User, u.Sys, u.CPUMethod = user, sys, CPUCgroup
		}
		cgr.remove()
	}, nil
}

// watch is a running tree, led by pid, that Run samples and kills.
type watch struct {
	pid      int
	grace    time.Duration
	memLimit int64 // bytes; 0: none
	// seen holds every process of the tree any sample saw, with its
	// start time, so that those that left the group and lost their
	// parent can still be killed at the end.
	seen map[int]uint64
	// uncounted is the supervisor's pid (see proctree.Start), left out of
	// the memory samples; 0 if none.
	uncounted int
}

// wait samples the tree until done closes, killing it at the deadline
// (zero: none), when ctx ends or over the memory limit, and records why
// in u. It returns the peak of the sampled sums, in bytes.
func (w *watch) wait(ctx context.Context, done <-chan struct{}, deadline, start time.Time, u *Cost) (peak int64) {
	var timeout <-chan time.Time
	if !deadline.IsZero() {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		timeout = t.C
	}
	sample := time.NewTimer(10 * time.Millisecond)
	defer sample.Stop()
	var hardKill <-chan time.Time
	ctxDone := ctx.Done()
	softKill := func() {
		signalTree(w.pid, syscall.SIGTERM, w.seen)
		hardKill = time.After(w.grace)
		timeout, ctxDone = nil, nil
	}
	for {
		select {
		case <-done:
			return peak
		case <-timeout:
			u.TimedOut = true
			softKill()
		case <-ctxDone:
			u.Interrupted = true
			softKill()
		case <-hardKill:
			signalTree(w.pid, syscall.SIGKILL, w.seen)
			hardKill = nil
		case <-sample.C:
			rss := treeRSS(w.pid, w.uncounted, w.seen)
			peak = max(peak, rss)
			if w.memLimit > 0 && rss > w.memLimit && !u.MemOut {
				u.MemOut = true
				signalTree(w.pid, syscall.SIGKILL, w.seen)
			}
			sample.Reset(sampleInterval(time.Since(start)))
		}
	}
}

// sampleInterval is how long to wait before the next memory sample of a run
// that has been going for d: often at first, so that short runs get a
// sample, then rarely, so that sampling costs little.
func sampleInterval(d time.Duration) time.Duration {
	switch {
	case d < 200*time.Millisecond:
		return 10 * time.Millisecond
	case d < 5*time.Second:
		return 50 * time.Millisecond
	}
	return 100 * time.Millisecond
}

// proc is one line of /proc/PID/stat, the fields we need.
type proc struct {
	pid, ppid, pgrp int
	start           uint64 // clock ticks after boot
	rss             int64  // pages
}

// readProcs reads /proc/*/stat.
func readProcs() []proc {
	d, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	procs := make([]proc, 0, len(names))
	buf := make([]byte, 1024)
	for _, n := range names {
		if n[0] < '0' || n[0] > '9' {
			continue
		}
		p, ok := readStat("/proc/"+n+"/stat", buf)
		if ok {
			procs = append(procs, p)
		}
	}
	return procs
}

// readStat reads the /proc/PID/stat file at path into buf. It uses the
// system calls themselves: a sample reads every process's file, and
// os.Open's poller registration (fcntl, epoll_ctl) tripled its cost.
func readStat(path string, buf []byte) (proc, bool) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return proc{}, false
	}
	n, err := unix.Read(fd, buf)
	unix.Close(fd)
	if err != nil || n <= 0 {
		return proc{}, false
	}
	b := buf[:n]
	// pid (comm) state ppid pgrp session tty_nr tpgid flags minflt cminflt
	// majflt cmajflt utime stime cutime cstime priority nice num_threads
	// itrealvalue starttime vsize rss ...; comm may contain spaces and ')'.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return proc{}, false
	}
	pid, _ := strconv.Atoi(string(bytes.TrimSpace(b[:bytes.IndexByte(b, '(')])))
	f2 := bytes.Fields(b[i+1:])
	if len(f2) < 22 {
		return proc{}, false
	}
	ppid, _ := strconv.Atoi(string(f2[1]))
	pgrp, _ := strconv.Atoi(string(f2[2]))
	start, _ := strconv.ParseUint(string(f2[19]), 10, 64)
	rss, _ := strconv.ParseInt(string(f2[21]), 10, 64)
	return proc{pid, ppid, pgrp, start, rss}, true
}

// tree returns the processes of the run led by pid: its process group and
// every descendant of pid, wherever its group.
func tree(pid int, procs []proc) []proc {
	in := map[int]bool{pid: true}
	var out []proc
	for changed := true; changed; {
		changed = false
		for _, p := range procs {
			if !in[p.pid] && (p.pgrp == pid || in[p.ppid]) {
				in[p.pid] = true
				changed = true
			}
		}
	}
	for _, p := range procs {
		if in[p.pid] {
			out = append(out, p)
		}
	}
	return out
}

var pageSize = int64(os.Getpagesize())

// treeRSS returns the resident memory of the run's tree in bytes and adds
// its processes to seen. The process uncounted (a supervisor) is not summed.
func treeRSS(pid, uncounted int, seen map[int]uint64) int64 {
	var sum int64
	for _, p := range tree(pid, readProcs()) {
		if p.pid != uncounted {
			sum += p.rss
		}
		seen[p.pid] = p.start
	}
	return sum * pageSize
}

// signalTree sends sig to the run's process group and to every process of
// its tree, and adds them to seen.
func signalTree(pid int, sig syscall.Signal, seen map[int]uint64) {
	syscall.Kill(-pid, sig)
	for _, p := range tree(pid, readProcs()) {
		seen[p.pid] = p.start
		syscall.Kill(p.pid, sig)
	}
}
