package testenv

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// tools is the one folder Tool builds into, shared by every test of the
// test binary.
var tools struct {
	mu    sync.Mutex
	dir   string
	built map[string]*toolBuild
}

type toolBuild struct {
	once sync.Once
	path string
	err  error
}

// Tool builds the command github.com/pipesat/pipesat/cmd/NAME once per
// test binary and returns the path of the binary: the first call builds
// (go build -buildvcs=false, so --version and the CNF header say
// "(devel)" on every machine, as in the testscript suite), every later one
// returns the same path, from any goroutine. A failed build fails t with
// the compiler's output; a later call fails the same way without building
// again. The binaries share one temporary folder, which RemoveTools
// deletes (call it from TestMain after m.Run).
//
// It is the one way the packages' tests build a tool (satrun for
// internal/difftest and package solver's process-tree tests, satbench for
// package bench's).
func Tool(t testing.TB, name string) string {
	t.Helper()
	tools.mu.Lock()
	if tools.built == nil {
		tools.built = map[string]*toolBuild{}
	}
	b := tools.built[name]
	if b == nil {
		b = &toolBuild{}
		tools.built[name] = b
	}
	if tools.dir == "" {
		dir, err := os.MkdirTemp("", "pipesat-tools-")
		if err != nil {
			tools.mu.Unlock()
			t.Fatalf("building %s: %v", name, err)
		}
		tools.dir = dir
	}
	dir := tools.dir
	tools.mu.Unlock()
	b.once.Do(func() {
		b.path = filepath.Join(dir, name)
		out, err := exec.Command("go", "build", "-buildvcs=false", "-o", b.path, "github.com/pipesat/pipesat/cmd/"+name).CombinedOutput()
		if err != nil {
			b.err = fmt.Errorf("go build cmd/%s: %v\n%s", name, err, out)
		}
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}

// RemoveTools deletes the folder Tool built into, if any. A Tool call
// after it builds again.
func RemoveTools() {
	tools.mu.Lock()
	defer tools.mu.Unlock()
	if tools.dir != "" {
		os.RemoveAll(tools.dir)
	}
	tools.dir = ""
	tools.built = nil
}
