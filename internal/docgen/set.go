package docgen

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pipesat/pipesat/internal/cmdio"
)

// Set is the commands the pages and completions are made for, sorted by
// name.
type Set struct {
	Tools []*cmdio.Tool
}

// Load builds each command of all (internal/tools' All) from its manual,
// root/cmd/NAME/doc.go.
func Load(root string, all map[string]func(doc string) *cmdio.Tool) (*Set, error) {
	s := &Set{}
	for name, tool := range all {
		doc, err := os.ReadFile(filepath.Join(root, "cmd", name, "doc.go"))
		if err != nil {
			return nil, err
		}
		t := tool(string(doc))
		if t.Name == "" {
			t.Name = name // a Tool with a hand-written Usage line (satbench)
		}
		s.Tools = append(s.Tools, t)
	}
	slices.SortFunc(s.Tools, func(a, b *cmdio.Tool) int { return strings.Compare(a.Name, b.Name) })
	return s, nil
}

// File is a file to write: its path and its content.
type File struct {
	Path string
	Data []byte
}

// WriteTo writes the file's content to w.
func (f File) WriteTo(w io.Writer) (int64, error) {
	n, err := w.Write(f.Data)
	return int64(n), err
}

// ManPages returns the man page of every command, dir/NAME.1, dated date
// and naming version; each page's SEE ALSO names the other commands.
func (s *Set) ManPages(dir, date, version string) ([]File, error) {
	var files []File
	for _, t := range s.Tools {
		var see []string
		for _, o := range s.Tools {
			if o != t {
				see = append(see, o.Name)
			}
		}
		var b bytes.Buffer
		if err := Man(&b, t, date, version, see); err != nil {
			return nil, err
		}
		files = append(files, File{filepath.Join(dir, t.Name+".1"), b.Bytes()})
	}
	return files, nil
}

// Completions returns the completions of every command for bash
// (dir/bash/NAME), zsh (dir/zsh/_NAME) and fish (dir/fish/NAME.fish),
// under the names each shell loads them by.
func (s *Set) Completions(dir string) []File {
	var files []File
	for _, t := range s.Tools {
		for _, sh := range []struct {
			path  string
			write func(w *bytes.Buffer, t *cmdio.Tool)
		}{
			{filepath.Join(dir, "bash", t.Name), Bash},
			{filepath.Join(dir, "zsh", "_"+t.Name), Zsh},
			{filepath.Join(dir, "fish", t.Name+".fish"), Fish},
		} {
			var b bytes.Buffer
			sh.write(&b, t)
			files = append(files, File{sh.path, b.Bytes()})
		}
	}
	return files
}
