// Package outfile writes the output files a user names (-o FILE) as a
// shell's ">" would, but never half-written: Write replaces a regular file
// atomically, through a temporary file renamed over it, and writes devices,
// FIFOs and /dev/stdout in place. Commands and libraries (bench's results
// and plots) share it, so that every file a pipesat tool writes follows the
// same rules.
package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// Write writes w's content to the output file a user named with -o,
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
func Write(path string, w io.WriterTo, stdout io.Writer) error {
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
