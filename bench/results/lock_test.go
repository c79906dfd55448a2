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
// holder's PID from the sidecar; after Unlock the sidecar is gone and the
// file can be locked again.
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
	os.Remove(path + ".pid")
	if _, err = LockFile(path); err == nil || err.Error() != path+" is locked by another process" {
		t.Errorf("second lock without the sidecar: %v", err)
	}
	if err := l.Unlock(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + ".pid"); !os.IsNotExist(err) {
		t.Errorf("sidecar left after Unlock: %v", err)
	}
	l, err = LockFile(path)
	if err != nil {
		t.Fatalf("lock after Unlock: %v", err)
	}
	l.Unlock()
}
