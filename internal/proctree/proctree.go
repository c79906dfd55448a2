// Package proctree finds and kills every process a run of an external
// program left behind, including those that left its process group
// (setsid) or lost their parent, so that nothing a pipesat command started
// outlives it.
//
// Each run gets a tag that its first process inherits in the environment
// variable PIPESAT_RUN, and with it every descendant that does not clear its
// environment. On Linux the calling process becomes a child subreaper
// (prctl PR_SET_CHILD_SUBREAPER): a descendant whose parent dies becomes
// its child instead of init's, so it can still be found, killed and reaped.
// Processes of other runs, and children started without a tag, are never
// touched.
//
// A subreaper can only act while it lives. So on Linux Start runs each
// program under a supervisor: this same executable started again with
// PIPESAT_SUPERVISE set, which does its work in this package's init, before
// the program it belongs to starts, and exits. It is a child subreaper
// whose parent-death signal (PR_SET_PDEATHSIG) tells it that the process
// that started it died, even by SIGKILL; it then kills and reaps its whole
// subtree, which holds every descendant of the program. A cgroup would do
// the same where one is delegated; the supervisor needs none. Starting a
// supervisor costs about 3 ms of CPU; Spawn, for a process that runs many
// programs (satbench), starts one program after another from a supervisor
// that serves them and reports each one's exit and its tree's usage.
package proctree

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"
)

// EnvVar is the environment variable that carries a run's tag: the tags of
// the runs a process belongs to, separated by spaces (a run started inside
// a run belongs to both).
const EnvVar = "PIPESAT_RUN"

var seq atomic.Uint64

// Tag returns a new tag for a run and the environment to start the run's
// first process with: this process's, with the tag added to EnvVar. On
// Linux the first call makes the calling process a child subreaper.
func Tag() (tag string, env []string) {
	becomeSubreaper()
	tag = fmt.Sprintf("%d.%d", os.Getpid(), seq.Add(1))
	v := tag
	if old := os.Getenv(EnvVar); old != "" {
		v = old + " " + tag
	}
	return tag, append(os.Environ(), EnvVar+"="+v)
}

// hasTag reports whether environ, a /proc/PID/environ's content, tags the
// process with tag.
func hasTag(environ []byte, tag string) bool {
	for _, kv := range strings.Split(string(environ), "\x00") {
		if v, ok := strings.CutPrefix(kv, EnvVar+"="); ok {
			for _, t := range strings.Fields(v) {
				if t == tag {
					return true
				}
			}
		}
	}
	return false
}
