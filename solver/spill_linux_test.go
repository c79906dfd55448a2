package solver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/testenv"
)

// spillCNF is a CNF of about 1.2 MB, over the file size limit of
// TestSpillFullChild and several pipe buffers long.
func spillCNF() string {
	var b strings.Builder
	b.WriteString("p cnf 1000 100000\n")
	for i := range 100000 {
		fmt.Fprintf(&b, "%d -%d 0\n", i%1000+1, (i*7)%1000+1)
	}
	return b.String()
}

// TestSpillFull: when StartFile cannot spill a pipe to a temporary file
// (the folder does not exist, or a write finds no room), it starts
// nothing and returns, as rest, exactly the input: what was spilled, then
// the rest of the pipe; and leaves no file behind.
func TestSpillFull(t *testing.T) {
	e := &External{Label: "cat", Path: "/bin/cat", Stdin: true, Dialect: dimacs.Competition,
		TempDir: filepath.Join(t.TempDir(), "missing")}
	in := spillCNF()
	run, rest, err := StartFile(context.Background(), e, testenv.BlockingPipe(t, in, 4096), "t.cnf", dimacs.Options{})
	if run != nil || err != nil {
		t.Fatalf("no temporary folder: StartFile = %v, %v, want no run and no error", run, err)
	}
	if got, err := io.ReadAll(rest); err != nil || string(got) != in {
		t.Fatalf("no temporary folder: rest reads %d bytes (error %v), want the input's %d", len(got), err, len(in))
	}

	// A write that finds no room: the child's file size limit (EFBIG) is
	// the one way a test can make it happen without a full file system.
	cmd := exec.Command(os.Args[0], "-test.run=^TestSpillFullChild$", "-test.v")
	cmd.Env = append(os.Environ(), "PIPESAT_TEST_SPILL_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestSpillFullChild") {
		t.Fatalf("TestSpillFullChild under a file size limit: %v\n%s", err, out)
	}
}

// TestSpillFullChild is TestSpillFull's second half, run by it in a child
// process whose files may hold at most 64 KiB: the spill stops there with
// EFBIG, and the rest must still be the whole input.
func TestSpillFullChild(t *testing.T) {
	if os.Getenv("PIPESAT_TEST_SPILL_CHILD") == "" {
		t.Skip("run by TestSpillFull")
	}
	const limit = 64 << 10
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: limit, Max: limit}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	e := &External{Label: "cat", Path: "/bin/cat", Stdin: true, Dialect: dimacs.Competition, TempDir: dir}
	in := spillCNF()
	pipe := testenv.BlockingPipe(t, in, 0)
	file, err := spillPipe(context.Background(), pipe, nil, dir)
	var full *spillFull
	if !errors.As(err, &full) || !errors.Is(full.err, syscall.EFBIG) || full.file == nil {
		t.Fatalf("spillPipe over the limit: %v (file %v), want a *spillFull with its file, EFBIG", err, file)
	}
	if fi, err := full.file.Stat(); err != nil || fi.Size() != limit {
		t.Fatalf("the spill holds %v bytes (%v), want %d", fi.Size(), err, limit)
	}
	if got, err := io.ReadAll(full.rest(pipe)); err != nil || string(got) != in {
		t.Fatalf("rest reads %d bytes (error %v), want the input's %d", len(got), err, len(in))
	}

	// StartFile: the head it read first, the spill and the pipe.
	run, rest, err := StartFile(context.Background(), e, testenv.BlockingPipe(t, in, 1000), "t.cnf", dimacs.Options{})
	if run != nil || err != nil {
		t.Fatalf("StartFile over the limit = %v, %v, want no run and no error", run, err)
	}
	if got, err := io.ReadAll(rest); err != nil || string(got) != in {
		t.Fatalf("StartFile's rest reads %d bytes (error %v), want the input's %d", len(got), err, len(in))
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("left in the temporary folder: %v", left)
	}
}
