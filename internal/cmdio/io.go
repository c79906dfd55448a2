package cmdio

import (
	"io"
	"os"

	"golang.org/x/term"
)

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

// IsTerminal reports whether w is a terminal: an *os.File on one.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
