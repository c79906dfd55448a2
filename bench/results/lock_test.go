package results

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestLockFile: a second lock on a locked file (another open file
// description, as another process has) is refused at once, naming the
// holder's PID from the lock file; after Unlock the lock file is gone and
// the results file can be locked again. The results file is never made.
func TestLockFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	l, err := LockFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = LockFile(path)
	var le *LockedError
	if !errors.As(err, &le) || err.Error() != path+" is locked by process "+strconv.Itoa(os.Getpid()) {
		t.Errorf("second lock: %v", err)
	}
	os.WriteFile(path+".lock", nil, 0o644) // emptied: no PID to name
	if _, err = LockFile(path); err == nil || err.Error() != path+" is locked by another process" {
		t.Errorf("second lock without a PID: %v", err)
	}
	if err := l.Unlock(); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path + ".lock", path} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s after Unlock: %v", p, err)
		}
	}
	l, err = LockFile(path)
	if err != nil {
		t.Fatalf("lock after Unlock: %v", err)
	}
	l.Unlock()
}
