package solver

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/testenv"
)

// reaped waits up to 2 s for pid to be gone from /proc altogether: killed
// and reaped, not even a zombie.
func reaped(pid int) bool {
	for range 200 {
		if _, err := os.Stat("/proc/" + strconv.Itoa(pid)); err != nil {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}

// script writes an executable shell script into a folder of the test.
func script(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "solver.sh")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSetsidGrandchildIsKilled: a solver answers and exits, leaving a
// grandchild in a session of its own that holds stdout open. The answer
// stands, at once, and the grandchild is killed and reaped.
func TestSetsidGrandchildIsKilled(t *testing.T) {
	pidfile := filepath.Join(t.TempDir(), "pids")
	testenv.KillListedAtEnd(t, pidfile)
	s := &External{Label: "escape", Path: script(t, `cat > /dev/null
setsid sleep 300 &
echo $! > "$1"
echo "s SATISFIABLE"
echo "v 1 2 3 0"
exit 10
`), Args: []string{pidfile}, Grace: 10 * time.Second, TempDir: t.TempDir()} // a Grace far above a loaded start, so that only waiting for it fails
	start := time.Now()
	r, err := s.Solve(context.Background(), readCNF(t, "small-sat.cnf"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el >= s.Grace {
		t.Errorf("Solve took %v: it waited for the pipe's deadline", el)
	}
	if r.Status != dimacs.Sat {
		t.Errorf("status %v, want SATISFIABLE", r.Status)
	}
	for _, p := range testenv.Pids(t, pidfile) {
		if !reaped(p) {
			t.Errorf("the setsid grandchild %d is still there", p)
		}
	}
}

// TestTimeoutKillsSetsidGrandchild: on timeout, a grandchild that left the
// group and ignores SIGTERM is killed with the rest.
func TestTimeoutKillsSetsidGrandchild(t *testing.T) {
	pidfile := filepath.Join(t.TempDir(), "pids")
	testenv.KillListedAtEnd(t, pidfile)
	s := &External{Label: "escape", Path: script(t, `setsid sh -c 'trap "" TERM; sleep 300' > /dev/null 2>&1 < /dev/null &
echo $! > "$1"
sleep 300
`), Args: []string{pidfile}, Grace: 200 * time.Millisecond, TempDir: t.TempDir()}
	// The run is cut once the grandchild is listed (polled, with a
	// deadline), as a timeout would cut it: a fixed timeout could end the
	// run before a loaded machine started the grandchild.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	go func() {
		for ctx.Err() == nil {
			if b, err := os.ReadFile(pidfile); err == nil && bytes.HasSuffix(b, []byte("\n")) {
				cancel()
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	r, err := s.Solve(ctx, readCNF(t, "small-sat.cnf"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != dimacs.Unknown {
		t.Errorf("status %v, want UNKNOWN", r.Status)
	}
	pids := testenv.Pids(t, pidfile)
	if len(pids) == 0 {
		t.Fatal("no grandchild listed: the run ended before it started")
	}
	for _, p := range pids {
		if !reaped(p) {
			t.Errorf("the setsid grandchild %d is still there", p)
		}
	}
}

// startSatrun starts satrun with args, its temporary files in a folder of
// its own, and returns it with that folder.
func startSatrun(t *testing.T, bin string, args ...string) (*exec.Cmd, string, *strings.Builder) {
	t.Helper()
	tmp := t.TempDir()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "PIPESAT_SOLVER=")
	var cnf strings.Builder
	pigeons(10).WriteTo(&cnf) // seconds of work for any solver
	cmd.Stdin = strings.NewReader(cnf.String())
	out := new(strings.Builder)
	cmd.Stdout = out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // not in the test's group
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // if the test failed early
		cmd.Wait()
	})
	return cmd, tmp, out
}

// descendants returns the pids below pid, from /proc/PID/task/*/children.
func descendants(pid int) []int {
	var out []int
	todo := []int{pid}
	for len(todo) > 0 {
		dir := fmt.Sprintf("/proc/%d/task/", todo[0])
		todo = todo[1:]
		tasks, _ := os.ReadDir(dir)
		for _, task := range tasks {
			b, _ := os.ReadFile(dir + task.Name() + "/children")
			for _, f := range strings.Fields(string(b)) {
				c, _ := strconv.Atoi(f)
				out = append(out, c)
				todo = append(todo, c)
			}
		}
	}
	return out
}

// waitFor waits up to 10 s for cond.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for range 1000 {
		if cond() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

// checkStopped checks that satrun exited with want after sig, that no
// process in pids runs any more and that tmp is empty.
func checkStopped(t *testing.T, cmd *exec.Cmd, sig syscall.Signal, pids []int, tmp string) {
	t.Helper()
	cmd.Process.Signal(sig)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("satrun still runs 10 s after %v", sig)
	}
	if got, want := cmd.ProcessState.ExitCode(), 128+int(sig); got != want {
		t.Errorf("after %v satrun exited with %v, want status %d", sig, cmd.ProcessState, want)
	}
	for _, p := range pids {
		if !gone(t, p, false) {
			t.Errorf("process %d of the solver's tree still runs", p)
			syscall.Kill(p, syscall.SIGKILL)
		}
	}
	if es, _ := os.ReadDir(tmp); len(es) > 0 {
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		t.Errorf("temporary files left behind: %v", names)
	}
}

// TestSignalsStopSatrunTree sends SIGHUP, SIGTERM and SIGINT to satrun
// running a fake solver with a child in its group and a grandchild in a
// session of its own, in both dialects (the minisat one uses temporary
// files): satrun exits with 128 plus the signal, and leaves no process and
// no file behind.
func TestSignalsStopSatrunTree(t *testing.T) {
	bin := testenv.Tool(t, "satrun")
	pidfile := filepath.Join(t.TempDir(), "pids")
	fake := script(t, `pids=$1
setsid sleep 301 > /dev/null 2>&1 < /dev/null &
echo $! >> "$pids"
sleep 302 &
echo $! >> "$pids"
echo $$ >> "$pids"
wait
`)
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM, syscall.SIGINT} {
		for _, dialect := range []dimacs.Dialect{dimacs.Competition, dimacs.Minisat} {
			t.Run(fmt.Sprintf("%v/%s", sig, dialect), func(t *testing.T) {
				os.Remove(pidfile)
				testenv.KillListedAtEnd(t, pidfile)
				cmdline := fake + " " + pidfile
				if dialect == dimacs.Minisat {
					cmdline += " {cnf} {out}"
				}
				cmd, tmp, _ := startSatrun(t, bin, "--solver-cmd", cmdline, "--dialect", dialect.String())
				var pids []int
				waitFor(t, "the fake solver's pids", func() bool {
					b, _ := os.ReadFile(pidfile)
					return strings.Count(string(b), "\n") == 3
				})
				pids = testenv.Pids(t, pidfile)
				if dialect == dimacs.Minisat {
					if es, _ := os.ReadDir(tmp); len(es) != 2 {
						t.Fatalf("satrun's temporary folder holds %d files, want the CNF and the result", len(es))
					}
				}
				checkStopped(t, cmd, sig, pids, tmp)
			})
		}
	}
}

// TestSIGHUPStopsRealSolvers: closing a terminal used to leave each of
// these solvers running on a hard formula.
func TestSIGHUPStopsRealSolvers(t *testing.T) {
	bin := testenv.Tool(t, "satrun")
	for _, name := range []string{"minisat", "picosat", "cadical", "cryptominisat5"} {
		t.Run(name, func(t *testing.T) {
			testenv.Solver(t, name)
			cmd, tmp, _ := startSatrun(t, bin, "--solver", name)
			var pids []int
			waitFor(t, name+" to start", func() bool {
				pids = descendants(cmd.Process.Pid)
				return len(pids) > 0
			})
			time.Sleep(100 * time.Millisecond) // let it read the formula
			checkStopped(t, cmd, syscall.SIGHUP, append(pids, descendants(cmd.Process.Pid)...), tmp)
		})
	}
}

// TestKill9StopsSatrunTree: satrun killed by SIGKILL can do nothing, yet
// its solver's whole tree goes: a solver that is a shell script with a
// child in its group, one in a session of its own and a grandchild under
// a child of its own. The solver's supervisor (proctree.Start) kills them
// all when satrun dies.
func TestKill9StopsSatrunTree(t *testing.T) {
	bin := testenv.Tool(t, "satrun")
	pidfile := filepath.Join(t.TempDir(), "pids")
	testenv.KillListedAtEnd(t, pidfile)
	fake := script(t, `pids=$1
echo $$ >> "$pids"
sleep 1000 &
echo $! >> "$pids"
setsid sleep 1001 > /dev/null 2>&1 < /dev/null &
echo $! >> "$pids"
sh -c 'sleep 1002 & echo $! >> "$1"; wait' sh "$pids" &
echo $! >> "$pids"
wait
`)
	cmd, _, _ := startSatrun(t, bin, "--solver-cmd", fake+" "+pidfile)
	waitFor(t, "the fake solver's pids", func() bool {
		b, _ := os.ReadFile(pidfile)
		return strings.Count(string(b), "\n") == 5
	})
	pids := testenv.Pids(t, pidfile)
	cmd.Process.Kill()
	cmd.Wait()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		var left []int
		for _, p := range pids {
			if alive(p, false) {
				left = append(left, p)
			}
		}
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("processes %v of the solver's tree still run 10 s after satrun's SIGKILL", left)
		}
	}
}
