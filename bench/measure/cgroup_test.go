package measure

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

func TestCgroupPath(t *testing.T) {
	const (
		v2     = "29 1 0:26 / /sys/fs/cgroup rw,nosuid shared:4 - cgroup2 cgroup2 rw,nsdelegate\n"
		hybrid = "30 25 0:27 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n" +
			"41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n"
		user  = "0::/user.slice/user-1000.slice/user@1000.service/app.slice/run-1.scope\n"
		other = "12 1 0:5 / /proc rw - proc proc rw\n"
	)
	tests := []struct {
		name, mountinfo, cgroup, want, wantErr string
	}{
		{name: "cgroup v2", mountinfo: other + v2, cgroup: user, want: "/sys/fs/cgroup/user.slice/user-1000.slice/user@1000.service/app.slice/run-1.scope"},
		{name: "hybrid", mountinfo: hybrid, cgroup: "4:memory:/x\n0::/\n", want: "/sys/fs/cgroup/unified"},
		{name: "namespace root", mountinfo: "29 1 0:26 /ct/a /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n", cgroup: "0::/ct/a/job\n", want: "/sys/fs/cgroup/job"},
		{name: "other subtree mounted", mountinfo: "29 1 0:26 /ct/b /mnt rw - cgroup2 cgroup2 rw\n" + v2, cgroup: "0::/ct/a\n", want: "/sys/fs/cgroup/ct/a"},
		{name: "escaped space", mountinfo: `29 1 0:26 / /my\040cg rw - cgroup2 none rw` + "\n", cgroup: "0::/a\n", want: "/my cg/a"},
		{name: "v1 only", mountinfo: other + "30 25 0:27 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n", cgroup: "4:memory:/x\n",
			wantErr: `satbench is in no cgroup v2 group (/proc/self/cgroup has no "0::" line)`},
		{name: "no v2 mount", mountinfo: other, cgroup: "0::/\n", wantErr: "no cgroup v2 hierarchy is mounted"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := cgroupPath(tt.mountinfo, tt.cgroup)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("got %q, %v; want error %q", got, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestMemMethod(t *testing.T) {
	tests := []struct {
		name        string
		limit       int64
		dirErr      error
		controllers string
		writable    bool
		others      int
		method, why string
	}{
		{"delegated", 1 << 30, nil, "cpuset cpu io memory pids", true, 0, MemCgroup, ""},
		{"no limit", 0, nil, "memory", true, 0, MemProc, "no memory limit"},
		{"no v2", 1 << 30, errors.New("no cgroup v2 hierarchy is mounted"), "", false, 0, MemProc, "no cgroup v2 hierarchy is mounted"},
		{"memory on v1", 1 << 30, nil, "hugetlb\n", true, 0, MemProc, "cgroup v2 has no memory controller in /cg (it may be bound to cgroup v1)"},
		{"memory_x is not memory", 1 << 30, nil, "memory_x", true, 0, MemProc, "cgroup v2 has no memory controller in /cg (it may be bound to cgroup v1)"},
		{"not delegated", 1 << 30, nil, "memory pids", false, 0, MemProc, "/cg is not writable: the machine does not delegate it to satbench"},
		{"a shell's group", 1 << 30, nil, "memory pids", true, 2, MemProc, "2 other processes share /cg: it is not delegated to satbench alone"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method, why := memMethod(tt.limit, "/cg", tt.dirErr, tt.controllers, tt.writable, tt.others)
			if method != tt.method || why != tt.why {
				t.Errorf("got %s, %q; want %s, %q", method, why, tt.method, tt.why)
			}
		})
	}
}

// TestCgroupTreeFiles plays the kernel's part with plain files: the
// subtree satbench makes moves it into base/self, enables the memory
// controller where needed, sets each run's limits, and close undoes it.
func TestCgroupTreeFiles(t *testing.T) {
	for _, enabled := range []bool{false, true} {
		t.Run("memory already enabled "+strconv.FormatBool(enabled), func(t *testing.T) {
			dir := t.TempDir()
			pid := strconv.Itoa(os.Getpid())
			sub := ""
			if enabled {
				sub = "cpu memory"
			}
			writeFile(t, dir, "cgroup.subtree_control", sub)
			writeFile(t, dir, "cgroup.procs", "")
			base := filepath.Join(dir, "satbench-"+pid)
			// cgroupfs makes a group's control files itself; a plain
			// folder needs them before they are written.
			if err := os.MkdirAll(filepath.Join(base, "self"), 0o755); err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(base, "self"), "cgroup.procs", "")
			writeFile(t, base, "cgroup.subtree_control", "")
			tree, err := newCgroupTree(dir, true)
			if err != nil {
				t.Fatal(err)
			}
			read := func(path ...string) string {
				b, _ := os.ReadFile(filepath.Join(path...))
				return string(b)
			}
			if got := read(base, "self", "cgroup.procs"); got != pid {
				t.Errorf("self/cgroup.procs %q, want satbench's pid %s", got, pid)
			}
			want := "+memory"
			if enabled {
				want = sub // left alone
			}
			if got := read(dir, "cgroup.subtree_control"); got != want {
				t.Errorf("dir's cgroup.subtree_control %q, want %q", got, want)
			}
			if got := read(base, "cgroup.subtree_control"); got != "+memory" {
				t.Errorf("base's cgroup.subtree_control %q, want +memory", got)
			}
			// On plain files newRun's first write fails (cgroupfs would
			// have made memory.max with the folder): an error naming the
			// file, and no folder left behind.
			run := filepath.Join(base, "run-1")
			_, err = tree.newRun(512 << 20)
			if err == nil || err.Error() != `writing "536870912" to `+run+`/memory.max: no such file or directory` {
				t.Errorf("newRun on plain files: %v", err)
			}
			if _, err := os.Stat(run); !os.IsNotExist(err) {
				t.Errorf("newRun left %s: %v", run, err)
			}
			writeFile(t, dir, "cgroup.procs", "")
			tree.close()
			if got := read(dir, "cgroup.procs"); got != pid {
				t.Errorf("after close, dir's cgroup.procs %q, want satbench's pid %s", got, pid)
			}
		})
	}
}

// TestCgroupTreeUndo: a dir that is no cgroup fails with the file that is
// missing, and satbench's subtree is gone again.
func TestCgroupTreeUndo(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "cgroup.procs", "")
	base := filepath.Join(dir, "satbench-"+strconv.Itoa(os.Getpid()))
	_, err := newCgroupTree(dir, true)
	// mkdir works on plain files; writing self/cgroup.procs does not.
	want := `writing "` + strconv.Itoa(os.Getpid()) + `" to ` + base + `/self/cgroup.procs: no such file or directory`
	if err == nil || err.Error() != want {
		t.Fatalf("error %v\nwant %q", err, want)
	}
	if _, err := os.Stat(base); !os.IsNotExist(err) {
		t.Errorf("%s left behind: %v", base, err)
	}
}

func TestCgroupOOMKilled(t *testing.T) {
	dir := t.TempDir()
	r := &cgroupRun{dir: dir}
	if r.oomKilled() {
		t.Error("no memory.events: OOM killed")
	}
	writeFile(t, dir, "memory.events", "low 0\nhigh 0\nmax 3\noom 1\noom_kill 0\noom_group_kill 0\n")
	if r.oomKilled() {
		t.Error("oom_kill 0: OOM killed")
	}
	writeFile(t, dir, "memory.events", "low 0\nhigh 0\nmax 9\noom 1\noom_kill 2\noom_group_kill 1\n")
	if !r.oomKilled() {
		t.Error("oom_kill 2: not OOM killed")
	}
}

func TestOtherProcs(t *testing.T) {
	for _, tt := range []struct {
		procs string
		want  int
	}{{"", 0}, {"42\n", 0}, {"42\n7\n", 1}, {"1\n2\n3\n", 3}} {
		if got := otherProcs(tt.procs, 42); got != tt.want {
			t.Errorf("otherProcs(%q, 42) = %d, want %d", tt.procs, got, tt.want)
		}
	}
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCgroupTreeCPUOnly: for CPU accounting alone the subtree enables no
// controller, and a run's group gets no memory limit.
func TestCgroupTreeCPUOnly(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "cgroup.procs", "")
	base := filepath.Join(dir, "satbench-"+strconv.Itoa(os.Getpid()))
	if err := os.MkdirAll(filepath.Join(base, "self"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(base, "self"), "cgroup.procs", "")
	tree, err := newCgroupTree(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.close()
	if _, err := os.Stat(filepath.Join(dir, "cgroup.subtree_control")); !os.IsNotExist(err) {
		t.Errorf("cgroup.subtree_control written: %v", err)
	}
	r, err := tree.newRun(0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(r.dir, "memory.max")); !os.IsNotExist(err) {
		t.Errorf("memory.max written: %v", err)
	}
	if _, _, ok := r.cpu(); ok {
		t.Error("cpu() ok without cpu.stat")
	}
	writeFile(t, r.dir, "cpu.stat", "usage_usec 1500\nuser_usec 1000\nsystem_usec 500\n")
	if user, sys, ok := r.cpu(); !ok || user != time.Millisecond || sys != 500*time.Microsecond {
		t.Errorf("cpu() = %v, %v, %v; want 1ms, 500µs", user, sys, ok)
	}
	os.Remove(filepath.Join(r.dir, "cpu.stat"))
	r.remove()
}
