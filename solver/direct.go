package solver

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/tempfile"
)

// directHead is how many bytes directSource compares through
// dimacs.Decompress: enough for every compression magic.
const directHead = 512

// directSource returns a new open file description of the file r reads,
// for a solver to read as its own, or nil if the solver should not: r must
// be an *os.File on a regular file, read from offset 0 (a named file, or
// standard input redirected from one), whose first bytes read the same
// through dimacs.Decompress (not gzip, bzip2, xz or zstd). The new
// description is opened through /proc/self/fd, so it is the same inode
// even if the file's name now means another, and has an offset of its own
// while this process parses r.
func directSource(r io.Reader) *os.File {
	fh, ok := r.(*os.File)
	if !ok {
		return nil
	}
	fi, err := fh.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	if off, err := fh.Seek(0, io.SeekCurrent); err != nil || off != 0 {
		return nil
	}
	head := make([]byte, directHead)
	n, err := fh.ReadAt(head, 0)
	if err != nil && err != io.EOF {
		return nil
	}
	if !plainHead(head[:n]) {
		return nil
	}
	var fd int
	rc, err := fh.SyscallConn()
	if err != nil {
		return nil
	}
	if rc.Control(func(u uintptr) { fd = int(u) }) != nil {
		return nil
	}
	src, err := os.Open("/proc/self/fd/" + strconv.Itoa(fd))
	if err != nil {
		return nil
	}
	if sfi, err := src.Stat(); err != nil || !os.SameFile(fi, sfi) {
		src.Close()
		return nil
	}
	return src
}

// plainHead reports whether head, the first bytes of an input (all of it
// if it is shorter than directHead), reads the same through
// dimacs.Decompress: no compression magic.
func plainHead(head []byte) bool {
	dr, err := dimacs.Decompress(bytes.NewReader(head))
	if err != nil {
		return false
	}
	got, err := io.ReadAll(dr)
	return err == nil && bytes.Equal(got, head)
}

// readDirect starts e on src, the file r reads (see directSource), as its
// standard input with "/dev/stdin" for "{cnf}", and parses r meanwhile;
// ReadStarted describes the result. The minisat dialect keeps its result
// file. readDirect closes src.
func (e *External) readDirect(ctx context.Context, src *os.File, r io.Reader, name string, opts dimacs.Options) (*dimacs.Formula, Solver, error) {
	var out string
	if e.Dialect == dimacs.Minisat {
		o, err := tempfile.Create(e.TempDir, "pipesat-*.result")
		if err != nil {
			src.Close()
			return nil, nil, fmt.Errorf("%s: %v", e.Name(), err)
		}
		out = o.Name()
		o.Close()
	}
	args, _ := e.args("/dev/stdin", out)
	start := time.Now()
	p, err := startChild(e.Path, args, src)
	src.Close()
	if err != nil {
		if out != "" {
			os.Remove(out)
		}
		return nil, nil, fmt.Errorf("%s: %v", e.Name(), err)
	}
	st := e.startRun(ctx, start, p, out)
	f, err := dimacs.Read(r, name, opts)
	return e.readDone(st, f, err)
}
