package solver

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
)

// TestSilentPipeReadsBufferedOutput: a deadline that passed while the
// reader was busy must not cut output that is already in the pipe.
func TestSilentPipeReadsBufferedOutput(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	want := make([]byte, 32<<10)
	for i := range want {
		want[i] = 'a' + byte(i%26)
	}
	if _, err := w.Write(want); err != nil {
		t.Fatal(err)
	}
	w.Close()
	r.SetReadDeadline(time.Now().Add(-time.Second)) // already passed
	got, err := io.ReadAll(&silentPipe{f: r, grace: 50 * time.Millisecond})
	if err != nil || string(got) != string(want) {
		t.Fatalf("read %d bytes, err %v; want %d bytes, no error", len(got), err, len(want))
	}
}

// TestSilentPipeGivesUp: a pipe held open by a writer that writes nothing
// fails after about one more grace period.
func TestSilentPipeGivesUp(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	w.Write([]byte("s SATISFIABLE\n"))
	r.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
	start := time.Now()
	got, err := io.ReadAll(&silentPipe{f: r, grace: 50 * time.Millisecond})
	if !errors.Is(err, os.ErrDeadlineExceeded) || string(got) != "s SATISFIABLE\n" {
		t.Fatalf("got %q, %v; want the line and a deadline error", got, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("gave up after %v", d)
	}
}

// TestWriteTempCancelled: a cancelled ctx stops writing the temporary CNF
// and leaves no file.
func TestWriteTempCancelled(t *testing.T) {
	dir := t.TempDir()
	f := &dimacs.Formula{}
	for v := 1; v <= 200000; v++ {
		f.AddClause(v, -(v%1000 + 1))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := writeTemp(ctx, dir, "pipesat-*.cnf", f, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != 0 {
		t.Fatalf("left %v", left)
	}
}
