package cmdio

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHelp(t *testing.T) {
	src := "// Satrun runs a solver.\n//\n//\tsatrun x.cnf\n//\n// Exit 10.\npackage main\n// not this\n"
	want := "Satrun runs a solver.\n\n\tsatrun x.cnf\n\nExit 10.\n"
	if got := Help(src); got != want {
		t.Errorf("Help = %q, want %q", got, want)
	}
}

func TestOpen(t *testing.T) {
	for _, p := range []string{"", "-"} {
		r, name, done, err := Open(p, strings.NewReader("x"))
		if err != nil || name != "<stdin>" {
			t.Fatalf("Open(%q) = %q, %v", p, name, err)
		}
		b, _ := io.ReadAll(r)
		done()
		if string(b) != "x" {
			t.Errorf("Open(%q) read %q", p, b)
		}
	}
	if _, _, _, err := Open(filepath.Join(t.TempDir(), "none"), nil); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Open(missing) error = %v", err)
	}
}

type failWriter struct{ n int }

func (f failWriter) WriteTo(w io.Writer) (int64, error) {
	w.Write([]byte("partial"))
	return 7, errors.New("boom")
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.txt")
	if err := WriteFile(p, strings.NewReader("old")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, failWriter{}); err == nil || err.Error() != "boom" {
		t.Fatalf("WriteFile error = %v, want boom", err)
	}
	b, _ := os.ReadFile(p)
	if string(b) != "old" {
		t.Errorf("after a failed write the file holds %q, want \"old\"", b)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("temporary file left behind: %v", ents)
	}
}
