package measure

import (
	"fmt"
	"os/exec"

	"golang.org/x/sys/unix"

	"github.com/pipesat/pipesat/internal/proctree"
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

// startPinned starts cmd with its affinity set to the one CPU *cpu, or as
// is if cpu is nil, so that it dies with satbench (see proctree.Start). The
// child inherits the mask of the thread that forks it, so the mask is set
// on proctree.Start's thread around the fork and then restored: the child
// is on its CPU before it runs a single instruction, and so is everything
// it forks.
func startPinned(cmd *exec.Cmd, pin *int) error {
	if pin == nil {
		return proctree.Start(cmd, nil)
	}
	cpu := *pin
	return proctree.Start(cmd, func() (func(), error) {
		var old, set unix.CPUSet
		if err := unix.SchedGetaffinity(0, &old); err != nil {
			return nil, fmt.Errorf("pinning to CPU %d: %v", cpu, err)
		}
		set.Set(cpu)
		if err := unix.SchedSetaffinity(0, &set); err != nil {
			return nil, fmt.Errorf("pinning to CPU %d: %v", cpu, err)
		}
		// Restoring a mask the thread had a moment ago does not fail;
		// if it did, the next pinned start sets its own mask anyway.
		return func() { unix.SchedSetaffinity(0, &old) }, nil
	})
}
