//go:build unix

package difftest

import (
	"os/exec"
	"syscall"
)

// ownGroup makes cmd the leader of a new process group and makes
// cancelling its context kill that whole group, so a solver's helpers go
// with it.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
