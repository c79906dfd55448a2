package measure

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/pipesat/pipesat/internal/testenv"
)

func TestMachineFrom(t *testing.T) {
	// Two cores with two hardware threads each, on one package.
	var cpuinfo string
	for i, core := range []string{"0", "0", "1", "1"} {
		cpuinfo += "processor\t: " + string(rune('0'+i)) + "\nmodel name\t: Intel(R)  Xeon(R) CPU E5-2650 v4 @ 2.20GHz\n" +
			"cpu MHz\t\t: 2199.998\nphysical id\t: 0\ncore id\t\t: " + core + "\n\n"
	}
	meminfo := "MemTotal:       24683784 kB\nMemFree:        22733732 kB\n"
	tests := []struct {
		name                       string
		cpuinfo, gov, maxFreq, mem string
		want                       Machine
	}{
		{"cpufreq", cpuinfo, "performance", "2900000", meminfo,
			Machine{CPUModel: "Intel(R) Xeon(R) CPU E5-2650 v4 @ 2.20GHz", CPUs: 4, Cores: 2, Governor: "performance", MHz: 2900, MemKiB: 24683784}},
		{"a virtual machine", cpuinfo, "", "", meminfo,
			Machine{CPUModel: "Intel(R) Xeon(R) CPU E5-2650 v4 @ 2.20GHz", CPUs: 4, Cores: 2, MHz: 2199.998, MemKiB: 24683784}},
		{"arm: no core ids", "processor\t: 0\nBogoMIPS\t: 48.00\n\nprocessor\t: 1\nBogoMIPS\t: 48.00\n\nModel\t: Raspberry Pi 4 Model B Rev 1.4\n", "ondemand", "1500000", "",
			Machine{CPUModel: "Raspberry Pi 4 Model B Rev 1.4", CPUs: 2, Governor: "ondemand", MHz: 1500}},
		{"nothing readable", "", "", "", "", Machine{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := machineFrom(tt.cpuinfo, tt.mem, tt.gov, tt.maxFreq); got != tt.want {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
	if m := ReadMachine(); m.CPUs < 1 || m.Kernel == "" || m.MemKiB <= 0 {
		t.Errorf("ReadMachine() = %+v: no CPUs, kernel or memory", m)
	}
}

func TestCrowded(t *testing.T) {
	for _, tt := range []struct {
		jobs, cpus int
		load       float64
		want       bool
	}{
		{1, 2, 0.3, false}, {1, 2, 1.0, false}, {1, 2, 1.5, true}, {2, 2, 0.1, true},
		{2, 8, 5.9, false}, {2, 8, 6.1, true}, {1, 1, 0, false},
	} {
		if got := Crowded(tt.jobs, tt.cpus, tt.load); got != tt.want {
			t.Errorf("Crowded(%d jobs, %d cpus, load %.1f) = %v, want %v", tt.jobs, tt.cpus, tt.load, got, tt.want)
		}
	}
}

func TestParseCPUStat(t *testing.T) {
	for _, tt := range []struct {
		text      string
		user, sys time.Duration
		ok        bool
	}{
		{"usage_usec 3500000\nuser_usec 3000000\nsystem_usec 500000\nnr_periods 0\n", 3 * time.Second, 500 * time.Millisecond, true},
		{"usage_usec 12\nuser_usec 10\n", 10 * time.Microsecond, 0, false},
		{"user_usec x\nsystem_usec 1\n", 0, time.Microsecond, false},
		{"", 0, 0, false},
	} {
		user, sys, ok := parseCPUStat(tt.text)
		if user != tt.user || sys != tt.sys || ok != tt.ok {
			t.Errorf("parseCPUStat(%q) = %v, %v, %v; want %v, %v, %v", tt.text, user, sys, ok, tt.user, tt.sys, tt.ok)
		}
	}
}

// busy is a shell loop that burns some CPU time (about 0.2 s).
const busy = `i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done`

// TestCPUByRusage: without a Limiter the CPU time is wait4's.
func TestCPUByRusage(t *testing.T) {
	u := runBusy(t, nil)
	if u.CPUMethod != CPURusage || u.User+u.Sys < 10*time.Millisecond {
		t.Errorf("cost %+v: want CPU time by rusage, at least 10ms", u)
	}
}

// TestCPUByCgroup: where the machine delegates satbench's cgroup v2 group
// (systemd-run --user --scope -p Delegate=yes), the CPU time is the run's
// group's; elsewhere the test skips, unless PIPESAT_REQUIRE_SOLVERS names
// "cgroup".
func TestCPUByCgroup(t *testing.T) {
	var l Limiter
	defer l.Close()
	if method, why := l.CPUMethod(0); method != CPUCgroup {
		if testenv.Required("cgroup") {
			t.Fatalf("CPU time by %s, not cgroups: %s", method, why)
		}
		t.Skipf("no delegated cgroup: %s", why)
	}
	u := runBusy(t, &l)
	if u.CPUMethod != CPUCgroup || u.User+u.Sys < 10*time.Millisecond {
		t.Errorf("cost %+v: want CPU time by cgroup, at least 10ms", u)
	}
	// Closed as satbench closes its Runner, the groups it made are gone.
	base := l.tree.base
	StopSupervisors()
	l.Close()
	if _, err := os.Stat(base); !os.IsNotExist(err) {
		t.Errorf("after Close, %s: %v; want it removed", base, err)
	}
}

func runBusy(t *testing.T, l *Limiter) Cost {
	t.Helper()
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	c := Command{Argv: []string{"/bin/sh", "-c", "(" + busy + ")"}, Stdin: null, Stdout: null, Stderr: null, Grace: time.Second, Limiter: l}
	u, err := c.Run(context.Background())
	if err != nil || u.Exit != 0 {
		t.Fatalf("run: %+v, %v", u, err)
	}
	return u
}
