package proctree

import (
	"os/exec"
	"runtime"
	"sync"
	"syscall"
)

// spawner is the one thread that forks every child Start starts.
var spawner struct {
	once sync.Once
	reqs chan startReq
}

type startReq struct {
	cmd     *exec.Cmd
	prepare func() (undo func(), err error)
	done    chan error
}

// Start starts cmd so that it dies with this process, even by SIGKILL: the
// child gets SIGKILL when its parent goes (PR_SET_PDEATHSIG). The kernel
// sends it when the *thread* that forked the child ends, not the process,
// and a Go thread ends when a goroutine locked to it returns; so every
// child is forked by one thread, locked to a goroutine that never returns,
// which ends only with the process. prepare, if not nil, runs on that
// thread just before the fork and undo just after: a child inherits the
// thread's CPU affinity, for one. cmd.SysProcAttr's other fields are kept.
// Only the child itself gets the signal, and a grandchild does not inherit
// it; so cmd's program is run by a supervisor (this executable again, see
// supervise), a child subreaper that kills and reaps the program's whole
// tree when the program exits or this process dies, even by SIGKILL.
// cmd.Process is then the supervisor's, in cmd's process group with the
// program, and exits as the program did. A program cmd could not start
// (cmd.Err, a path that is no executable) and a cmd with ExtraFiles are
// started as they are.
func Start(cmd *exec.Cmd, prepare func() (undo func(), err error)) error {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	// A supervisor learns that this process died from a signal it can
	// catch; a program started as is, from one it cannot.
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	if supervised(cmd) {
		cmd.SysProcAttr.Pdeathsig = syscall.SIGTERM
	}
	return startOnSpawner(cmd, prepare)
}

// startOnSpawner starts cmd from the spawner's thread, with prepare and
// its undo around the fork (see Start).
func startOnSpawner(cmd *exec.Cmd, prepare func() (undo func(), err error)) error {
	spawner.once.Do(func() {
		spawner.reqs = make(chan startReq)
		go func() {
			runtime.LockOSThread() // never unlocked: see Start
			for r := range spawner.reqs {
				r.done <- r.start()
			}
		}()
	})
	r := startReq{cmd: cmd, prepare: prepare, done: make(chan error, 1)}
	spawner.reqs <- r
	return <-r.done
}

func (r startReq) start() error {
	if r.prepare != nil {
		undo, err := r.prepare()
		if err != nil {
			return err
		}
		defer undo()
	}
	return r.cmd.Start()
}
