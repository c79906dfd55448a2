//go:build !linux

package proctree

import (
	"os/exec"
	"runtime"
)

// Start starts cmd. prepare, if not nil, runs just before and undo just
// after, on the same thread. Without Linux's PR_SET_PDEATHSIG a child
// outlives this process if it is killed by SIGKILL.
func Start(cmd *exec.Cmd, prepare func() (undo func(), err error)) error {
	if prepare != nil {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		undo, err := prepare()
		if err != nil {
			return err
		}
		defer undo()
	}
	return cmd.Start()
}

// Supervisor reports false: without Linux's child subreapers, Start runs
// no supervisor.
func Supervisor(cmd *exec.Cmd) bool { return false }
