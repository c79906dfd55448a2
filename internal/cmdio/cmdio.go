// Package cmdio holds the few pieces every pipesat command shares and that
// have nothing to do with flags: its manual text, its input and its output
// files. (The flag library, urfave/cli, stays in cmd/*/main.go.)
package cmdio

import (
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Help returns the package comment of a command's doc.go source as plain
// text, with the "//" markers removed (code lines keep their tab: urfave/cli
// renders help templates through a tabwriter, which pads them).
// Commands embed doc.go and print Help(src) for --help, so the manual and
// the help never drift apart.
func Help(src string) string {
	var b strings.Builder
	for _, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(l, "package ") {
			break
		}
		l = strings.TrimPrefix(l, "//")
		l = strings.TrimPrefix(l, " ")
		b.WriteString(l)
		b.WriteString("\n")
	}
	return b.String()
}

// Open returns the input named by path with the name to use in messages:
// stdin as "<stdin>" when path is "" or "-", else the opened file. The
// returned func closes it.
func Open(path string, stdin io.Reader) (io.Reader, string, func(), error) {
	if path == "" || path == "-" {
		return stdin, "<stdin>", func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, "", nil, err
	}
	return f, path, func() { f.Close() }, nil
}

// WriteFile writes w's content to a temporary file next to path and renames
// it over path, so that path is never left half-written: on an error it is
// unchanged and the temporary file is removed.
func WriteFile(path string, w io.WriterTo) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	if _, err := w.WriteTo(tmp); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}
