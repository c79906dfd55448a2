package testenv

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// Pids returns the process IDs listed, separated by white space, in the
// file at path: fake solvers in tests write their own and their
// children's PIDs there.
func Pids(t testing.TB, path string) []int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, f := range strings.Fields(string(b)) {
		p, err := strconv.Atoi(f)
		if err != nil {
			t.Fatal(err)
		}
		pids = append(pids, p)
	}
	return pids
}

// KillListedAtEnd makes the end of t send SIGKILL to every process listed
// in the file at path (as Pids reads it) that still exists: whatever a
// failing test left running. It stops only processes the test's own fakes
// listed, by PID, never by name.
func KillListedAtEnd(t testing.TB, path string) {
	t.Cleanup(func() {
		b, _ := os.ReadFile(path)
		for _, f := range strings.Fields(string(b)) {
			if p, err := strconv.Atoi(f); err == nil && p > 1 {
				if _, err := os.Stat("/proc/" + f); err == nil {
					syscall.Kill(p, syscall.SIGKILL)
				}
			}
		}
	})
}
