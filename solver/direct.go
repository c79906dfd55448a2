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
	st, err := e.startDirect(ctx, src)
	if err != nil {
		return nil, nil, err
	}
	f, err := dimacs.Read(r, name, opts)
	return e.readDone(st, f, err)
}

// startDirect starts e on src as readDirect does, and closes src.
func (e *External) startDirect(ctx context.Context, src *os.File) (*startedRun, error) {
	var out string
	if e.Dialect == dimacs.Minisat {
		o, err := tempfile.Create(e.TempDir, "pipesat-*.result")
		if err != nil {
			src.Close()
			return nil, fmt.Errorf("%s: %v", e.Name(), err)
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
		return nil, fmt.Errorf("%s: %v", e.Name(), err)
	}
	return e.startRun(ctx, start, p, out), nil
}

// FileRun is a run of an external solver on the user's own file, which
// StartFile started; the caller reads the file itself after the answer
// (dimacs.ReadCheck), so that the formula is never held in memory.
type FileRun struct{ st *startedRun }

// StartFile starts s on the file r reads, as ReadStarted's first way
// does, and returns the run, having read nothing of r: s must be an
// *External (not NamedCNF), r an *os.File on a regular file read from its
// start whose bytes are not compressed, opts strict, and ctx not ended.
// Otherwise StartFile returns nil and no error. ctx bounds the run as it
// would a Solve call. The model is not checked against the formula's
// variable count, which StartFile does not know: Answer does that. The
// caller must call Answer or Close, so that the solver does not run on.
func StartFile(ctx context.Context, s Solver, r io.Reader, opts dimacs.Options) (*FileRun, error) {
	e, ok := s.(*External)
	if !ok || e.NamedCNF || opts.Relaxed || ctx.Err() != nil {
		return nil, nil
	}
	src := directSource(r)
	if src == nil {
		return nil, nil
	}
	st, err := e.startDirect(ctx, src)
	if err != nil {
		return nil, err
	}
	st.anyVars = true
	close(st.read)
	return &FileRun{st: st}, nil
}

// Wait waits until the solver has answered (or failed, or was stopped by
// ctx's end) and its process group is gone.
func (r *FileRun) Wait() { <-r.st.done }

// Answer waits for the solver's answer and returns it as Solve would,
// except that the model is not checked against the formula's variable
// count, which the caller learns by reading the file: CheckVars does
// that. Only the first call returns the answer; later ones an error.
func (r *FileRun) Answer() (*Result, error) {
	if r.st.used {
		return nil, fmt.Errorf("%s: the run's answer was taken", r.st.Name())
	}
	r.st.used = true
	<-r.st.done
	return r.st.res, r.st.err
}

// CheckVars returns the error Solve returns for a model that names a
// variable above vars, the formula's count, or nil.
func (r *FileRun) CheckVars(res *Result, vars int) error {
	if res.Status == dimacs.Sat && res.Model.Vars() > vars {
		return modelVarsError(r.st.Name(), res.Model.Vars(), vars)
	}
	return nil
}

// Close stops the run if its answer was not taken, and waits until its
// process group is gone.
func (r *FileRun) Close() error { return r.st.Close() }
