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
	// CPU, if not nil, pins the tree to that CPU: the leader is on it
	// before it runs a single instruction, and so is everything it forks.
	CPU *int
}

// Run runs c.Argv in its own process group with c's standard files, and
// measures it: wall time, the user and system time of its whole tree (the
// leader's wait4, which counts every descendant that was waited for, plus
// every orphan its supervisor reaped; not the supervisor's own), and the
// peak resident memory of the tree, sampled from /proc, or the kernel's
// maxrss of its largest process if more. It kills the whole process tree
// (the group, plus any descendant that moved to another group) at
// c.Deadline or over c.MaxMemory (see Command), and always kills what is
// left of the tree when the leader exits (see proctree.Spawn). With a MaxMemory and a Limiter whose Method
// is MemCgroup, the tree runs in a cgroup of its own and the kernel
// enforces the limit (MemOut when its OOM killer acted). An error means
// the command could not be started.
func (c *Command) Run(ctx context.Context) (u Cost, err error) {
	// exec.Command looks the program up in PATH as exec does, with its
	// errors.
	cmd := exec.Command(c.Argv[0], c.Argv[1:]...)
	if cmd.Err != nil {
		return u, cmd.Err
	}
	u.CPUMethod = CPURusage
	memLimit, cgroupFD, release, err := c.cgroup(&u)
	if err != nil {
		return u, err
	}
	defer release()
	start := time.Now()
	// The run dies with satbench, even by SIGKILL, and what it leaves
	// when it exits is killed and reaped before Wait returns: its
	// supervisor does both (see proctree.Spawn).
	p, err := proctree.Spawn(proctree.Spec{
		Path: cmd.Path, Args: cmd.Args,
		Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr,
		CPU: c.CPU, CgroupFD: cgroupFD,
	})
	if err != nil {
		return u, err
	}
	pid := p.Pid
	done := make(chan struct{})
	var exit proctree.Exit
	go func() {
		exit = p.Wait()
		close(done)
	}()
	w := watch{pid: pid, super: p.Supervisor, grace: c.Grace, memLimit: memLimit}
	peak := w.wait(ctx, done, c.Deadline, start, &u)
	u.Wall = time.Since(start)
	u.Exit = exit.ExitCode()
	u.User, u.Sys = exit.User, exit.Sys
	u.MaxRSS = max(exit.MaxRSS, peak/1024)
	return u, nil
}

// StopSupervisors ends the supervisors Run started its commands from (see
// proctree.Spawn) that run nothing now, and waits for them: their CPU
// time, and their commands', then counts in this process's children's
// (time(1)). Call it when done running commands; Run starts them again.
func StopSupervisors() { proctree.StopServers() }

// cgroup puts the run in a cgroup of its own when c's Limiter has a
// delegated subtree: the group counts the run's CPU time and, where the
// Limiter's Method is MemCgroup, the kernel enforces c.MaxMemory. It
// returns the limit left for the samples to enforce, the group to start
// the run in (nil: none), and release, which records the group's CPU time
// and any OOM kill in u and removes it.
func (c *Command) cgroup(u *Cost) (memLimit int64, dir *os.File, release func(), err error) {
	cg := c.Limiter.cgroups(c.MaxMemory)
	if cg == nil {
		return c.MaxMemory, nil, func() {}, nil
	}
	var kernel int64
	if m, _ := c.Limiter.Method(c.MaxMemory); m == MemCgroup {
		kernel = c.MaxMemory
	}
	cgr, err := cg.newRun(kernel)
	if err != nil {
		return 0, nil, nil, fmt.Errorf("making the run's cgroup: %v", err)
	}
	return c.MaxMemory - kernel, cgr.f, func() {
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
	super    int // the run's supervisor, which runs nothing else (see procs)
	grace    time.Duration
	memLimit int64 // bytes; 0: none
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
		w.signal(syscall.SIGTERM)
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
			w.signal(syscall.SIGKILL)
			hardKill = nil
		case <-sample.C:
			rss := w.rss()
			peak = max(peak, rss)
			if w.memLimit > 0 && rss > w.memLimit && !u.MemOut {
				u.MemOut = true
				w.signal(syscall.SIGKILL)
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
	threads         int
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
	threads, _ := strconv.Atoi(string(f2[17]))
	start, _ := strconv.ParseUint(string(f2[19]), 10, 64)
	rss, _ := strconv.ParseInt(string(f2[21]), 10, 64)
	return proc{pid, ppid, pgrp, threads, start, rss}, true
}

// descendants returns the descendants of process root among procs.
func descendants(root int, procs []proc) []proc {
	in := map[int]bool{root: true}
	for changed := true; changed; {
		changed = false
		for _, p := range procs {
			if !in[p.pid] && in[p.ppid] {
				in[p.pid] = true
				changed = true
			}
		}
	}
	var out []proc
	for _, p := range procs {
		if in[p.pid] && p.pid != root {
			out = append(out, p)
		}
	}
	return out
}

var pageSize = int64(os.Getpagesize())

// procs returns the processes of the run's tree: the descendants of its
// supervisor, read from each one's children file, a few reads for a
// solver that forks nothing (runs of a millisecond are sampled once or
// twice, and reading every process's stat cost more than the solver).
// /proc lists a process's children per thread, and listing a process's
// threads costs whoever reaps it about 4 ms (see proctree's children):
// so, where one of them has threads, it reads every process's stat
// instead (readProcs).
func (w *watch) procs() []proc {
	buf := make([]byte, 1024)
	var out []proc
	todo := readChildren(w.super, buf)
	for len(todo) > 0 && len(out) < 1<<16 {
		p, ok := readStat("/proc/"+strconv.Itoa(todo[0])+"/stat", buf)
		todo = todo[1:]
		if !ok {
			continue // ended
		}
		if p.threads > 1 {
			return descendants(w.super, readProcs())
		}
		out = append(out, p)
		todo = append(todo, readChildren(p.pid, buf)...)
	}
	return out
}

// readChildren returns the children of process pid's first thread.
func readChildren(pid int, buf []byte) []int {
	id := strconv.Itoa(pid)
	fd, err := unix.Open("/proc/"+id+"/task/"+id+"/children", unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	defer unix.Close(fd)
	var b []byte
	for {
		n, err := unix.Read(fd, buf)
		if err != nil || n <= 0 {
			break
		}
		b = append(b, buf[:n]...)
	}
	var out []int
	for _, f := range bytes.Fields(b) {
		if c, err := strconv.Atoi(string(f)); err == nil {
			out = append(out, c)
		}
	}
	return out
}

// rss returns the resident memory of the run's tree in bytes.
func (w *watch) rss() int64 {
	var sum int64
	for _, p := range w.procs() {
		sum += p.rss
	}
	return sum * pageSize
}

// signal sends sig to the run's process group and to every process of
// its tree.
func (w *watch) signal(sig syscall.Signal) {
	syscall.Kill(-w.pid, sig)
	for _, p := range w.procs() {
		syscall.Kill(p.pid, sig)
	}
}
