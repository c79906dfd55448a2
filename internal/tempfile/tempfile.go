// Package tempfile makes the temporary files and folders of pipesat's
// tools with their owner in the name, and removes those an owner left
// behind when it died without removing them (kill -9, a power cut of the
// process alone): the next file made in the same folder by any pipesat
// tool finds them and removes them.
//
// A name is the pattern's text before "*", the owner, "-", a random
// number, and the text after "*": "pipesat-*.cnf" gives
// "pipesat-4242.81234.1f0c2a9e-1234567890.cnf". The owner is the process
// id, its start time in clock ticks after boot (the pair names one
// process, whatever pids the kernel reuses) and a key of the machine's
// boot and pid namespace: a leftover is removed only when the key is this
// process's and no process with that id and start time runs, so a folder
// shared by two machines or containers loses nothing of the other's. On
// systems without Linux's /proc nothing is removed.
package tempfile

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/pipesat/pipesat/internal/proctree"
)

// Create makes a new file in dir (os.TempDir() if empty) named after
// pattern, as os.CreateTemp does with the owner stamped in (see the package
// comment), opened for reading and writing. The first call for a folder
// removes the leftovers in it (see Sweep).
func Create(dir, pattern string) (*os.File, error) {
	p, err := stamp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return os.CreateTemp(dir, p)
}

// Mkdir makes a new folder in dir as Create makes a file, and returns its
// path.
func Mkdir(dir, pattern string) (string, error) {
	p, err := stamp(dir, pattern)
	if err != nil {
		return "", err
	}
	return os.MkdirTemp(dir, p)
}

// stamp returns pattern with the owner before its "*" and sweeps dir the
// first time.
func stamp(dir, pattern string) (string, error) {
	if strings.Count(pattern, "*") != 1 || strings.ContainsRune(pattern, os.PathSeparator) {
		return "", fmt.Errorf("tempfile: bad pattern %q: want one \"*\" and no %q", pattern, os.PathSeparator)
	}
	sweepOnce(dir)
	return strings.Replace(pattern, "*", owner()+"-*", 1), nil
}

var (
	ownerOnce sync.Once
	ownerID   string // "pid.start.key", or "pid" without /proc
	ownerKey  string
)

// owner returns this process's owner stamp.
func owner() string {
	ownerOnce.Do(func() {
		pid := os.Getpid()
		start, ok := proctree.StartTime(pid)
		ownerKey = machineKey()
		if !ok || ownerKey == "" {
			ownerID = strconv.Itoa(pid)
			return
		}
		ownerID = fmt.Sprintf("%d.%d.%s", pid, start, ownerKey)
	})
	return ownerID
}

// machineKey returns 8 hex digits naming this boot of the machine and this
// pid namespace, or "" if they cannot be read.
func machineKey() string {
	boot, err := os.ReadFile("/proc/sys/kernel/random/boot_id")
	if err != nil {
		return ""
	}
	ns, err := os.Readlink("/proc/self/ns/pid")
	if err != nil {
		return ""
	}
	h := sha256.Sum256([]byte(strings.TrimSpace(string(boot)) + " " + ns))
	return hex.EncodeToString(h[:4])
}

var swept sync.Map // folder -> struct{}: swept by this process

func sweepOnce(dir string) {
	if dir == "" {
		dir = os.TempDir()
	}
	if _, done := swept.LoadOrStore(dir, struct{}{}); !done {
		Sweep(dir)
	}
}

// Sweep removes the files and folders in dir (os.TempDir() if empty) that
// Create and Mkdir made for a process that has ended (see the package
// comment), and returns their names. A leftover it cannot remove is left
// in place: it is not this run's business to fail for it.
func Sweep(dir string) []string {
	if dir == "" {
		dir = os.TempDir()
	}
	owner() // sets ownerKey
	if ownerKey == "" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return nil
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	var out []string
	for _, n := range names {
		pid, start, ok := parseOwner(n)
		if !ok || pid == os.Getpid() {
			continue
		}
		if st, alive := proctree.StartTime(pid); alive && st == start {
			continue
		}
		if os.RemoveAll(filepath.Join(dir, n)) == nil {
			out = append(out, n)
		}
	}
	return out
}

// parseOwner returns the owner stamped in the name n, if it has one with
// this process's key: "PREFIX-PID.START.KEY-RANDOM...", where PREFIX may
// hold "-" too.
func parseOwner(n string) (pid int, start uint64, ok bool) {
	parts := strings.Split(n, "-")
	for i := 1; i+1 < len(parts); i++ {
		if r := parts[i+1]; r == "" || r[0] < '0' || r[0] > '9' {
			continue
		}
		f := strings.Split(parts[i], ".")
		if len(f) != 3 || f[2] != ownerKey {
			continue
		}
		pid, err := strconv.Atoi(f[0])
		if err != nil || pid <= 0 {
			continue
		}
		start, err := strconv.ParseUint(f[1], 10, 64)
		if err != nil {
			continue
		}
		return pid, start, true
	}
	return 0, 0, false
}
