package measure

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"
)

// How a run's memory limit was enforced (Limiter.Method), as results
// rows record it.
const (
	// MemProc: by sampling /proc/PID/stat (see Command.Run); the peak is
	// measured so always.
	MemProc = "proc"
	// MemCgroup: by the kernel; the run had a cgroup v2 group of its own
	// with memory.max set to the limit (its peak is still measured as for
	// MemProc).
	MemCgroup = "cgroup"
)

// cgroupPath returns the cgroup v2 folder of a process, given the text of
// its /proc/PID/mountinfo and /proc/PID/cgroup.
func cgroupPath(mountinfo, procCgroup string) (string, error) {
	var rel string
	found := false
	for l := range strings.Lines(procCgroup) {
		if p, ok := strings.CutPrefix(strings.TrimSpace(l), "0::"); ok {
			rel, found = p, true
		}
	}
	if !found {
		return "", errors.New("satbench is in no cgroup v2 group (/proc/self/cgroup has no \"0::\" line)")
	}
	for l := range strings.Lines(mountinfo) {
		// ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPEROPTIONS
		f := strings.Fields(l)
		sep := slices.Index(f, "-")
		if sep < 5 || sep+1 >= len(f) || f[sep+1] != "cgroup2" {
			continue
		}
		root, mnt := unescapeMount(f[3]), unescapeMount(f[4])
		if root != "/" {
			r, ok := strings.CutPrefix(rel, root)
			if !ok || (r != "" && r[0] != '/') {
				continue // another part of the hierarchy is mounted here
			}
			rel = r
		}
		return filepath.Join(mnt, rel), nil
	}
	return "", errors.New("no cgroup v2 hierarchy is mounted")
}

// unescapeMount undoes mountinfo's octal escapes (\040 for a space).
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// memMethod decides how runs' memory is limited: MemCgroup when there is
// a limit and satbench's cgroup v2 folder dir (or the error finding it) has
// the memory controller and is delegated to satbench (see delegated), else
// MemProc and why not.
func memMethod(limit int64, dir string, dirErr error, controllers string, writable bool, others int) (method, why string) {
	switch {
	case limit <= 0:
		return MemProc, "no memory limit"
	case dirErr != nil:
		return MemProc, dirErr.Error()
	case !slices.Contains(strings.Fields(controllers), "memory"):
		return MemProc, fmt.Sprintf("cgroup v2 has no memory controller in %s (it may be bound to cgroup v1)", dir)
	}
	if why := delegated(dir, writable, others); why != "" {
		return MemProc, why
	}
	return MemCgroup, ""
}

// delegated returns "" when satbench's cgroup v2 folder dir is its own to
// split into a group per run: writable, and holding no process but
// satbench's (others counts the rest; a group whose controllers reach its
// children can hold none, so a shared one is not satbench's to split).
// Else it says why not.
func delegated(dir string, writable bool, others int) string {
	switch {
	case !writable:
		return fmt.Sprintf("%s is not writable: the machine does not delegate it to satbench", dir)
	case others > 0:
		return fmt.Sprintf("%d other processes share %s: it is not delegated to satbench alone", others, dir)
	}
	return ""
}

// otherProcs counts the processes in the cgroup.procs text other than pid.
func otherProcs(procs string, pid int) int {
	n := 0
	for _, f := range strings.Fields(procs) {
		if f != strconv.Itoa(pid) {
			n++
		}
	}
	return n
}

// cgroupTree is the subtree satbench makes in its delegated cgroup dir:
//
//	dir/satbench-PID/self    satbench itself (a group with processes
//	                         cannot pass controllers to its children)
//	dir/satbench-PID/run-N   one run each, memory.max = the limit
type cgroupTree struct {
	dir, base string
	next      atomic.Int64
}

