package measure

import (
	"bytes"
	"os"
	"runtime"
	"strconv"
)

// FreeCores estimates the cores not busy right now: the number of CPUs less
// the one-minute load average, rounded.
func FreeCores() (free, cpus int, load float64) {
	cpus = runtime.NumCPU()
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return cpus, cpus, 0
	}
	f := bytes.Fields(b)
	if len(f) > 0 {
		load, _ = strconv.ParseFloat(string(f[0]), 64)
	}
	free = cpus - int(load+0.5)
	return max(free, 0), cpus, load
}
