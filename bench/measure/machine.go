package measure

import (
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// ReadMachine returns what /proc/cpuinfo, cpu0's cpufreq folder, uname
// and /proc/meminfo say of this machine: the fields BenchExec records with
// its results. What cannot be read stays empty.
func ReadMachine() Machine {
	read := func(path string) string {
		b, _ := os.ReadFile(path)
		return strings.TrimSpace(string(b))
	}
	const freq = "/sys/devices/system/cpu/cpu0/cpufreq/"
	m := machineFrom(read("/proc/cpuinfo"), read("/proc/meminfo"), read(freq+"scaling_governor"), read(freq+"cpuinfo_max_freq"))
	var u unix.Utsname
	if unix.Uname(&u) == nil {
		m.Kernel = unix.ByteSliceToString(u.Sysname[:]) + " " + unix.ByteSliceToString(u.Release[:])
	}
	return m
}

// machineFrom fills a Machine from the text of /proc/cpuinfo and
// /proc/meminfo, cpu0's scaling_governor and its cpuinfo_max_freq (kHz).
// Physical cores are the distinct (physical id, core id) pairs; without
// them (some virtual machines, ARM) the count stays 0, unknown.
func machineFrom(cpuinfo, meminfo, governor, maxFreq string) Machine {
	m := Machine{Governor: governor}
	cores := map[[2]string]bool{}
	var phys string
	for l := range strings.Lines(cpuinfo) {
		k, v, ok := strings.Cut(l, ":")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch k {
		case "processor":
			m.CPUs++
		case "model name", "Model", "cpu model":
			if m.CPUModel == "" {
				m.CPUModel = strings.Join(strings.Fields(v), " ")
			}
		case "cpu MHz":
			if m.MHz == 0 {
				m.MHz, _ = strconv.ParseFloat(v, 64)
			}
		case "physical id":
			phys = v
		case "core id":
			cores[[2]string{phys, v}] = true
		}
	}
	m.Cores = len(cores)
	if khz, err := strconv.ParseFloat(maxFreq, 64); err == nil && khz > 0 {
		m.MHz = khz / 1000
	}
	for l := range strings.Lines(meminfo) {
		if v, ok := strings.CutPrefix(l, "MemTotal:"); ok {
			m.MemKiB, _ = strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		}
	}
	return m
}

// How a row's User and Sys were measured (results.Row.CPUMethod).
const (
	CPUCgroup = "cgroup"
	CPURusage = "rusage"
)

// Machine is what BenchExec records of a machine with its results, read
// by ReadMachine; a field that could not be read is empty. The
// load average, which changes, is the row's own (results.Row.Load).
type Machine struct {
	CPUModel string `json:"cpu_model,omitempty"`
	// CPUs counts the logical CPUs (hardware threads) online, Cores the
	// physical cores.
	CPUs  int `json:"cpus,omitempty"`
	Cores int `json:"cores,omitempty"`
	// Governor is cpu0's frequency governor (performance, powersave,
	// schedutil, ...); MHz its highest frequency (cpufreq's
	// cpuinfo_max_freq), else what /proc/cpuinfo says of cpu0 (a virtual
	// machine's nominal frequency).
	Governor string  `json:"governor,omitempty"`
	MHz      float64 `json:"mhz,omitempty"`
	// Kernel is the kernel's name and release ("Linux 6.1.0-13-amd64").
	Kernel string `json:"kernel,omitempty"`
	// MemKiB is the machine's memory (MemTotal), in KiB.
	MemKiB int64 `json:"mem_kib,omitempty"`
}
