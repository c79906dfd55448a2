package bytecount

import (
	"bufio"
	"bytes"
	"errors"
	"testing"
)

// failAfter takes n bytes, then fails every write.
type failAfter struct{ n int }

var errFull = errors.New("full")

func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) <= f.n {
		f.n -= len(p)
		return len(p), nil
	}
	n := f.n
	f.n = 0
	return n, errFull
}

func TestWriter(t *testing.T) {
	var b bytes.Buffer
	c := &Writer{W: bufio.NewWriter(&b)}
	c.Write([]byte("p cnf 1 1\n"))
	c.WriteString("1 0\n")
	if c.N != 14 || c.Err != nil {
		t.Errorf("N %d, Err %v; want 14, nil", c.N, c.Err)
	}

	f := &Writer{W: &failAfter{n: 5}}
	if n, err := f.Write([]byte("abc")); n != 3 || err != nil {
		t.Errorf("first write: %d, %v", n, err)
	}
	if n, err := f.WriteString("defg"); n != 2 || err != errFull {
		t.Errorf("second write: %d, %v; want 2, %v", n, err, errFull)
	}
	// Sticky: nothing more is written once a write failed.
	if n, err := f.Write([]byte("h")); n != 0 || err != errFull {
		t.Errorf("write after the error: %d, %v", n, err)
	}
	if f.N != 5 || f.Err != errFull {
		t.Errorf("N %d, Err %v; want 5, %v", f.N, f.Err, errFull)
	}
}
