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

// TestCLIImports keeps the flag library, urfave/cli, in the commands:
// only internal/tools/NAME (a command's flags and action) and
// internal/cmdio (the runner and the flags commands share, with its
// packages solverflag, nonoflag, sudokuflag and twistyflag) may import it,
// so that every library stays usable and testable without it.
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
		dir := filepath.ToSlash(filepath.Dir(path))
		tool, _ := filepath.Match("internal/tools/*", dir)
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if !strings.HasPrefix(p, "github.com/urfave/cli") {
				continue
			}
			if !tool && dir != "internal/cmdio" && !strings.HasPrefix(dir, "internal/cmdio/") {
				t.Errorf("%s imports %s: only internal/tools/NAME and internal/cmdio (and its packages) may", path, p)
			}
			n++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 15 {
		t.Errorf("%d files import urfave/cli, want at least the 14 tools' and cmdio's", n)
	}
}

// TestThinMains keeps each command's main.go to its manual and a call of
// its tool's Main: the flags and the action live in internal/tools/NAME.
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
		name := filepath.Base(filepath.Dir(m))
		if n := bytes.Count(b, []byte("\n")); n > 15 {
			t.Errorf("%s has %d lines, want at most 15: the flags and the action belong in internal/tools/%s", m, n, name)
		}
		for _, want := range []string{"//go:embed doc.go\n", "os.Exit(" + name + ".Main("} {
			if !bytes.Contains(b, []byte(want)) {
				t.Errorf("%s has no %q", m, want)
			}
		}
	}
}
