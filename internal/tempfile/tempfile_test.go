package tempfile

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pipesat/pipesat/internal/proctree"
)

func TestCreateName(t *testing.T) {
	dir := t.TempDir()
	f, err := Create(dir, "pipesat-*.cnf")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	name := filepath.Base(f.Name())
	if !strings.HasPrefix(name, "pipesat-"+owner()+"-") || !strings.HasSuffix(name, ".cnf") {
		t.Errorf("name %q, want pipesat-%s-RANDOM.cnf", name, owner())
	}
	d, err := Mkdir(dir, "satbench-*")
	if err != nil {
		t.Fatal(err)
	}
	if name := filepath.Base(d); !strings.HasPrefix(name, "satbench-"+owner()+"-") {
		t.Errorf("folder %q, want satbench-%s-RANDOM", name, owner())
	}
	if _, err := Create(dir, "no-star"); err == nil || err.Error() != `tempfile: bad pattern "no-star": want one "*" and no '/'` {
		t.Errorf("pattern without *: %v", err)
	}
}

// TestSweep makes leftovers named for a process that has ended, for one
// that has ended but is not reaped (a zombie), and for one whose pid now
// runs another program (same pid, another start time); and names that
// must stay: a live process's, this process's, another machine's, and
// names that are not stamped. Sweep removes exactly the leftovers.
func TestSweep(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("Sweep removes nothing without /proc")
	}
	dir := t.TempDir()
	dead := exec.Command("sleep", "300")
	if err := dead.Start(); err != nil {
		t.Fatal(err)
	}
	deadStart, ok := proctree.StartTime(dead.Process.Pid)
	if !ok {
		t.Fatal("no start time for a running process")
	}
	dead.Process.Kill()
	dead.Wait()
	live := exec.Command("sleep", "300")
	if err := live.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { live.Process.Kill(); live.Wait() }()
	liveStart, _ := proctree.StartTime(live.Process.Pid)
	// A zombie has ended: an orphan waits for init to reap it, which in a
	// container may never happen.
	zombie := exec.Command("sleep", "300")
	if err := zombie.Start(); err != nil {
		t.Fatal(err)
	}
	zombieStart, _ := proctree.StartTime(zombie.Process.Pid)
	zombie.Process.Kill()
	defer zombie.Wait()
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", zombie.Process.Pid))
		if strings.Contains(string(b), ") Z ") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("sleep not a zombie 10 s after SIGKILL: %s", b)
		}
		time.Sleep(time.Millisecond)
	}
	key := machineKey()
	stamp := func(pid int, start uint64, key string) string { return fmt.Sprintf("%d.%d.%s", pid, start, key) }

	gone := []string{
		"pipesat-" + stamp(dead.Process.Pid, deadStart, key) + "-123.cnf",
		"satbench-" + stamp(dead.Process.Pid, deadStart, key) + "-456",         // a folder
		"pipesat-" + stamp(live.Process.Pid, liveStart+1, key) + "-789.result", // pid reused
		"pipesat-slurm-" + stamp(dead.Process.Pid, deadStart, key) + "-1",      // "-" in the prefix
		"pipesat-" + stamp(zombie.Process.Pid, zombieStart, key) + "-2.drat",
	}
	kept := []string{
		"pipesat-" + stamp(live.Process.Pid, liveStart, key) + "-123.cnf",
		"pipesat-" + owner() + "-5.cnf",
		"pipesat-" + stamp(dead.Process.Pid, deadStart, "00000000") + "-123.cnf", // another machine
		"pipesat-123.cnf",
		"pipesat-" + stamp(dead.Process.Pid, deadStart, key) + "-x.cnf",
		"notes.txt",
	}
	for _, n := range append(slices.Clone(gone), kept...) {
		p := filepath.Join(dir, n)
		if strings.HasPrefix(n, "satbench-") {
			if err := os.MkdirAll(filepath.Join(p, "sub"), 0o755); err != nil {
				t.Fatal(err)
			}
			p = filepath.Join(p, "sub", "instance.cnf")
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	removed := Sweep(dir)
	slices.Sort(removed)
	want := slices.Clone(gone)
	slices.Sort(want)
	if !slices.Equal(removed, want) {
		t.Errorf("Sweep removed %q, want %q", removed, want)
	}
	ents, _ := os.ReadDir(dir)
	var left []string
	for _, e := range ents {
		left = append(left, e.Name())
	}
	slices.Sort(kept)
	if !slices.Equal(left, kept) {
		t.Errorf("left %q, want %q", left, kept)
	}
}
