package run

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/pipesat/pipesat/solver"
)

// Installed returns the names of the solver.KnownSolvers on PATH, then
// "gini".
func Installed() []string {
	return append(solver.Installed(), "gini")
}

// ErrNoSatrun is FindSatrun's error when it finds no satrun.
var ErrNoSatrun = errors.New("satrun not found next to this program or on PATH")

// FindSatrun returns the satrun program: the one next to the running
// executable if there is one (the tools are built and installed together),
// else the one on PATH, else ErrNoSatrun.
func FindSatrun() (string, error) {
	if exe, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(exe), "satrun")
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	p, err := exec.LookPath("satrun")
	if err != nil {
		return "", ErrNoSatrun
	}
	return p, nil
}

// NamedSolver returns the solver name run through satrun ("gini" or one of
// solver.KnownSolvers), a *SolverError (Unknown) for another name. "auto"
// is not a name here; see Installed. satrun runs without checking models
// (--no-verify): the Runner checks them itself, after the timed run. A
// known solver's own command line is its Direct, which a Runner runs
// instead of satrun's unless it certifies.
func NamedSolver(satrun, name string) (Solver, error) {
	k, ok := solver.FindKnown(name)
	if !ok && name != "gini" {
		return Solver{}, &SolverError{name, Unknown}
	}
	s := Solver{Name: name, Argv: []string{satrun, "--no-verify", "--solver", name}}
	if name == "gini" {
		s.Version = giniVersion(satrun)
		return s, nil
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return Solver{}, fmt.Errorf("solver %s is not installed", name)
	}
	s.Version = Version(p)
	s.Direct = newDirect(k, p)
	return s, nil
}

// CommandSolver returns a solver given as a command line for satrun
// (satrun --solver-cmd), written "NAME=COMMAND" or just "COMMAND" (named
// after its program), a *SolverError (EmptyCommand) for no command. Its
// rows have a version only when the program is one of
// solver.KnownSolvers.
func CommandSolver(satrun, spec string) (Solver, error) {
	name, cmd, ok := strings.Cut(spec, "=")
	if !ok || strings.ContainsAny(name, " \t'\"") {
		name, cmd = "", spec
	}
	words := strings.Fields(cmd)
	if len(words) == 0 {
		return Solver{}, &SolverError{spec, EmptyCommand}
	}
	if name == "" {
		name = filepath.Base(words[0])
	}
	s := Solver{Name: name, Argv: []string{satrun, "--no-verify", "--solver-cmd", cmd}, Spec: spec}
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

// SolverError says why a solver given by name or as a command line cannot
// run.
type SolverError struct {
	Solver  string // the name, or the command line as given
	Problem SolverProblem
}

// SolverProblem is what is wrong with a solver (SolverError).
type SolverProblem int

// The problems a SolverError names.
const (
	Unknown       SolverProblem = iota // no solver of that name
	EmptyCommand                       // a command line with no command
	Twice                              // a second solver of the same name
	NoProofs                           // a solver that writes no proofs, to certify
	NoProofOption                      // a command line with no {proof}, to certify
)

func (e *SolverError) Error() string {
	switch e.Problem {
	case Unknown:
		return fmt.Sprintf("unknown solver %q (known: gini, %s)", e.Solver, strings.Join(solver.KnownNames(), ", "))
	case EmptyCommand:
		return fmt.Sprintf("solver command %q: empty command", e.Solver)
	case Twice:
		return fmt.Sprintf("two solvers named %q", e.Solver)
	case NoProofs:
		var names []string
		for _, p := range solver.ProofSolvers() {
			names = append(names, p.Name)
		}
		return fmt.Sprintf("%s writes no proofs (those that do: %s)", e.Solver, strings.Join(names, ", "))
	}
	return fmt.Sprintf("solver command %q has no {proof}", e.Solver)
}

// ErrNoSolvers is Solvers' error when it has no solver to give, and
// ErrNoProofSolvers when it has none because none of those that write
// proofs is installed.
var (
	ErrNoSolvers      = errors.New("no solvers")
	ErrNoProofSolvers = errors.New("no proof-writing solver is installed")
)

// Solvers returns the solvers named in names (each may be a
// comma-separated list; "auto" names the Installed ones), each once, then
// those given as command lines in cmds (see CommandSolver), all run through
// the satrun program satrun. To certify, each must write proofs
// (solver.ProofSolvers, a command line with {proof}), and "auto" names
// the installed ones that do. A *SolverError says what is wrong with a
// solver; with none to give it returns ErrNoSolvers, or
// ErrNoProofSolvers when certifying.
func Solvers(satrun string, names, cmds []string, certify bool) ([]Solver, error) {
	var list []string
	for _, n := range names {
		for _, s := range strings.Split(n, ",") {
			if s = strings.TrimSpace(s); s == "auto" && certify {
				list = append(list, installedProofSolvers()...)
			} else if s == "auto" {
				list = append(list, Installed()...)
			} else if s != "" {
				list = append(list, s)
			}
		}
	}
	// A solver that writes no proofs is wrong whatever is installed, so
	// it is found before any solver is looked up.
	for _, n := range list {
		if certify && !isProofSolver(n) {
			return nil, &SolverError{n, NoProofs}
		}
	}
	var out []Solver
	seen := map[string]bool{}
	for _, n := range list {
		if seen[n] {
			continue // "auto,gini" names gini twice
		}
		seen[n] = true
		s, err := NamedSolver(satrun, n)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	for _, c := range cmds {
		if certify && !strings.Contains(c, "{proof}") {
			return nil, &SolverError{c, NoProofOption}
		}
		s, err := CommandSolver(satrun, c)
		if err != nil {
			return nil, err
		}
		if seen[s.Name] {
			return nil, &SolverError{s.Name, Twice}
		}
		seen[s.Name] = true
		out = append(out, s)
	}
	if len(out) == 0 && certify {
		return nil, ErrNoProofSolvers
	}
	if len(out) == 0 {
		return nil, ErrNoSolvers
	}
	return out, nil
}

// installedProofSolvers returns the installed solver.ProofSolvers.
func installedProofSolvers() []string {
	var out []string
	for _, p := range solver.ProofSolvers() {
		if _, err := exec.LookPath(p.Name); err == nil {
			out = append(out, p.Name)
		}
	}
	return out
}

func isProofSolver(name string) bool {
	for _, p := range solver.ProofSolvers() {
		if p.Name == name {
			return true
		}
	}
	return false
}
