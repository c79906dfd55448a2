package testenv

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestWchanNamed: a thread whose wchan names a function shows it; threads
// asleep with a wchan of "0", or a wchan that cannot be read, hide it; the
// answer comes at once, not after a wait on a process.
func TestWchanNamed(t *testing.T) {
	for _, tt := range []struct {
		name  string
		tasks map[string][2]string // tid: stat, wchan ("" for a folder: unreadable)
		want  bool
	}{
		{"named", map[string][2]string{"1": {"1 (x) R 0", "0"}, "2": {"2 (a b) S 1", "futex_wait_queue"}}, true},
		{"hidden", map[string][2]string{"1": {"1 (x) S 0", "0"}, "2": {"2 (x) S 1", "0\n"}}, false},
		{"unreadable", map[string][2]string{"1": {"1 (x) S 0", ""}}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for tid, f := range tt.tasks {
				d := filepath.Join(dir, tid)
				os.MkdirAll(d, 0o755)
				os.WriteFile(filepath.Join(d, "stat"), []byte(f[0]), 0o644)
				if f[1] == "" {
					os.Mkdir(filepath.Join(d, "wchan"), 0o755)
				} else {
					os.WriteFile(filepath.Join(d, "wchan"), []byte(f[1]), 0o644)
				}
			}
			start := time.Now()
			if got := wchanNamed(filepath.Join(dir, "*")); got != tt.want {
				t.Errorf("wchanNamed = %v, want %v", got, tt.want)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
	t.Logf("this machine: WchanShown() = %v", WchanShown())
}
