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

// StartTime returns false: without Linux's /proc a process's start time is
// not known.
func StartTime(pid int) (uint64, bool) { return 0, false }
