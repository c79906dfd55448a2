//go:build !unix

package difftest

import "os/exec"

// ownGroup does nothing where there are no process groups: cancelling the
// context kills the process itself.
func ownGroup(cmd *exec.Cmd) {}
