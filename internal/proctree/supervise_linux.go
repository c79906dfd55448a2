package proctree

import (
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// superviseEnv marks a process as a supervisor (see supervise): its value
// is the pid of the process that started it.
const superviseEnv = "PIPESAT_SUPERVISE"

// supervisorName is a supervisor's argv[0], what ps shows.
const supervisorName = "pipesat-supervise"

// A supervisor is this same executable, started again with superviseEnv
// set: it does its work here, before any other package of the program
// (the urfave/cli tools', the tests') initialises, and exits.
func init() {
	if v, ok := os.LookupEnv(superviseEnv); ok {
		os.Exit(supervise(v, os.Args))
	}
}

// supervised rewrites cmd so that it starts a supervisor that runs cmd's
// program (see supervise), and reports whether it did. It does not when
// cmd would fail to start anyway (its error stays the one the program's
// own start gives) or passes extra files.
func supervised(cmd *exec.Cmd) bool {
	if cmd.Err != nil || len(cmd.ExtraFiles) > 0 || len(cmd.Args) == 0 {
		return false
	}
	if _, err := exec.LookPath(cmd.Path); err != nil || !strings.Contains(cmd.Path, "/") {
		return false
	}
	env := cmd.Env
	if env == nil {
		env = os.Environ()
	}
	cmd.Env = append(env[:len(env):len(env)], superviseEnv+"="+strconv.Itoa(os.Getpid()))
	cmd.Args = append([]string{supervisorName, cmd.Path}, cmd.Args...)
	cmd.Path = "/proc/self/exe"
	return true
}

// Supervisor reports whether cmd, started by Start, runs its program under
// a supervisor: cmd.Process is then the supervisor's, and the kernel's
// figures for it (wait4's rusage) include the supervisor's own, about
// 2 ms of CPU and 5 MB of peak memory.
func Supervisor(cmd *exec.Cmd) bool {
	return cmd.Path == "/proc/self/exe" && len(cmd.Args) > 0 && cmd.Args[0] == supervisorName
}

// supervise is a supervisor's whole life. args are its argv: its name,
// the program's path, the program's argv. It becomes a child subreaper,
// runs the program in its own process group (the one its starter made for
// the run) with its own standard files, and waits. When the program exits, it kills and reaps whatever the
// program left (its group, a child in a session of its own, an orphan),
// and exits as the program did. When its own parent dies, even by SIGKILL,
// it learns so from PR_SET_PDEATHSIG (SIGTERM, set by Start) and kills and
// reaps the whole tree. Every descendant that does not start a subreaper of
// its own is in its subtree: nothing escapes. It ignores SIGTERM, SIGINT
// and SIGHUP otherwise: a signal to the group reaches the program itself.
// The program starts with this process's signal dispositions: default, or
// ignored where they were ignored when the supervisor started.
func supervise(parent string, args []string) int {
	ppid, err := strconv.Atoi(parent)
	if err != nil || len(args) < 3 {
		fmt.Fprintf(os.Stderr, "%s: started by hand (%s=%q)\n", supervisorName, superviseEnv, parent)
		return 127
	}
	// Fork from this thread, which ends only with the process: the
	// program's PR_SET_PDEATHSIG follows the thread (see Start).
	runtime.LockOSThread()
	unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
	name := []byte(supervisorName[:15] + "\x00") // ps's name, else "exe"
	unix.Prctl(unix.PR_SET_NAME, uintptr(unsafe.Pointer(&name[0])), 0, 0, 0)
	sigc := make(chan os.Signal, 4)
	signal.Notify(sigc, syscall.SIGTERM) // the parent-death signal
	for _, sig := range []os.Signal{syscall.SIGINT, syscall.SIGHUP} {
		// One ignored (nohup) stays ignored, for the program too.
		if !signal.Ignored(sig) {
			signal.Notify(sigc, sig)
		}
	}
	if os.Getppid() != ppid {
		return 128 + int(syscall.SIGKILL) // gone before the handler was there
	}
	if args[1] == serveArg && len(args) == 3 {
		return serve(ppid, args[2], sigc)
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, superviseEnv+"=") {
			env = append(env, kv)
		}
	}
	pid, err := syscall.ForkExec(args[1], args[2:], &syscall.ProcAttr{
		Env:   env,
		Files: []uintptr{0, 1, 2},
		Sys:   &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", args[1], err)
		return 127
	}
	done := make(chan syscall.WaitStatus, 1)
	go func() {
		var ws syscall.WaitStatus
		for {
			if _, err := syscall.Wait4(pid, &ws, 0, nil); err != syscall.EINTR {
				break
			}
		}
		done <- ws
	}()
	for {
		select {
		case ws := <-done:
			killSubtree(nil)
			return exitAs(ws)
		case <-sigc:
			if os.Getppid() != ppid {
				killSubtree(nil)
				return 128 + int(syscall.SIGKILL)
			}
		}
	}
}

// killSubtree kills with SIGKILL every descendant of this process and
// reaps those that become its children, until it has none, or for two
// seconds if one will not die (a process blocked in the kernel). Every
// descendant has a live parent or, a subreaper's orphan, this process:
// with no child left, none is left. It looks at /proc only when there is
// one: a listing of /proc/PID/task costs whoever reaps this process about
// 4 ms of CPU (see children), the supervisor's own start-up cost twice.
// If ru is not nil, it adds the CPU time of every process it reaps to ru
// and raises ru's Maxrss to theirs.
func killSubtree(ru *syscall.Rusage) {
	self := os.Getpid()
	deadline := time.Now().Add(2 * time.Second)
	for delay := time.Millisecond; ; delay = min(2*delay, 20*time.Millisecond) {
		for {
			var ws syscall.WaitStatus
			var r syscall.Rusage
			n, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, &r)
			if err == syscall.ECHILD {
				return
			}
			if n <= 0 {
				break
			}
			if ru != nil {
				addUsage(ru, &r)
			}
		}
		if time.Now().After(deadline) {
			return
		}
		for _, c := range children(self) {
			for _, q := range subtree(c) {
				syscall.Kill(q.pid, syscall.SIGKILL)
			}
		}
		time.Sleep(delay)
	}
}

// exitAs returns ws's exit status, or, for a program killed by a signal,
// dies by the same signal: the signal's default action, without the Go
// runtime's handler and without a core file (the program's is the one
// that matters), so that whoever waits for the supervisor sees what it
// would have seen of the program.
func exitAs(ws syscall.WaitStatus) int {
	if !ws.Signaled() {
		return ws.ExitStatus()
	}
	sig := ws.Signal()
	unix.Setrlimit(unix.RLIMIT_CORE, &unix.Rlimit{})
	signal.Reset(sig)
	var act [4]uintptr // a kernel sigaction of zeros: SIG_DFL, no flags, no mask
	unix.RawSyscall6(unix.SYS_RT_SIGACTION, uintptr(sig), uintptr(unsafe.Pointer(&act)), 0, 8, 0, 0)
	set := uint64(1) << (uint(sig) - 1)
	unix.RawSyscall6(unix.SYS_RT_SIGPROCMASK, unix.SIG_UNBLOCK, uintptr(unsafe.Pointer(&set)), 0, 8, 0, 0)
	unix.Tgkill(os.Getpid(), unix.Gettid(), sig)
	return 128 + int(sig) // a signal whose default is to go on (none kills a program so)
}
