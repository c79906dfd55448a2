// Package testenv decides whether tests that need an external SAT solver run,
// skip, or fail.
//
// A test that needs a solver calls Solver(t, "minisat"). When the solver is
// on PATH its path is returned. When it is not, the test is skipped, unless
// the environment variable PIPESAT_REQUIRE_SOLVERS (a comma-separated list,
// as CI sets it) names it: then the test fails, so a missing solver cannot
// turn a CI run green by skipping. The name "slurm" there requires Slurm
// for the tests that submit jobs (see Slurm). Other programs a test needs
// (mandoc, zsh, fish for the man pages and completions) go through
// Program, and the same variable: CI names them too.
package testenv

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Required reports whether PIPESAT_REQUIRE_SOLVERS names solver.
func Required(name string) bool {
	for _, s := range strings.Split(os.Getenv("PIPESAT_REQUIRE_SOLVERS"), ",") {
		if strings.TrimSpace(s) == name {
			return true
		}
	}
	return false
}

// Solver returns the path of the named solver program, skipping the test if
// it is not installed, or failing it if PIPESAT_REQUIRE_SOLVERS names it.
func Solver(t testing.TB, name string) string {
	t.Helper()
	return Program(t, name)
}

// Program returns the path of the program name (a solver, or a tool a
// test drives, such as mandoc or zsh), skipping the test if it is not on
// PATH, or failing it if PIPESAT_REQUIRE_SOLVERS names it.
func Program(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	if Required(name) {
		t.Fatalf("%s is required by PIPESAT_REQUIRE_SOLVERS but not installed: %v", name, err)
	}
	t.Skipf("%s not installed", name)
	return ""
}

// SharedRequired reports whether PIPESAT_REQUIRE_SHARED is set to a
// non-empty value (CI sets it): tests that read the collection puzzles in
// ../shared/puzzles then fail when the folder is missing instead of
// skipping those puzzles.
func SharedRequired() bool { return os.Getenv("PIPESAT_REQUIRE_SHARED") != "" }

// Full reports whether PIPESAT_TEST_FULL is set to a non-empty value (CI
// sets it): the scripts' [full] checks and the slow tests that ask Full
// then run too. Each is a slow one (a second or more of CPU, or one that
// needs a warm module cache to be quick) whose property a quicker check
// also shows, with other inputs or another solver; make test leaves them
// to CI.
func Full() bool { return os.Getenv("PIPESAT_TEST_FULL") != "" }

// SharedPuzzles returns dir (the path of the team's shared/puzzles folder as
// the caller sees it) if it exists, else "": the caller then leaves the
// collection puzzles out. When SharedRequired, a missing folder fails t.
func SharedPuzzles(t testing.TB, dir string) string {
	t.Helper()
	if _, err := os.Stat(dir); err == nil {
		return dir
	}
	if SharedRequired() {
		t.Fatalf("PIPESAT_REQUIRE_SHARED is set but the shared puzzles are not at %s", dir)
	}
	return ""
}
