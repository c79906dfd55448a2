package satrun

import (
	"os"
	"syscall"
	"testing"
)

// testPipe returns the read end of a pipe in blocking mode, as a shell
// gives satrun its standard input, with in written to it and then closed.
func testPipe(t *testing.T, in string) *os.File {
	t.Helper()
	var fds [2]int
	if err := syscall.Pipe2(fds[:], syscall.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	r, w := os.NewFile(uintptr(fds[0]), "pipe"), os.NewFile(uintptr(fds[1]), "pipe")
	t.Cleanup(func() { r.Close() })
	go func() {
		defer w.Close()
		w.WriteString(in)
	}()
	return r
}
