package measure

import (
	"bytes"
	"os"
	"runtime"
	"strconv"
)

// FreeCores estimates the cores not busy right now: the number of CPUs
// this process may use less the one-minute load average, rounded; cpus is
// that number and load the load average.
func FreeCores() (free, cpus int, load float64) {
	cpus, load = runtime.NumCPU(), LoadAvg()
	free = cpus - int(load+0.5)
	return max(free, 0), cpus, load
}

// Crowded reports whether a load average of load on cpus CPUs leaves less
// than the jobs runs that a benchmark is about to start need: the load is
// above the cores the runs leave free, so someone else's work will take
// turns with them on a CPU.
func Crowded(jobs, cpus int, load float64) bool {
	return load > float64(cpus-jobs)
}

// LoadAvg returns the one-minute load average, 0 if /proc/loadavg cannot
// be read.
func LoadAvg() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := bytes.Fields(b)
	if len(f) == 0 {
		return 0
	}
	load, _ := strconv.ParseFloat(string(f[0]), 64)
	return load
}
