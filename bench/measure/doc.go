// Package measure runs a command as a process tree of its own and measures
// what it costs, as a benchmark needs: wall time; user and system time of
// every waited-for descendant (wait4); peak resident memory of the whole
// tree, sampled from /proc. It enforces a run's limits on the whole tree: a
// deadline (SIGTERM, then SIGKILL after a grace period) and a memory limit
// (SIGKILL at once, or the kernel's OOM killer in a cgroup v2 group of the
// run's own where the machine delegates one, see Limiter), and it kills
// whatever the tree left behind when its leader exits. A run may be pinned
// to one CPU (PinPlan, AllowedCPUs), so that parallel runs do not take
// turns on one.
//
// ParseSize reads memory sizes ("512M", "2G") and FreeCores estimates
// the cores not busy. The package knows nothing of solvers or results:
// package run builds on it.
package measure
