package measure

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pipesat/pipesat/internal/proctree"
	"github.com/pipesat/pipesat/internal/testenv"
)

// TestProcsWalk: a run's processes, read from its supervisor's subtree,
// are the leader, its child and the orphan it left in a session of its
// own (the supervisor's child now), and no other; a full scan of /proc
// finds the same.
func TestProcsWalk(t *testing.T) {
	pids := filepath.Join(t.TempDir(), "pids")
	testenv.KillListedAtEnd(t, pids)
	p, err := proctree.Spawn(proctree.Spec{Path: "/bin/sh", Args: []string{"sh", "-c", `echo $$ >> "$1"
sleep 300 & echo $! >> "$1"
sh -c 'setsid sleep 301 > /dev/null 2>&1 < /dev/null & echo $! >> "$1"' sh "$1"
wait`, "sh", pids}})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		syscall.Kill(-p.Pid, syscall.SIGKILL)
		p.Wait()
	}()
	w := watch{pid: p.Pid, super: p.Supervisor}
	var want, got, scan []int
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		// The file may not be there yet, or hold fewer lines.
		if b, _ := os.ReadFile(pids); strings.Count(string(b), "\n") == 3 {
			want = testenv.Pids(t, pids)
			got, scan = sorted(w.procs()), sorted(descendants(w.super, readProcs()))
			slices.Sort(want)
			if slices.Equal(got, want) && slices.Equal(scan, want) {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("procs %v, the scan %v; want the run's %v", got, scan, want)
		}
	}
}

func sorted(ps []proc) []int {
	var out []int
	for _, p := range ps {
		out = append(out, p.pid)
	}
	slices.Sort(out)
	return out
}
