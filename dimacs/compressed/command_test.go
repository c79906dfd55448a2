package compressed

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/dimacs/internal/decompress"
	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/ulikunitz/xz"
)

// useXZ makes the decoder of xz input the system's xz (program its path)
// or, with program "", the Go decoder, until the test ends.
func useXZ(t *testing.T, program string) {
	saved := xzProgram
	xzProgram = func() string { return program }
	t.Cleanup(func() { xzProgram = saved })
}

// xzBytes compresses text with the Go encoder.
func xzBytes(t *testing.T, text string) []byte {
	var b bytes.Buffer
	w, err := xz.NewWriter(&b)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(w, text)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// decode returns what Parse's decoder makes of data, and its error.
func decode(data []byte) (string, error) {
	r, closeFn, err := decompress.NewReader(bytes.NewReader(data), 64<<10, true)
	if err != nil {
		return "", err
	}
	defer closeFn()
	b, err := io.ReadAll(r)
	return string(b), err
}

// TestXZCommand reads the same xz files through the system's xz and the
// Go decoder: the same bytes for every valid file (two streams, stream
// padding, 2 MB of CNF), and a one-line error naming xz for a corrupt,
// cut or trailing-garbage file, either way (issue 35.5).
func TestXZCommand(t *testing.T) {
	program := testenv.Program(t, "xz")
	var cnf strings.Builder
	fmt.Fprintf(&cnf, "p cnf 1000 %d\n", 200000)
	for i := range 200000 {
		fmt.Fprintf(&cnf, "%d -%d %d 0\n", 1+i%1000, 1+i*7%1000, 1+i*13%1000)
	}
	small := xzBytes(t, "p cnf 2 1\n1 -2 0\n"+strings.Repeat("c padding the stream out\n", 200))
	big := xzBytes(t, cnf.String())
	bad := bytes.Clone(big)
	for i := len(bad) / 2; i < len(bad)/2+4; i++ {
		bad[i] ^= 0x55
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string // the error, both ways
	}{
		{"one stream", big, ""},
		{"two streams", append(bytes.Clone(small), xzBytes(t, "c a second stream\n")...), ""},
		{"stream padding", append(bytes.Clone(small), 0, 0, 0, 0), ""},
		{"corrupt", bad, "xz: compressed data is corrupt"},
		{"cut", big[:len(big)-5], "xz: unexpected end of input"},
		{"trailing garbage", append(bytes.Clone(small), "junk"...), "xz: unexpected end of input"},
	} {
		useXZ(t, "")
		goText, goErr := decode(tc.data)
		_, goReadErr := dimacs.Read(bytes.NewReader(tc.data), "f.cnf.xz", dimacs.Options{})
		useXZ(t, program)
		text, err := decode(tc.data)
		_, readErr := dimacs.Read(bytes.NewReader(tc.data), "f.cnf.xz", dimacs.Options{})
		if tc.want == "" {
			if text != goText || err != nil || goErr != nil || readErr != nil || goReadErr != nil {
				t.Errorf("%s: xz gives %d bytes and %v, %v; the Go decoder %d bytes and %v, %v", tc.name, len(text), err, readErr, len(goText), goErr, goReadErr)
			}
			continue
		}
		// Before a corrupt block ends, xz and the Go decoder may give
		// different bytes: neither has checked them yet.
		if fmt.Sprint(err) != tc.want || fmt.Sprint(goErr) != tc.want {
			t.Errorf("%s: xz: %v, Go decoder: %v; want %s", tc.name, err, goErr, tc.want)
		}
		if want := "f.cnf.xz: " + tc.want; fmt.Sprint(readErr) != want || fmt.Sprint(goReadErr) != want {
			t.Errorf("%s: Read: xz: %v, Go decoder: %v; want %s", tc.name, readErr, goReadErr, want)
		}
	}
}

// TestXZCommandClose: a reader that stops early (a parse error) ends the
// child xz by its PID and reaps it, even when the input feeding xz has
// stalled (a pipe whose writer hangs); a missing xz program falls back on
// the Go decoder.
func TestXZCommandClose(t *testing.T) {
	program := testenv.Program(t, "xz")
	var cnf strings.Builder
	cnf.WriteString("p cnf 1000 200000\n")
	rng := rand.New(rand.NewPCG(1, 2)) // incompressible enough that half of it decodes to more than 1000 bytes
	for range 200000 {
		fmt.Fprintf(&cnf, "%d -%d 0\n", 1+rng.IntN(1000), 1+rng.IntN(1000))
	}
	data := xzBytes(t, cnf.String())
	stall := make(chan struct{})
	defer close(stall)
	in := io.MultiReader(bytes.NewReader(data[:len(data)/2]), stalledReader(stall))
	cr, err := startCommand(program, in, "-dc")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadFull(cr, make([]byte, 1000)); err != nil {
		t.Fatal(err)
	}
	pid := cr.cmd.Process.Pid
	closed := make(chan struct{})
	go func() { cr.close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(time.Minute):
		t.Fatal("close still waits after a minute")
	}
	if err := syscall.Kill(pid, 0); err != syscall.ESRCH {
		t.Errorf("xz (pid %d) after close: %v, want no such process (ended and reaped)", pid, err)
	}
	if n, err := cr.Read(make([]byte, 10)); n != 0 || err == nil {
		t.Errorf("Read after close: %d, %v", n, err)
	}

	useXZ(t, "/nonexistent/xz")
	if text, err := decode(data); err != nil || text != cnf.String() {
		t.Errorf("without xz: %d bytes, %v", len(text), err)
	}
}

// stalledReader blocks until stall is closed, then ends.
type stalledReader chan struct{}

func (s stalledReader) Read([]byte) (int, error) {
	<-s
	return 0, io.EOF
}
