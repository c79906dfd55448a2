package bench

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
)

// cost is what running one command cost.
type cost struct {
	Wall, User, Sys time.Duration
	MaxRSS          int64 // KiB
	Exit            int   // -1 if killed by a signal
	TimedOut        bool
	MemOut          bool
	Interrupted     bool // ctx ended
}

// runTree runs argv in its own process group with the given standard
// files, and measures it. It kills the whole process tree (the group, plus
// any descendant that moved to another group) when the deadline passes
// (SIGTERM, then SIGKILL after grace) or when the tree's resident memory
// exceeds memLimit bytes (SIGKILL at once), and always kills what is left
// of the tree when the leader exits (see proctree.Kill). The zero deadline and memLimit 0 mean
// no limit. cpu >= 0 pins the tree to that CPU (see startPinned). With cg
// and a memLimit, the tree runs in a cgroup of its own under cg and the
// kernel enforces memLimit (MemOut when its OOM killer acted). An error
// means the command could not be started.
func runTree(ctx context.Context, argv []string, stdin, stdout, stderr *os.File, deadline time.Time, memLimit int64, grace time.Duration, cpu int, cg *cgroupTree) (cost, error) {
	var u cost
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	// startPinned sets Pdeathsig: if satbench itself is killed, the run
	// dies with it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var cgr *cgroupRun
	if cg != nil && memLimit > 0 {
		// The kernel enforces the limit: the run starts inside a group
		// of its own with memory.max set, and the samples only measure.
		var err error
		if cgr, err = cg.newRun(memLimit); err != nil {
			return u, fmt.Errorf("making the run's cgroup: %v", err)
		}
		defer cgr.remove()
		cgr.attr(cmd.SysProcAttr)
		memLimit = 0
	}
	// The tag finds a descendant no sample saw, once its parent is gone.
	tag, env := proctree.Tag()
	cmd.Env = env
	start := time.Now()
	if err := startPinned(cmd, cpu); err != nil {
		return u, err
	}
	pid := cmd.Process.Pid
	done := make(chan struct{})
	go func() {
		cmd.Wait() // the exit status is read from ProcessState below
		close(done)
	}()

	var timeout <-chan time.Time
	if !deadline.IsZero() {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		timeout = t.C
	}
	sample := time.NewTimer(10 * time.Millisecond)
	defer sample.Stop()
	var hardKill <-chan time.Time
	var peak int64 // bytes, sampled sum over the tree
	// seen holds every process of the tree any sample saw, with its start
	// time, so that those that left the group and lost their parent can
	// still be killed at the end.
	seen := map[int]uint64{}
	ctxDone := ctx.Done()
	softKill := func() {
		signalTree(pid, syscall.SIGTERM, seen)
		hardKill = time.After(grace)
		timeout, ctxDone = nil, nil
	}
loop:
	for {
		select {
		case <-done:
			break loop
		case <-timeout:
			u.TimedOut = true
			softKill()
		case <-ctxDone:
			u.Interrupted = true
			softKill()
		case <-hardKill:
			signalTree(pid, syscall.SIGKILL, seen)
			hardKill = nil
		case <-sample.C:
			rss := treeRSS(pid, seen)
			peak = max(peak, rss)
			if memLimit > 0 && rss > memLimit && !u.MemOut {
				u.MemOut = true
				signalTree(pid, syscall.SIGKILL, seen)
			}
			sample.Reset(sampleInterval(time.Since(start)))
		}
	}
	u.Wall = time.Since(start)
	// Whatever the leader left behind goes too: its group, every process
	// a sample saw in the tree that still runs (the same process: same pid
	// and start time), and every one that carries the run's tag.
	syscall.Kill(-pid, syscall.SIGKILL)
	if len(seen) > 0 {
		for _, p := range readProcs() {
			if st, ok := seen[p.pid]; ok && st == p.start && p.pid != pid {
				syscall.Kill(p.pid, syscall.SIGKILL)
			}
		}
	}
	proctree.Kill(pid, tag)
	if cgr != nil && cgr.oomKilled() {
		u.MemOut = true
	}

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

func readStat(path string, buf []byte) (proc, bool) {
	f, err := os.Open(path)
	if err != nil {
		return proc{}, false
	}
	n, _ := f.Read(buf)
	f.Close()
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
// its processes to seen.
func treeRSS(pid int, seen map[int]uint64) int64 {
	var sum int64
	for _, p := range tree(pid, readProcs()) {
		sum += p.rss
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
