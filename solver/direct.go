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

// FileRun is a run of an external solver that StartFile started on the
// user's input, without parsing it: the caller reads the input after the
// answer (Input, dimacs.ReadCheck), so that the formula is never held in
// memory.
type FileRun struct {
	st    *startedRun
	name  string
	input *os.File // the user's file, or the spill of a pipe
	spill bool     // input is a temporary file: Close removes it
	// spilled, for a pipe, receives spill's error once the pipe ended;
	// done says it did, and the spill no longer writes to input.
	spilled  chan error
	done     bool
	inputErr error
	ctx      context.Context
}

// StartFile starts s on the input r (named name in messages) without
// parsing it, when s is an *External (not NamedCNF), opts are strict and
// ctx has not ended, and r is either
//
//   - an *os.File on a regular file read from its start whose bytes are
//     not compressed, as ReadStarted's first way: the solver reads the
//     user's file itself, and nothing of r is read; or
//   - when s reads standard input, a pipe (Linux; see teeSource) whose
//     first bytes are not compressed: tee(2) gives its bytes to the
//     solver's standard input as they come, and splice(2) moves them
//     into a temporary file, which Input returns once the pipe ended;
//     nothing passes through this process.
//
// Otherwise run is nil, and rest is what the caller reads in place of r:
// r itself, or, when StartFile read the head of a pipe to find it
// compressed, that head followed by the rest. ctx bounds the run as it
// would a Solve call. The model is not checked against the formula's
// variable count, which StartFile does not know: CheckVars does that. The
// caller must call Close.
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
		return &FileRun{st: st, name: name, input: r.(*os.File), ctx: ctx}, nil, nil
	}
	in := teeSource(r)
	if in == nil || !e.Stdin || e.Dialect == dimacs.Minisat {
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
	file, err := tempfile.Create(e.TempDir, "pipesat-*.cnf")
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", e.Name(), err)
	}
	if _, err := file.Write(head); err != nil {
		file.Close()
		os.Remove(file.Name())
		return nil, nil, fmt.Errorf("%s: %v", e.Name(), err)
	}
	pr, pw, err := teePipe()
	if err == nil {
		var st *startedRun
		if st, err = e.startStdin(ctx, pr, pw); err == nil {
			st.anyVars = true
			close(st.read)
			run := &FileRun{st: st, name: name, input: file, spill: true, spilled: make(chan error, 1), ctx: ctx}
			go func() {
				if _, err := pw.Write(head); err != nil {
					// The solver stopped reading: its answer or error
					// says why; the input still goes to the file.
					pw.Close()
					pw = nil
				}
				var err error
				if pw != nil {
					err = spill(in, pw, file)
					pw.Close()
				} else {
					_, err = io.Copy(file, in)
				}
				run.spilled <- err
			}()
			return run, nil, nil
		}
	}
	file.Close()
	os.Remove(file.Name())
	return nil, nil, err
}

// Input returns the input the solver read, from its start, for the caller
// to read once: the user's file, or the file a pipe was spilled to. Call
// it after Answer.
func (r *FileRun) Input() (*os.File, error) {
	if r.spill {
		if _, err := r.input.Seek(0, io.SeekStart); err != nil {
			return nil, fmt.Errorf("%s: %v", r.name, err)
		}
	}
	return r.input, nil
}

// Answer waits for the solver's answer (and, for a pipe, for its end)
// and returns it as Solve would, except that the model is not checked
// against the formula's variable count, which the caller learns by
// reading the input: CheckVars does that. An error reading the pipe, or
// ctx's end while the pipe had not ended, is returned prefixed with the
// input's name, as dimacs.Parse says it, and InputErr returns it too: the
// input cannot be read then. Only the first call returns the answer;
// later ones an error.
func (r *FileRun) Answer() (*Result, error) {
	if r.st.used {
		return nil, fmt.Errorf("%s: the run's answer was taken", r.st.Name())
	}
	if r.spilled != nil {
		select {
		case err := <-r.spilled:
			r.done = true
			if err != nil {
				r.st.Close()
				r.inputErr = fmt.Errorf("%s: %w", r.name, err)
				return nil, r.inputErr
			}
		case <-r.ctx.Done():
			// A stuck pipe: the spill finishes in the background.
			r.st.Close()
			r.inputErr = fmt.Errorf("%s: %w", r.name, r.ctx.Err())
			return nil, r.inputErr
		}
	}
	r.st.used = true
	<-r.st.done
	return r.st.res, r.st.err
}

// InputErr returns Answer's error reading the input, or nil.
func (r *FileRun) InputErr() error { return r.inputErr }

// CheckVars returns the error Solve returns for a model that names a
// variable above vars, the formula's count, or nil.
func (r *FileRun) CheckVars(res *Result, vars int) error {
	if res.Status == dimacs.Sat && res.Model.Vars() > vars {
		return modelVarsError(r.st.Name(), res.Model.Vars(), vars)
	}
	return nil
}

// Close stops the run if its answer was not taken, waits until its
// process group is gone, and removes the spill of a pipe. A spill still
// under way (a stuck pipe) keeps its descriptor, which it writes by
// number: closing it could send its bytes to a file opened since.
func (r *FileRun) Close() error {
	r.st.Close()
	if r.spill {
		if r.done {
			r.input.Close()
		}
		os.Remove(r.input.Name())
	}
	return nil
}
