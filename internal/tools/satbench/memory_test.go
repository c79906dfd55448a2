package satbench

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/pipesat/pipesat/bench/run/runtest"
	"github.com/pipesat/pipesat/internal/testenv"
)

// TestReportMemory runs satbench report, a process of its own, on
// 100,000 rows (300,000 in CI, PIPESAT_TEST_FULL) and checks its peak
// resident memory, the kernel's maxrss: under 200 MB. Before report kept
// compact rows it needed 2.4 KB a row, 240 MB for 100,000.
func TestReportMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector multiplies memory: measured without it (make test)")
	}
	n := 100000
	if testenv.Full() {
		n = 300000
	}
	p := filepath.Join(t.TempDir(), "big.jsonl")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	bw := bufio.NewWriter(f)
	if err := runtest.WriteResults(bw, n); err != nil {
		t.Fatal(err)
	}
	if err := bw.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	cmd := exec.Command("satbench", "report", p)
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("satbench report: %v\n%.2000s", err, out)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	rss := ru.Maxrss >> 10 // KiB to MiB
	t.Logf("%d rows: %d MiB peak, %v (%v CPU)", n, rss, time.Since(start).Round(time.Millisecond), cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
	if rss >= 200*1000*1000>>20 {
		t.Errorf("satbench report on %d rows: peak resident memory %d MiB, want under 200 MB", n, rss)
	}
}
