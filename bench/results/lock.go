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
// benchmark so that two never append to one file: a flock(2) on the file
// itself, which the kernel drops when the process ends however it ends,
// and the holder's PID in a sidecar file (path + ".pid"), for the message
// of whoever is refused.
type Lock struct {
	f   *os.File
	pid string // the sidecar's path
}

// LockedError is LockFile's error when another process holds the lock.
// PID is the holder's process ID as its sidecar says, 0 if unknown.
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

// LockFile locks the results file at path, creating it if needed, without
// waiting: a *LockedError if another process holds it. Call Unlock when
// done.
func LockFile(path string) (*Lock, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, unix.EWOULDBLOCK) {
			b, _ := os.ReadFile(path + ".pid")
			pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
			return nil, &LockedError{path, pid}
		}
		return nil, fmt.Errorf("locking %s: %v", path, err)
	}
	l := &Lock{f: f, pid: path + ".pid"}
	// The sidecar only names the holder: a stale one (a killed holder)
	// is overwritten here, and a missing one costs only the PID.
	os.WriteFile(l.pid, []byte(strconv.Itoa(os.Getpid())+"\n"), 0o644)
	return l, nil
}

// Unlock removes the sidecar and releases the lock.
func (l *Lock) Unlock() error {
	os.Remove(l.pid)
	return l.f.Close()
}
