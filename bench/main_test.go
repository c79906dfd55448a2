package bench_test

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/pipesat/pipesat/internal/tools/satbench"
	"github.com/pipesat/pipesat/internal/tools/satrun"
)

// TestMain lets the test binary play a fake solver that uses memory:
// "bench.test fake-alloc MiB PIDFILE" forks a copy of itself, and each of
// the two processes holds MiB of touched memory for a minute. The tests
// that run satbench and satrun as programs run this binary too
// (testenv.Main), under those names. Most tests here wait on fake
// solvers' sleeps and time limits rather than use a core, so four run at
// a time, not GOMAXPROCS, unless -parallel says otherwise.
func TestMain(m *testing.M) {
	if len(os.Args) >= 4 && (os.Args[1] == "fake-alloc" || os.Args[1] == "fake-alloc-child") {
		fakeAlloc(os.Args[1], os.Args[2], os.Args[3])
		return
	}
	flag.Set("test.parallel", strconv.Itoa(max(4, runtime.GOMAXPROCS(0))))
	testenv.Main(m, testenv.Manuals(), map[string]func(string) int{"satbench": satbench.Main, "satrun": satrun.Main})
}

func fakeAlloc(mode, mib, pidfile string) {
	n, _ := strconv.Atoi(mib)
	if mode == "fake-alloc" {
		c := exec.Command(os.Args[0], "fake-alloc-child", mib, pidfile)
		if err := c.Start(); err != nil {
			os.Exit(3)
		}
	}
	f, _ := os.OpenFile(pidfile, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	fmt.Fprintln(f, os.Getpid())
	f.Close()
	b := make([]byte, n<<20)
	for i := 0; i < len(b); i += 4096 {
		b[i] = 1
	}
	time.Sleep(time.Minute)
	runtime.KeepAlive(b)
}
