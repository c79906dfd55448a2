package solver

import (
	"io"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// teeSource returns r as an *os.File when r is a pipe in blocking mode
// (satrun's standard input in a shell pipeline), whose bytes tee(2) can
// give the solver's standard input without copying them through this
// process; else nil. A pipe in non-blocking mode (one the Go runtime
// polls: a named FIFO opened by os.Open) would make tee fail with EAGAIN
// where a read waits, so it is left to the copying path.
func teeSource(r io.Reader) *os.File {
	fh, ok := r.(*os.File)
	if !ok {
		return nil
	}
	fi, err := fh.Stat()
	if err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		return nil
	}
	nonblock := true
	rc, err := fh.SyscallConn()
	if err != nil {
		return nil
	}
	if rc.Control(func(fd uintptr) {
		fl, err := unix.FcntlInt(fd, unix.F_GETFL, 0)
		nonblock = err != nil || fl&unix.O_NONBLOCK != 0
	}) != nil || nonblock {
		return nil
	}
	return fh
}

// teePipe returns a new pipe in blocking mode for the solver's standard
// input. (A larger pipe, F_SETPIPE_SZ 1 MiB on it or on the input,
// measured no faster.)
func teePipe() (r, w *os.File, err error) {
	var fds [2]int
	if err := unix.Pipe2(fds[:], unix.O_CLOEXEC); err != nil {
		return nil, nil, err
	}
	return os.NewFile(uintptr(fds[0]), "|0"), os.NewFile(uintptr(fds[1]), "|1"), nil
}

// teeReader reads in, a pipe from teeSource, and gives each byte it reads
// to out, the write end of a teePipe, first: tee(2) duplicates what in
// holds into out, then read takes the same bytes from in. Once out cannot
// be written (the solver stopped reading: EPIPE; or out was closed),
// teeReader reads in alone. The descriptors are used through their
// RawConns, so that closing out while a tee waits (ctx ended while the
// input was stuck) neither waits for it nor lets it reach a descriptor
// reused since.
type teeReader struct {
	in     *os.File
	inRC   syscall.RawConn
	outRC  syscall.RawConn
	teeing bool
	// The tee under way: want bytes to out's descriptor outFd, and what
	// tee returned. write and control, which make it through the
	// RawConns, are made once, so that a Read allocates nothing.
	want    int
	outFd   uintptr
	n       int64
	err     error
	write   func(out uintptr) bool
	control func(in uintptr)
}

// newTeeReader returns a teeReader from in to out; both stay open and the
// caller's.
func newTeeReader(in, out *os.File) *teeReader {
	t := &teeReader{in: in}
	var err1, err2 error
	t.inRC, err1 = in.SyscallConn()
	t.outRC, err2 = out.SyscallConn()
	t.teeing = err1 == nil && err2 == nil
	t.control = func(in uintptr) { t.n, t.err = unix.Tee(int(in), int(t.outFd), t.want, 0) }
	t.write = func(out uintptr) bool {
		t.outFd = out
		if err := t.inRC.Control(t.control); err != nil {
			t.err = err
		}
		return true
	}
	return t
}

func (t *teeReader) Read(p []byte) (int, error) {
	for t.teeing && len(p) > 0 {
		t.want, t.n, t.err = len(p), 0, nil
		werr := t.outRC.Write(t.write)
		switch {
		case t.err == unix.EINTR && werr == nil:
			continue
		case t.err != nil || werr != nil:
			t.teeing = false // the solver's own answer or error says why
		case t.n == 0:
			return 0, io.EOF // no writer left and nothing buffered
		default:
			// The n bytes tee duplicated are the next n of in, and
			// nobody else reads in.
			return io.ReadFull(t.in, p[:t.n])
		}
	}
	return t.in.Read(p)
}

// spill moves the bytes of in, a pipe from teeSource, to file by
// splice(2), without copying them through this process, up to the end of
// in. The splices run inside in's RawConn.Read, which holds in's
// descriptor: a Close of in meanwhile (a caller that gave up on a stuck
// pipe) closes it only once the splice returns, never under it.
func spill(in, file *os.File) error {
	rc, err := in.SyscallConn()
	if err != nil {
		return err
	}
	fileFd := int(file.Fd())
	var serr error
	err = rc.Read(func(fd uintptr) bool {
		for {
			n, err := unix.Splice(int(fd), nil, fileFd, nil, 1<<20, 0)
			switch {
			case err == unix.EINTR:
			case err != nil:
				serr = err
				return true
			case n == 0:
				return true
			}
		}
	})
	if err != nil {
		return err
	}
	return serr
}