// newCgroupTree makes the subtree in dir, moving satbench into base/self
// and, with memory, enabling the memory controller for the runs (their
// CPU time, cpu.stat, needs no controller). On failure it undoes what it
// did.
func newCgroupTree(dir string, memory bool) (t *cgroupTree, err error) {
	t = &cgroupTree{dir: dir, base: filepath.Join(dir, "satbench-"+strconv.Itoa(os.Getpid()))}
	self := filepath.Join(t.base, "self")
	defer func() {
		if err != nil {
			t.close()
			t = nil
		}
	}()
	if err := os.MkdirAll(self, 0o755); err != nil {
		return t, err
	}
	if err := writeCgroup(self, "cgroup.procs", strconv.Itoa(os.Getpid())); err != nil {
		return t, err
	}
	if !memory {
		return t, nil
	}
	sub, err := os.ReadFile(filepath.Join(dir, "cgroup.subtree_control"))
	if err != nil {
		return t, err
	}
	if !slices.Contains(strings.Fields(string(sub)), "memory") {
		// Fails (EBUSY) when other processes share dir: it is not ours.
		if err := writeCgroup(dir, "cgroup.subtree_control", "+memory"); err != nil {
			return t, err
		}
	}
	return t, writeCgroup(t.base, "cgroup.subtree_control", "+memory")
}

// writeCgroup writes text to the control file name of cgroup dir.
func writeCgroup(dir, name, text string) error {
	path := filepath.Join(dir, name)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err == nil {
		_, err = f.WriteString(text)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		err = pe.Err // the path is in the message already
	}
	if err != nil {
		return fmt.Errorf("writing %q to %s: %v", text, path, err)
	}
	return nil
}

// close moves satbench back to dir and removes the subtree.
func (t *cgroupTree) close() {
	writeCgroup(t.dir, "cgroup.procs", strconv.Itoa(os.Getpid()))
	os.Remove(filepath.Join(t.base, "self"))
	os.Remove(t.base)
}

// cgroupRun is one run's group.
type cgroupRun struct {
	dir string
	f   *os.File // open while the run starts, for clone's CLONE_INTO_CGROUP
}

// newRun makes a group for one run; with a limit (bytes, > 0) its
// memory.max, no swap, and the OOM killer taking the whole group at once.
func (t *cgroupTree) newRun(limit int64) (*cgroupRun, error) {
	dir := filepath.Join(t.base, "run-"+strconv.FormatInt(t.next.Add(1), 10))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	r := &cgroupRun{dir: dir}
	if limit > 0 {
		if err := writeCgroup(dir, "memory.max", strconv.FormatInt(limit, 10)); err != nil {
			r.remove()
			return nil, err
		}
		writeCgroup(dir, "memory.swap.max", "0") // absent without swap accounting
		writeCgroup(dir, "memory.oom.group", "1")
	}
	fd, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		r.remove()
		return nil, err
	}
	r.f = os.NewFile(uintptr(fd), dir)
	return r, nil
}

// oomKilled reports whether the kernel's OOM killer acted in the group
// (memory.events: "oom_kill N" with N > 0).
func (r *cgroupRun) oomKilled() bool {
	f, err := os.Open(filepath.Join(r.dir, "memory.events"))
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f) // a few short lines, written by the kernel
	for sc.Scan() {
		if n, ok := strings.CutPrefix(sc.Text(), "oom_kill "); ok && n != "0" {
			return true
		}
	}
	return false
}

// cpu returns the user and system CPU time of every process that ran in
// the group (cpu.stat's user_usec and system_usec, which the kernel keeps
// with or without the cpu controller); ok is false if it cannot be read.
func (r *cgroupRun) cpu() (user, sys time.Duration, ok bool) {
	b, err := os.ReadFile(filepath.Join(r.dir, "cpu.stat"))
	if err != nil {
		return 0, 0, false
	}
	return parseCPUStat(string(b))
}

// parseCPUStat reads user_usec and system_usec from cpu.stat's text.
func parseCPUStat(text string) (user, sys time.Duration, ok bool) {
	seen := 0
	for l := range strings.Lines(text) {
		k, v, _ := strings.Cut(strings.TrimSpace(l), " ")
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			continue
		}
		switch k {
		case "user_usec":
			user, seen = time.Duration(n)*time.Microsecond, seen+1
		case "system_usec":
			sys, seen = time.Duration(n)*time.Microsecond, seen+1
		}
	}
	return user, sys, seen == 2
}

