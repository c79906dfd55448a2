package cmdio

import (
	"io"
	"os"
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
