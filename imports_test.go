package pipesat_test

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
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

// flagLike matches a string literal that names a command-line flag.
var flagLike = regexp.MustCompile(`--[a-z]`)

// TestLibraryWords keeps the libraries in their own words: no non-test
// file of a library package (every package but the commands in cmd/,
// internal/ and scripts/) has a string literal that names a flag, nor
// imports internal/usage or urfave/cli. A library returns a typed error
// or value; the command (internal/tools/NAME, cmdio's flag packages)
// words it with the flag.
func TestLibraryWords(t *testing.T) {
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch {
			case path == "cmd" || path == "internal" || path == "scripts" || d.Name() == "testdata":
				return filepath.SkipDir
			case path != "." && strings.HasPrefix(d.Name(), "."):
				return filepath.SkipDir
			}
			return nil
		}
		path = filepath.ToSlash(path)
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || !strings.Contains(path, "/") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		files++
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if p == "github.com/pipesat/pipesat/internal/usage" || strings.HasPrefix(p, "github.com/urfave/cli") {
				t.Errorf("%s imports %s: a library's errors are its own; the command marks a usage error", path, p)
			}
		}
		// Other programs' command lines are no flags of ours: argument
		// lists ([]string{"-q", "--plain", "{cnf}"}, the satrun command
		// lines satbench runs, exec.Command's arguments), and the lines of a shell script a library
		// writes, which start with "#" (a Slurm script's #SBATCH options).
		argv := map[*ast.BasicLit]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Command" || sel.Sel.Name == "CommandContext") {
					if x, ok := sel.X.(*ast.Ident); ok && x.Name == "exec" {
						for _, a := range n.Args {
							if l, ok := a.(*ast.BasicLit); ok {
								argv[l] = true
							}
						}
					}
				}
			case *ast.CompositeLit:
				if at, ok := n.Type.(*ast.ArrayType); ok {
					if id, ok := at.Elt.(*ast.Ident); ok && id.Name == "string" {
						for _, e := range n.Elts {
							if l, ok := e.(*ast.BasicLit); ok {
								argv[l] = true
							}
						}
					}
				}
			case *ast.BasicLit:
				text, _ := strconv.Unquote(n.Value)
				if n.Kind == token.STRING && flagLike.MatchString(text) && !argv[n] && !strings.HasPrefix(text, "#") {
					t.Errorf("%s: %s names a flag: return a typed error or value that the command words", fset.Position(n.Pos()), n.Value)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Errorf("read %d files of library packages, want more than 100", files)
	}
}

// TestBenchRooms keeps satbench's library in rooms whose arrows point one
// way, each room importing only those before it in rooms, and none of
// them the command line: urfave/cli, internal/usage, internal/cmdio or a
// tool (internal/tools/satbench words their errors in its flags).
func TestBenchRooms(t *testing.T) {
	rooms := []string{"gbd", "gen", "measure", "results", "suite", "run", "run/runtest", "stats", "score", "plot", "html", "plan"}
	const mod = "github.com/pipesat/pipesat/"
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "./bench/...").Output()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for l := range strings.Lines(string(out)) {
		f := strings.Fields(l)
		room, _ := strings.CutPrefix(f[0], mod+"bench/")
		at := slices.Index(rooms, room)
		if at < 0 && f[0] != mod+"bench" {
			t.Errorf("%s is no room of bench: add it to TestBenchRooms in its place", f[0])
			continue
		}
		n++
		for _, im := range f[1:] {
			switch other, ok := strings.CutPrefix(im, mod+"bench/"); {
			case ok && slices.Index(rooms, other) >= at:
				t.Errorf("%s imports %s, a room after it", f[0], im)
			case strings.HasPrefix(im, "github.com/urfave/cli"), im == mod+"internal/usage",
				strings.HasPrefix(im, mod+"internal/cmdio"), strings.HasPrefix(im, mod+"internal/tools/"):
				t.Errorf("%s imports %s: the command line belongs in internal/tools/satbench", f[0], im)
			}
		}
	}
	if n != len(rooms)+1 {
		t.Errorf("go list found %d of bench's %d packages", n, len(rooms)+1)
	}
}
