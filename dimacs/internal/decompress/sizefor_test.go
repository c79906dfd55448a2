package decompress

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSizeFor: a reader that says how much it holds gets a buffer just
// over that, at least MinBuffer, at most the size asked; any other reader
// (a pipe, a wrapper) gets the size asked.
func TestSizeFor(t *testing.T) {
	dir := t.TempDir()
	file := func(n int) *os.File {
		name := filepath.Join(dir, fmt.Sprint(n))
		if err := os.WriteFile(name, bytes.Repeat([]byte("x"), n), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	const size = 256 << 10
	for _, tc := range []struct {
		name string
		r    io.Reader
		want int
	}{
		{"empty file", file(0), MinBuffer},
		{"small file", file(10 << 10), 10<<10 + 1},
		{"file of size", file(size), size},
		{"big file", file(size + 1), size},
		{"pipe", pr, size},
		{"bytes.Reader", bytes.NewReader(make([]byte, 100)), MinBuffer},
		{"strings.Reader", strings.NewReader(strings.Repeat("y", 5000)), 5001},
		{"big strings.Reader", strings.NewReader(strings.Repeat("y", size)), size},
		{"wrapper", io.LimitReader(strings.NewReader("p cnf 0 0\n"), 10), size},
	} {
		if got := SizeFor(tc.r, size); got != tc.want {
			t.Errorf("%s: SizeFor = %d, want %d", tc.name, got, tc.want)
		}
	}
}
