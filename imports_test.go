package pipesat_test

import (
	"bytes"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCLIImports keeps the flag library in the commands' main.go files:
// libraries, internal packages and tests (the runner in internal/cmdio
// included) must not depend on it, so that they stay usable and testable
// without it.
func TestCLIImports(t *testing.T) {
	n := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if !strings.HasPrefix(p, "github.com/urfave/cli") {
				continue
			}
			if ok, _ := filepath.Match("cmd/*/main.go", filepath.ToSlash(path)); !ok {
				t.Errorf("%s imports %s: only cmd/*/main.go may", path, p)
			}
			n++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 14 {
		t.Errorf("%d files import urfave/cli, want the 14 commands' main.go", n)
	}
}

// TestThinMains keeps each command's main.go to its flags: its action
// lives in internal/tools/NAME (a cmdio.Action), so main.go names no
// cli.Context and stays short.
func TestThinMains(t *testing.T) {
	mains, err := filepath.Glob("cmd/*/main.go")
	if err != nil || len(mains) < 14 {
		t.Fatalf("found %d cmd/*/main.go (%v), want 14", len(mains), err)
	}
	for _, m := range mains {
		b, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(b, []byte("\n")); n > 60 {
			t.Errorf("%s has %d lines, want at most 60: move code to its internal/tools package", m, n)
		}
		if bytes.Contains(b, []byte("cli.Context")) {
			t.Errorf("%s names cli.Context: its action belongs in its internal/tools package", m)
		}
	}
}
