package testenv

import (
	"bytes"
	"os"
	"testing"
)

// Golden compares got with the golden file path, after writing got
// there when update is set (a package's -update flag); a difference
// fails t and shows got.
func Golden(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test -update rewrites it); got:\n%s", path, got)
	}
}

// Input returns the text of a test's input file, for a package-level
// variable; it panics when the file cannot be read, before any test runs.
func Input(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	return string(b)
}
