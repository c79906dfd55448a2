package results

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// Lock is an exclusive lock on a results file, held for a whole
// benchmark so that two never append to one file: a flock(2) on a lock
// file beside it (path + ".lock"), which the kernel drops when the
// process ends however it ends, holding the holder's PID for the message
// of whoever is refused. The results file itself is not touched.
type Lock struct {
	f    *os.File
	path string // the lock file's
}

// LockedError is LockFile's error when another process holds the lock.
// PID is the holder's process ID as its lock file says, 0 if unknown.
type LockedError struct {
	Path string
	PID  int
}

func (e *LockedError) Error() string {
	if e.PID == 0 {
		return fmt.Sprintf("%s is locked by another process", e.Path)
	}
	return fmt.Sprintf("%s is locked by process %d", e.Path, e.PID)
}

// LockFile locks the results file at path without waiting: a
// *LockedError if another process holds it. Call Unlock when done.
func LockFile(path string) (*Lock, error) {
	lp := path + ".lock"
	for {
		f, err := os.OpenFile(lp, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
			f.Close()
			if errors.Is(err, unix.EWOULDBLOCK) {
				b, _ := os.ReadFile(lp)
				pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
				return nil, &LockedError{path, pid}
			}
			return nil, fmt.Errorf("locking %s: %v", lp, err)
		}
		// The holder before us removes the file as it unlocks: a lock
		// on a file no longer at lp locks nothing, so try again.
		if same(f, lp) {
			f.Truncate(0)
			f.WriteString(strconv.Itoa(os.Getpid()) + "\n")
			return &Lock{f: f, path: lp}, nil
		}
		f.Close()
	}
}

// same reports whether the open file f is the one at path.
func same(f *os.File, path string) bool {
	a, err := f.Stat()
	if err != nil {
		return false
	}
	b, err := os.Stat(path)
	return err == nil && os.SameFile(a, b)
}

// Unlock removes the lock file and releases the lock.
func (l *Lock) Unlock() error {
	os.Remove(l.path)
	return l.f.Close()
}
