package bench

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/pipesat/pipesat/internal/usage"
	"github.com/pipesat/pipesat/solver"
)

// Installed returns the names of the solver.KnownSolvers on PATH, then
// "gini".
func Installed() []string {
	return append(solver.Installed(), "gini")
}

// FindSatrun returns the satrun program: the one next to the running
// executable if there is one (the tools are built and installed together),
// else the one on PATH.
func FindSatrun() (string, error) {
	if exe, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(exe), "satrun")
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	p, err := exec.LookPath("satrun")
	if err != nil {
		return "", fmt.Errorf("satrun not found next to satbench or on PATH (use --satrun)")
	}
	return p, nil
}

// NamedSolver returns the solver name run through satrun ("gini" or one of
// solver.KnownSolvers). "auto" is not a name here; see Installed. satrun
// runs with --no-verify: satbench checks models itself, after the timed run.
func NamedSolver(satrun, name string) (Solver, error) {
	if _, ok := solver.FindKnown(name); !ok && name != "gini" {
		return Solver{}, usage.Errorf("unknown solver %q (known: gini, %s; or use --solver-cmd)", name, strings.Join(solver.KnownNames(), ", "))
	}
	s := Solver{Name: name, Argv: []string{satrun, "--no-verify", "--solver", name}, Spec: []string{"--solver", name}}
	if name == "gini" {
		s.Version = giniVersion(satrun)
		return s, nil
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return Solver{}, fmt.Errorf("solver %s is not installed", name)
	}
	s.Version = Version(p)
	return s, nil
}

// CommandSolver returns a solver given as a command line for satrun's
// --solver-cmd, written "NAME=COMMAND" or just "COMMAND" (named after its
// program). Its rows have a version only when the program is one of
// solver.KnownSolvers.
func CommandSolver(satrun, spec string) (Solver, error) {
	name, cmd, ok := strings.Cut(spec, "=")
	if !ok || strings.ContainsAny(name, " \t'\"") {
		name, cmd = "", spec
	}
	words := strings.Fields(cmd)
	if len(words) == 0 {
		return Solver{}, fmt.Errorf("--solver-cmd %q: empty command", spec)
	}
	if name == "" {
		name = filepath.Base(words[0])
	}
	s := Solver{Name: name, Argv: []string{satrun, "--no-verify", "--solver-cmd", cmd}, Spec: []string{"--solver-cmd", spec}}
	// Only a known solver's program is asked for its version: the first
	// word of a command may be an interpreter (sh, python3) whose version
	// says nothing about the solver.
	if _, ok := solver.FindKnown(filepath.Base(words[0])); ok {
		if p, err := exec.LookPath(words[0]); err == nil {
			s.Version = Version(p)
		}
	}
	return s, nil
}

// giniVersion asks satrun --list-solvers which gini it embeds. The
// listing asks every installed solver for its version: on a loaded
// machine (a Slurm node running a task per core) that took over 3 s and
// rows said "gini" instead of "gini v1.0.4", so the limit is generous.
func giniVersion(satrun string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, _ := exec.CommandContext(ctx, satrun, "--list-solvers").Output()
	for _, l := range strings.Split(string(out), "\n") {
		if f := strings.Fields(l); len(f) >= 3 && f[0] == "gini" && f[2] != "-" {
			return "gini " + f[2]
		}
	}
	return "gini"
}

// Version returns what the program at path says its version is:
// solver.Version, the same text satrun --list-solvers shows.
func Version(path string) string { return solver.Version(context.Background(), path) }

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
