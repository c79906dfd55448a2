package solver

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/pipesat/pipesat/internal/proctree"
)

// DefaultGrace is how long a solver may take to exit after SIGTERM before
// its process group gets SIGKILL. It is short so that satrun --timeout T
// returns within T plus half a second even if the solver ignores SIGTERM.
const DefaultGrace = 500 * time.Millisecond

// sigintMu serialises the temporary SIGINT handler of startChild.
var sigintMu sync.Mutex

// process is one run of an external program in its own process group.
type process struct {
	cmd      *exec.Cmd
	waitc    chan error // receives cmd.Wait's result once
	stdout   *os.File   // read end of the child's stdout
	stderrR  *os.File   // read end of the child's stderr
	stderr   *tailBuffer
	errDone  chan struct{} // closed when stderr is drained
	killed   bool          // we sent SIGTERM/SIGKILL because ctx ended
	tag      string        // the run's proctree tag
	waitErr  error
	exitCode int
}

// startChild starts path with args in a new process group, stdin from
// stdin (nil means /dev/null), tagged as a proctree run. The caller runs
// p.watch while it reads p.stdout to EOF.
func startChild(path string, args []string, stdin *os.File) (*process, error) {
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return nil, err
	}
	cmd := exec.Command(path, args...)
	if stdin != nil {
		cmd.Stdin = stdin
	}
	cmd.Stdout = outW
	cmd.Stderr = errW
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	tag, env := proctree.Tag()
	cmd.Env = env

	// A signal the Go runtime handles is reset to its default in the child;
	// one ignored at our start (satrun run by "nohup" or in the background
	// of a non-interactive shell) would stay ignored. Handle SIGINT for
	// the moment of the fork so the solver gets the default: it can then be
	// interrupted like any program. We ignored it anyway, so nothing is lost.
	sigintMu.Lock()
	var sigc chan os.Signal
	if signal.Ignored(syscall.SIGINT) {
		sigc = make(chan os.Signal, 1)
		signal.Notify(sigc, syscall.SIGINT)
	}
	err = proctree.Start(cmd, nil) // the solver dies with satrun, even by kill -9
	if sigc != nil {
		signal.Stop(sigc)
		signal.Ignore(syscall.SIGINT)
	}
	sigintMu.Unlock()
	outW.Close()
	errW.Close()
	if err != nil {
		outR.Close()
		errR.Close()
		return nil, err
	}
	p := &process{
		cmd:     cmd,
		waitc:   make(chan error, 1),
		stdout:  outR,
		stderrR: errR,
		stderr:  &tailBuffer{max: 4096},
		errDone: make(chan struct{}),
		tag:     tag,
	}
	go func() {
		io.Copy(p.stderr, errR)
		errR.Close()
		close(p.errDone)
	}()
	go func() { p.waitc <- cmd.Wait() }()
	return p, nil
}

// watch ends the process group when ctx ends before the process exits:
// SIGTERM, then SIGKILL after grace. When the leader has exited, it kills
// and reaps every process left of the run, in the group or not (a
// descendant that called setsid), and returns. It must run while the
// caller reads stdout, since a killed solver's output only ends when every
// process holding the pipe is gone.
func (p *process) watch(ctx context.Context, grace time.Duration) {
	pid := p.cmd.Process.Pid
	select {
	case p.waitErr = <-p.waitc:
	case <-ctx.Done():
		p.killed = true
		syscall.Kill(-pid, syscall.SIGTERM)
		t := time.NewTimer(grace)
		select {
		case p.waitErr = <-p.waitc:
			t.Stop()
		case <-t.C:
			syscall.Kill(-pid, syscall.SIGKILL)
			p.waitErr = <-p.waitc
		}
	}
	// The leader is gone; anything left of its run (a forked child that
	// hangs, one that ignored SIGTERM, one that left the group) is an
	// orphan: kill it, so that stdout reaches EOF and nothing outlives us.
	proctree.Kill(pid, p.tag)
	p.exitCode = p.cmd.ProcessState.ExitCode()
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

// lastLine returns the last non-empty line written, for error messages.
func (t *tailBuffer) lastLine() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := bytes.TrimRight(t.buf, "\r\n\t ")
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		b = b[i+1:]
	}
	if len(b) > 200 {
		b = b[:200]
	}
	return string(b)
}

// signalOf returns the signal that killed the process, if one did.
func signalOf(ps *os.ProcessState) (syscall.Signal, bool) {
	if ps == nil {
		return 0, false
	}
	ws, ok := ps.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return 0, false
	}
	return ws.Signal(), true
}
