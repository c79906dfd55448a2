package pipesat_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fzipp/gocyclo"
)

// Limits on every function of the project's non-test Go code: a function
// longer than a screenful, or with more paths than a reader can hold,
// hides its structure; split it into functions whose names say what they
// do.
const (
	maxFuncLines      = 100
	maxFuncComplexity = 30
)

// TestFunctionSize keeps every function of the non-test code within
// maxFuncLines lines (from func to its closing brace) and
// maxFuncComplexity cyclomatic complexity as gocyclo counts it (one plus
// each if, for, range, non-default case and && or ||, function literals
// inside included). It asks gocyclo for the count rather than keeping a
// second copy of its rules, and ignores //gocyclo:ignore directives, so
// that no comment can lift the limit.
func TestFunctionSize(t *testing.T) {
	n := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, fn := range functions(f) {
			n++
			pos := fset.Position(fn.node.Pos())
			lines := fset.Position(fn.node.End()).Line - pos.Line + 1
			c := gocyclo.Complexity(fn.node)
			if lines <= maxFuncLines && c <= maxFuncComplexity {
				continue
			}
			if lines > maxFuncLines {
				t.Errorf("%s:%d: func %s is %d lines (at most %d)", path, pos.Line, fn.name, lines, maxFuncLines)
			}
			if c > maxFuncComplexity {
				t.Errorf("%s:%d: func %s has cyclomatic complexity %d (at most %d)", path, pos.Line, fn.name, c, maxFuncComplexity)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 500 {
		t.Errorf("checked %d functions; want the whole tree (at least 500)", n)
	}
}

// function is one function declaration, or a function literal a
// package-level variable holds, with the name gocyclo gives it.
type function struct {
	name string
	node ast.Node
}

// functions returns the functions of f: its declarations, methods named
// (T).Name, and the function literals of its package-level variables,
// which would otherwise escape the limits.
func functions(f *ast.File) []function {
	var fns []function
	for _, decl := range f.Decls {
		switch decl := decl.(type) {
		case *ast.FuncDecl:
			if decl.Body == nil {
				continue
			}
			name := decl.Name.Name
			if decl.Recv != nil && len(decl.Recv.List) > 0 {
				name = fmt.Sprintf("(%s).%s", receiver(decl.Recv.List[0].Type), name)
			}
			fns = append(fns, function{name, decl})
		case *ast.GenDecl:
			for _, spec := range decl.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok {
					continue
				}
				for i, v := range vs.Values {
					if lit, ok := v.(*ast.FuncLit); ok && i < len(vs.Names) {
						fns = append(fns, function{vs.Names[i].Name, lit})
					}
				}
			}
		}
	}
	return fns
}

// receiver returns a method receiver's type as written, without type
// parameters: *parser, lineSolver.
func receiver(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return "*" + receiver(e.X)
	case *ast.IndexExpr:
		return receiver(e.X)
	case *ast.IndexListExpr:
		return receiver(e.X)
	case *ast.Ident:
		return e.Name
	}
	return fmt.Sprintf("%T", e)
}