// remove kills whatever is left in the group and removes it, waiting up
// to a second for its processes to go.
func (r *cgroupRun) remove() {
	if r.f != nil {
		r.f.Close()
		r.f = nil
	}
	writeCgroup(r.dir, "cgroup.kill", "1")
	for i := 0; i < 100; i++ {
		if err := os.Remove(r.dir); err == nil || errors.Is(err, os.ErrNotExist) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Limiter limits the memory of runs (Command.MaxMemory) and measures
// their CPU time as its methods decide on first use: where the machine
// delegates satbench's cgroup v2 group to it, each run gets a group of its
// own, whose cpu.stat gives the CPU time of every process of the run
// (CPUMethod "cgroup") and, with the memory controller, whose memory.max
// the kernel enforces (MemCgroup); else wait4's rusage and samples of
// /proc (MemProc). The zero Limiter is ready to use; call Close when done.
// Safe for concurrent use.
type Limiter struct {
	once   sync.Once
	method string
	why    string
	cpu    string // CPUCgroup or CPURusage
	cpuWhy string
	tree   *cgroupTree
}

// Method returns how l limits runs' memory: MemCgroup when the machine
// delegates a cgroup v2 subtree with the memory controller to this
// process, else MemProc and why not. The first call of Method or
// CPUMethod decides, for limit bytes (MemProc for none), and makes the
// cgroups; if that fails the method is MemProc and why says what failed.
func (l *Limiter) Method(limit int64) (method, why string) {
	l.once.Do(func() { l.setup(limit) })
	return l.method, l.why
}

// CPUMethod returns how l measures runs' CPU time: "cgroup" (the run's
// cgroup's cpu.stat) when the machine delegates satbench's cgroup v2
// group to it, else "rusage" and why not. limit is as for Method.
func (l *Limiter) CPUMethod(limit int64) (method, why string) {
	l.once.Do(func() { l.setup(limit) })
	return l.cpu, l.cpuWhy
}

// setup decides both methods and makes the cgroups.
func (l *Limiter) setup(limit int64) {
	mountinfo, _ := os.ReadFile("/proc/self/mountinfo")
	self, _ := os.ReadFile("/proc/self/cgroup")
	dir, err := cgroupPath(string(mountinfo), string(self))
	var controllers, procs []byte
	writable := false
	if err == nil {
		controllers, _ = os.ReadFile(filepath.Join(dir, "cgroup.controllers"))
		procs, _ = os.ReadFile(filepath.Join(dir, "cgroup.procs"))
		writable = unix.Access(dir, unix.W_OK) == nil
	}
	others := otherProcs(string(procs), os.Getpid())
	l.method, l.why = memMethod(limit, dir, err, string(controllers), writable, others)
	l.cpu = CPURusage
	if err != nil {
		l.cpuWhy = err.Error()
	} else {
		l.cpuWhy = delegated(dir, writable, others)
	}
	if l.cpuWhy != "" {
		return
	}
	if l.tree, err = newCgroupTree(dir, l.method == MemCgroup); err != nil {
		why := fmt.Sprintf("setting up cgroups in %s: %v", dir, err)
		if l.method == MemCgroup {
			l.method, l.why = MemProc, why
		}
		l.cpuWhy = why
		return
	}
	l.cpu = CPUCgroup
}

// cgroups returns the subtree a run starts in, nil for none: no Limiter,
// or no delegated cgroup. memLimit is the run's memory limit, for the
// first call's decision.
func (l *Limiter) cgroups(memLimit int64) *cgroupTree {
	if l == nil {
		return nil
	}
	l.Method(memLimit)
	return l.tree
}

// Close removes the cgroups l made for its runs, if any, and moves this
// process back to its own group. No run may start after Close.
func (l *Limiter) Close() {
	if l.tree != nil {
		l.tree.close()
		l.tree = nil
	}
}
