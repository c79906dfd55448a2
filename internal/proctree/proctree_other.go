//go:build !linux

package proctree

import "syscall"

func becomeSubreaper() {}

// Kill kills with SIGKILL what is left of the process group pgid. Without
// Linux's /proc and child subreapers, a descendant that left the group is
// not found.
func Kill(pgid int, tag string) {
	syscall.Kill(-pgid, syscall.SIGKILL)
}
