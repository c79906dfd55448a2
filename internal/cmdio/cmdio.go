// Package cmdio holds what every pipesat command shares apart from its
// flags: the runner (Main, Run) that each main.go calls with its cli.App,
// which maps errors to exit statuses in one place; the command line an
// action sees (Cmd); its manual text; its input and output files; and the
// signals that stop it. The flag library, urfave/cli, stays in
// cmd/*/main.go, which holds only the flags: Run reaches the app and the
// context through reflect, and calls the action, a function of
// internal/tools/NAME (TestCLIImports and TestThinMains in the module's root
// check both).
package cmdio

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// Help returns the package comment of a command's doc.go source as plain
// text, with the "//" markers removed (code lines keep their tab: urfave/cli
// renders help templates through a tabwriter, which pads them).
// Commands embed doc.go and print Help(src) for --help, so the manual and
// the help never drift apart.
//
// Every tool calls Help at each start, before its flags are parsed, so it
// makes one allocation and no copy of src's lines (5 µs for satrun's
// manual, not the 34 µs and 14 allocations of splitting it).
func Help(src string) string {
	var b strings.Builder
	b.Grow(len(src))
	for {
		l, rest, more := strings.Cut(src, "\n")
		if strings.HasPrefix(l, "package ") {
			break
		}
		l = strings.TrimPrefix(l, "//")
		l = strings.TrimPrefix(l, " ")
		b.WriteString(l)
		b.WriteString("\n")
		if !more {
			break
		}
		src = rest
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

// WriteFile writes w's content to the output file a user named with -o,
// as a shell's ">" would, but never half-written:
//
//   - "-" is stdout;
//   - a regular file, or a name that does not exist yet, gets a temporary
//     file in the same folder that is renamed over it once complete, with
//     the mode ">" would give: the old file's mode, or 0666 less the umask
//     for a new one; an error leaves the old file as it was and removes the
//     temporary file (a hard link to the old file keeps the old content);
//   - a symbolic link is followed, even a dangling one: its target is
//     written or created as above and the link stays a link;
//   - anything else (a device such as /dev/null, a FIFO, /dev/stdout) is
//     opened for writing and written in place, never replaced.
//
// An existing file that may not be written is an error, as with ">", even
// where its folder would allow the rename.
func WriteFile(path string, w io.WriterTo, stdout io.Writer) error {
	if path == "-" {
		_, err := w.WriteTo(stdout)
		return err
	}
	st, err := os.Stat(path) // follows every link, /proc's magic ones too
	switch {
	case err == nil && st.IsDir():
		return &fs.PathError{Op: "open", Path: path, Err: syscall.EISDIR}
	case err == nil && !st.Mode().IsRegular():
		return writeInPlace(path, w)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return err
	}
	target, magic, err := followLinks(path)
	if err != nil {
		return err
	}
	if magic {
		return writeInPlace(path, w)
	}
	if st != nil {
		tst, err := os.Lstat(target)
		if err != nil || !os.SameFile(st, tst) {
			// A link the kernel follows differently from its text, such
			// as /dev/stdout -> /proc/self/fd/1 -> a file: write what
			// the kernel opens, as ">" does.
			return writeInPlace(path, w)
		}
		if err := unix.Access(target, unix.W_OK); err != nil {
			return &fs.PathError{Op: "open", Path: path, Err: err}
		}
	}
	return replace(target, st, w)
}

// Output writes w's content to the file path names, through WriteFile, or
// to stdout if path is "" (no -o given) or "-".
func Output(path string, w io.WriterTo, stdout io.Writer) error {
	if path == "" {
		path = "-"
	}
	return WriteFile(path, w, stdout)
}

// Out returns the writer a command prints its output to, and done, which
// the command calls with its error when it ends: done returns that error,
// or else the error of writing the output. With path (-o) "" or "-", the
// output goes to stdout as it comes (the decoders buffer their own). Else it
// goes to a buffer that done writes to the file path (WriteFile) if err is
// nil or an ExitStatus, or if the command printed something before it
// failed (such as the models before a solver's crash, as a shell's ">"
// would have them); an error before any output leaves the file alone.
func Out(path string, stdout io.Writer) (w io.Writer, done func(err error) error) {
	if path == "" || path == "-" {
		return stdout, func(err error) error { return err }
	}
	var buf bytes.Buffer
	return &buf, func(err error) error {
		var es ExitStatus
		if err != nil && buf.Len() == 0 && !errors.As(err, &es) {
			return err
		}
		if werr := WriteFile(path, &buf, stdout); werr != nil {
			return werr
		}
		return err
	}
}

// writeInPlace writes w to path opened for writing and truncated (which a
// device or FIFO ignores).
func writeInPlace(path string, w io.WriterTo) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	if _, err := w.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// followLinks returns the path that path's symbolic links lead to, which
// need not exist. Relative targets are joined to the link's folder without
// cleaning "..", so that the kernel resolves them as it would. magic is
// true if a link lives in /proc (/dev/stdout leads to /proc/self/fd/1):
// its text is not where it leads, so only the kernel may follow it.
func followLinks(path string) (target string, magic bool, err error) {
	for range 40 { // Linux's MAXSYMLINKS
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, false, nil
		}
		if err != nil {
			return "", false, err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return path, false, nil
		}
		dir := path[:strings.LastIndexByte(path, '/')+1]
		if onProcFS(dir + ".") {
			return path, true, nil
		}
		t, err := os.Readlink(path)
		if err != nil {
			return "", false, err
		}
		if !strings.HasPrefix(t, "/") {
			t = dir + t
		}
		path = t
	}
	return "", false, &fs.PathError{Op: "open", Path: path, Err: syscall.ELOOP}
}

// replace writes w to a temporary file in path's folder and renames it over
// path. old is path's current state, nil if it does not exist.
func replace(path string, old fs.FileInfo, w io.WriterTo) error {
	i := strings.LastIndexByte(path, '/') + 1
	dir, base := path[:i], path[i:] // dir "" or ending in "/"
	perm := fs.FileMode(0o666)      // the kernel takes the umask off, as for ">"
	if old != nil {
		perm = 0o600 // until the chmod below
	}
	var tmp *os.File
	var err error
	for range 100 {
		name := fmt.Sprintf("%s.%s.tmp%d", dir, base, rand.Uint32())
		tmp, err = os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			break
		}
	}
	if err != nil {
		return &fs.PathError{Op: "open", Path: path, Err: errors.Unwrap(err)}
	}
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if old != nil {
		if sys, ok := old.Sys().(*syscall.Stat_t); ok && (int(sys.Uid) != os.Geteuid() || int(sys.Gid) != os.Getegid()) {
			// Keep the owner ">" would keep, where we may (root, or a
			// group we belong to); otherwise the file becomes ours, as
			// any rename-based writer makes it.
			tmp.Chown(int(sys.Uid), int(sys.Gid))
		}
		if err := tmp.Chmod(old.Mode() & (fs.ModePerm | fs.ModeSticky)); err != nil {
			return fail(err)
		}
	}
	if _, err := w.WriteTo(tmp); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return &fs.PathError{Op: "rename", Path: path, Err: errors.Unwrap(err)}
	}
	return nil
}

