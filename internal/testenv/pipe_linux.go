package testenv

import (
	"os"
	"syscall"
	"testing"
)

// BlockingPipe returns the read end of a pipe in blocking mode, as a
// shell gives a tool its standard input, with in written to it in pieces
// of up to chunk bytes (all at once if chunk <= 0) and then closed. The
// read end is closed when the test ends.
func BlockingPipe(t testing.TB, in string, chunk int) *os.File {
	t.Helper()
	var fds [2]int
	if err := syscall.Pipe2(fds[:], syscall.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	r, w := os.NewFile(uintptr(fds[0]), "pipe"), os.NewFile(uintptr(fds[1]), "pipe")
	t.Cleanup(func() { r.Close() })
	if chunk <= 0 {
		chunk = max(len(in), 1)
	}
	go func() {
		defer w.Close()
		for len(in) > 0 {
			n := min(chunk, len(in))
			if _, err := w.WriteString(in[:n]); err != nil {
				return
			}
			in = in[n:]
		}
	}()
	return r
}
