//go:build unix

package dimacs

import "syscall"

// cnfCPUSeconds returns the user and system CPU time this process has used.
func cnfCPUSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
