package measure

import (
	"golang.org/x/sys/unix"
)

// AllowedCPUs returns the CPUs this process may run on (its affinity mask, which
// taskset, cpusets or a Slurm allocation may have narrowed), in order.
func AllowedCPUs() []int {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return nil
	}
	var out []int
	for c := 0; c < len(set)*64; c++ {
		if set.IsSet(c) {
			out = append(out, c)
		}
	}
	return out
}

// PinPlan returns the CPU each of jobs parallel workers pins its runs to,
// or nil for no pinning: with one worker (nothing shares the machine with
// it, and the kernel may move it off a CPU someone else's work keeps busy),
// or with more workers than allowed CPUs (two runs pinned to one CPU would
// take turns on it while another CPU idles, worse than the kernel's
// balancing).
func PinPlan(jobs int, allowed []int) []int {
	if jobs <= 1 || jobs > len(allowed) {
		return nil
	}
	return allowed[:jobs:jobs]
}
