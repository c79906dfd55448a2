package satrun

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/solver"
)

// TestSolveFilePipeTimeout: a pipe that neither ends nor, then, holds a
// whole formula, spilled for the solver (solveFile): --timeout and an
// interrupt still answer UNKNOWN soon after, and the spill's file is
// removed at once, its descriptor closed once the pipe ends.
func TestSolveFilePipeTimeout(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip(err)
	}
	s := &solver.External{Path: sh, Args: []string{"-c", "cat > /dev/null; echo s UNKNOWN"}, Dialect: dimacs.Competition, Stdin: true}
	for _, cancel := range []bool{false, true} {
		t.Run(fmt.Sprint("cancel=", cancel), func(t *testing.T) {
			clean(t)
			var fds [2]int
			if err := syscall.Pipe2(fds[:], syscall.O_CLOEXEC); err != nil {
				t.Fatal(err)
			}
			r, w := os.NewFile(uintptr(fds[0]), "pipe"), os.NewFile(uintptr(fds[1]), "pipe")
			t.Cleanup(func() { r.Close() })
			defer w.Close()
			if _, err := w.WriteString("p cnf 3 1000000\n1 -2 3 0\n"); err != nil {
				t.Fatal(err)
			}
			ctx, stop := context.WithCancel(context.Background())
			defer stop()
			cfg := config{Solver: s}
			if cancel {
				time.AfterFunc(100*time.Millisecond, stop)
			} else {
				cfg.Timeout = 100 * time.Millisecond
			}
			var out, errOut bytes.Buffer
			start := time.Now()
			code, err := solve(ctx, cfg, r, "<stdin>", &out, &errOut)
			if el := time.Since(start); el > 1500*time.Millisecond {
				t.Errorf("returned after %v, want about 100ms", el)
			}
			if err != nil || code != 0 || out.String() != "s UNKNOWN\n" {
				t.Errorf("got %d, %q, %v; want 0, \"s UNKNOWN\\n\", no error", code, out.String(), err)
			}
			if left, _ := filepath.Glob(filepath.Join(os.Getenv("TMPDIR"), "pipesat-*")); len(left) > 0 {
				t.Errorf("the spill is left: %v", left)
			}
			w.Close() // the spill ends, and closes its file
			for deadline := time.Now().Add(10 * time.Second); spillOpen(); time.Sleep(10 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatal("the spill's descriptor is still open 10 s after the pipe ended")
				}
			}
		})
	}
}

// spillOpen reports whether this process has a pipesat-* file open.
func spillOpen() bool {
	es, _ := os.ReadDir("/proc/self/fd")
	for _, e := range es {
		if l, err := os.Readlink("/proc/self/fd/" + e.Name()); err == nil && strings.Contains(filepath.Base(l), "pipesat-") {
			return true
		}
	}
	return false
}
