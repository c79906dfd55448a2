package run_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/pipesat/pipesat/internal/tools/satrun"
)

// TestMain lets the test binary play a fake solver that uses memory:
// "run.test fake-alloc MiB PIDFILE [HOLD]" forks a copy of itself, and
// each of the two processes holds MiB of touched memory (see fakeAlloc).
// A Runner appends the instance's path to a solver's arguments: a fake it
// runs names HOLD, or the path is taken for one.
// The tests that run satrun as a program run this binary too
// (testenv.Main), under that name. Most tests here wait on fake
// solvers' sleeps and time limits rather than use a core, so four run at
// a time, not GOMAXPROCS, unless -parallel says otherwise.
func TestMain(m *testing.M) {
	if len(os.Args) >= 4 && (os.Args[1] == "fake-alloc" || os.Args[1] == "fake-alloc-child") {
		fakeAlloc(os.Args[1], os.Args[2], os.Args[3], os.Args[4:])
		return
	}
	flag.Set("test.parallel", strconv.Itoa(max(4, runtime.GOMAXPROCS(0))))
	testenv.Main(m, testenv.Manuals(), map[string]func(string) int{"satrun": satrun.Main})
}

// fakeAlloc is the fake solver's process: it appends its PID to pidfile,
// touches mib MiB, and then appends its PID to pidfile.ready. Without a
// hold it keeps the memory for a minute (a run's limit ends it). With a
// hold (a duration), it waits until both processes are ready, keeps the
// memory that long more, and exits, the parent after its child: the tree
// holds both processes' memory for the whole hold, however long a loaded
// machine took to start them.
func fakeAlloc(mode, mib, pidfile string, hold []string) {
	n, _ := strconv.Atoi(mib)
	var child *exec.Cmd
	if mode == "fake-alloc" {
		child = exec.Command(os.Args[0], append([]string{"fake-alloc-child", mib, pidfile}, hold...)...)
		if err := child.Start(); err != nil {
			fmt.Fprintf(os.Stderr, "fake-alloc: starting its child: %v\n", err)
			os.Exit(3)
		}
	}
	appendPid(pidfile)
	b := make([]byte, n<<20)
	for i := 0; i < len(b); i += 4096 {
		b[i] = 1
	}
	appendPid(pidfile + ".ready")
	if len(hold) == 0 {
		time.Sleep(time.Minute)
		runtime.KeepAlive(b)
		return
	}
	d, err := time.ParseDuration(hold[0])
	if err != nil {
		fmt.Fprintf(os.Stderr, "fake-alloc: %v\n", err)
		os.Exit(3)
	}
	for deadline := time.Now().Add(5 * time.Minute); countLines(pidfile+".ready") < 2; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			os.Exit(4)
		}
	}
	time.Sleep(d)
	runtime.KeepAlive(b)
	if child != nil && child.Wait() != nil {
		os.Exit(5)
	}
}

func appendPid(path string) {
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	fmt.Fprintln(f, os.Getpid())
	f.Close()
}

func countLines(path string) int {
	b, _ := os.ReadFile(path)
	return bytes.Count(b, []byte("\n"))
}
