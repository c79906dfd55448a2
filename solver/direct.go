package solver

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"syscall"
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

// FileRun is a run of an external solver that StartFile started on the
// user's input, without parsing it: the caller reads the input after the
// answer (Input, dimacs.ReadCheck), so that the formula is never held in
// memory.
type FileRun struct {
	st    *startedRun
	input *os.File // the user's file, or the spill of a pipe
	spill bool     // input is a temporary file: Close removes it
}

// StartFile starts s on the input r (named name in messages) without
// parsing it, when s is an *External (not NamedCNF), opts are strict and
// ctx has not ended, and r is either
//
//   - an *os.File on a regular file read from its start whose bytes are
//     not compressed, as ReadStarted's first way: the solver reads the
//     user's file itself, and nothing of r is read; or
//   - a pipe in blocking mode (Linux; see teeSource) whose first bytes
//     are not compressed: splice(2) moves its bytes to a temporary file
//     up to its end, without copying them through this process, and the
//     solver reads that file. (Solvers read a file no slower than a pipe,
//     cadical 20% faster on the sudoku 25x25's CNF, and the solver cannot
//     answer before the input's end anyway.)
//
// The solver gets the file as its standard input and "/dev/stdin" for
// "{cnf}". Otherwise run is nil, and rest is what the caller reads in
// place of r: r itself, or, when StartFile read the head of a pipe to
// find it compressed, that head followed by the rest; or, when the
// temporary folder has no room for the input (the file cannot be made,
// or a write finds ENOSPC, EDQUOT or EFBIG), what was spilled followed by
// the rest of the pipe, so that the caller reads the input through memory
// as it does a compressed one. Any other error reading the pipe or
// writing the file is returned prefixed with name, as dimacs.Parse says
// it, and so is ctx's error when it ends before the
// pipe does. ctx bounds the run as it would a Solve call. The model is
// not checked against the formula's variable count, which StartFile does
// not know: CheckVars does that. The caller must call Close.
func StartFile(ctx context.Context, s Solver, r io.Reader, name string, opts dimacs.Options) (run *FileRun, rest io.Reader, err error) {
	e, ok := s.(*External)
	if !ok || e.NamedCNF || opts.Relaxed || ctx.Err() != nil {
		return nil, r, nil
	}
	if src := directSource(r); src != nil {
		st, err := e.startDirect(ctx, src)
		if err != nil {
			return nil, nil, err
		}
		st.anyVars = true
		close(st.read)
		return &FileRun{st: st, input: r.(*os.File)}, nil, nil
	}
	in := teeSource(r)
	if in == nil {
		return nil, r, nil
	}
	head, herr := readHead(ctx, in)
	if herr != nil || !plainHead(head) {
		rest := io.Reader(in)
		if herr != nil {
			rest = errReader{herr}
		}
		return nil, io.MultiReader(bytes.NewReader(head), rest), nil
	}
	file, err := spillPipe(ctx, in, head, e.TempDir)
	var full *spillFull
	if errors.As(err, &full) {
		// No room in the temporary folder: what was spilled and the
		// rest of the pipe are read the usual way, through memory.
		return nil, full.rest(in), nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	run = &FileRun{input: file, spill: true}
	src, err := os.Open(file.Name())
	if err == nil {
		run.st, err = e.startDirect(ctx, src)
	}
	if err != nil {
		file.Close()
		os.Remove(file.Name())
		return nil, nil, err
	}
	run.st.anyVars = true
	close(run.st.read)
	return run, nil, nil
}

// spillPipe returns a new temporary file in dir holding head and then the
// rest of in, a pipe, read from its start. If ctx ends first, it returns
// ctx's error, and the spill under way finishes in the background (a
// stuck pipe) and removes its file. When the file cannot be made, or the
// folder has no room for the input (ENOSPC, EDQUOT, EFBIG), the error is
// a *spillFull holding what was spilled: splice(2) takes from the pipe
// exactly the bytes it wrote, so that and the rest of in are the input.
func spillPipe(ctx context.Context, in *os.File, head []byte, dir string) (*os.File, error) {
	file, err := tempfile.Create(dir, "pipesat-*.cnf")
	if err != nil {
		return nil, &spillFull{head: head, err: err}
	}
	type result struct {
		n   int // bytes of head written
		err error
	}
	done := make(chan result, 1)
	go func() {
		n, err := file.Write(head)
		if err == nil {
			err = spill(in, file)
		}
		if err == nil {
			_, err = file.Seek(0, io.SeekStart)
		}
		done <- result{n, err}
	}()
	var res result
	select {
	case res = <-done:
	case <-ctx.Done():
		go func() {
			<-done
			file.Close()
		}()
		os.Remove(file.Name())
		return nil, ctx.Err()
	}
	if res.err == nil {
		return file, nil
	}
	os.Remove(file.Name())
	if noRoom(res.err) {
		if _, err := file.Seek(0, io.SeekStart); err == nil {
			return nil, &spillFull{file: file, head: head[res.n:], err: res.err}
		}
	}
	file.Close()
	return nil, res.err
}

// noRoom reports whether err says a file system had no room for a write.
func noRoom(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) || errors.Is(err, syscall.EFBIG)
}

// spillFull is spillPipe's error when the input did not fit in a
// temporary file: file (nil if none was made), already removed, holds the
// input's first bytes, then come head's and then the pipe's.
type spillFull struct {
	file *os.File
	head []byte
	err  error
}

func (e *spillFull) Error() string { return "spilling the input: " + e.err.Error() }

// rest returns the input: the spilled bytes (the file is closed at their
// end), the rest of head, and the rest of in.
func (e *spillFull) rest(in io.Reader) io.Reader {
	rs := []io.Reader{bytes.NewReader(e.head), in}
	if e.file != nil {
		rs = append([]io.Reader{&closeAtEOF{f: e.file}}, rs...)
	}
	return io.MultiReader(rs...)
}

// closeAtEOF reads f and closes it at its end.
type closeAtEOF struct{ f *os.File }

func (c *closeAtEOF) Read(p []byte) (int, error) {
	if c.f == nil {
		return 0, io.EOF
	}
	n, err := c.f.Read(p)
	if err != nil {
		c.f.Close()
		c.f = nil
	}
	return n, err
}

// Input returns the input the solver read, from its start, for the caller
// to read once: the user's file, or the file a pipe was spilled to.
func (r *FileRun) Input() *os.File { return r.input }

// Answer waits for the solver's answer and returns it as Solve would,
// except that the model is not checked against the formula's variable
// count, which the caller learns by reading the input: CheckVars does
// that. Only the first call returns the answer; later ones an error.
func (r *FileRun) Answer() (*Result, error) {
	if r.st.used {
		return nil, fmt.Errorf("%s: the run's answer was taken", r.st.Name())
	}
	r.st.used = true
	<-r.st.done
	return r.st.res, r.st.err
}

// Close stops the run if its answer was not taken, waits until its
// process group is gone, and removes the spill of a pipe.
func (r *FileRun) Close() error {
	r.st.Close()
	if r.spill {
		r.input.Close()
		os.Remove(r.input.Name())
	}
	return nil
}

// CheckVars returns the error Solve returns for a model that names a
// variable above vars, the formula's count, or nil.
func (r *FileRun) CheckVars(res *Result, vars int) error {
	if res.Status == dimacs.Sat && res.Model.Vars() > vars {
		return modelVarsError(r.st.Name(), res.Model.Vars(), vars)
	}
	return nil
}