// stopSignals end a command that starts processes: Ctrl-C, kill, and the
// hangup a closing terminal sends.
var stopSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// signalCause is the cause of a context SignalContext ended.
type signalCause struct{ sig syscall.Signal }

func (c signalCause) Error() string { return c.sig.String() + " signal received" }

// SignalContext returns a copy of parent that ends when the process gets
// SIGINT, SIGTERM or SIGHUP, so that a command can stop every process it
// started and remove its temporary files before it exits (the default
// action of SIGHUP would end it at once and leave them behind). Calling
// stop restores the default action of the signals; until then, a second
// signal is ignored.
func SignalContext(parent context.Context) (ctx context.Context, stop context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(parent)
	c := make(chan os.Signal, 1)
	signal.Notify(c, stopSignals...)
	go func() {
		select {
		case s := <-c:
			cancel(signalCause{s.(syscall.Signal)})
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(c)
		cancel(context.Canceled)
	}
}

// SignalStatus returns the exit status for a command that a signal stopped
// through ctx, 128 plus the signal's number as a shell reports a process a
// signal killed (129 SIGHUP, 130 SIGINT, 143 SIGTERM), and true; or 0 and
// false if no signal ended ctx.
func SignalStatus(ctx context.Context) (int, bool) {
	var c signalCause
	if errors.As(context.Cause(ctx), &c) {
		return 128 + int(c.sig), true
	}
	return 0, false
}
