package pipesat_test

// Pipeline tests: every testdata/script/*.txtar runs with all of cmd/* built
// and on PATH, so scripts can chain the tools as users do:
//
//	exec sh -c 'nono2cnf $WORK/p.non | satrun | cnf2grid'
//
// Custom commands and conditions:
//
//	exitcode N cmd args...   run cmd, require exit status exactly N
//	[solver:NAME]            NAME is installed; when it is not and
//	                         PIPESAT_REQUIRE_SOLVERS names it, the script fails
//
// $SHARED is ../shared when it exists (scripts that need it use [shared];
// with PIPESAT_REQUIRE_SHARED set, as in CI, a missing ../shared/puzzles fails them).
// $RACE is 1 when the tools are race builds (make check).

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/rogpeppe/go-internal/testscript"
)

var binDir string

// -update rewrites the files a failing "cmp" compares with, inside the
// scripts: go test . -run TestScripts -update, then read the diff.
var update = flag.Bool("update", false, "update the scripts' cmp files from the tools' output")

func TestMain(m *testing.M) {
	os.Exit(mainWithBuild(m))
}

func mainWithBuild(m *testing.M) int {
	dir, err := os.MkdirTemp("", "pipesat-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	// -buildvcs=false: the tools print "(devel)" as their version (in
	// --version and the CNF header), whatever the checkout, so output is
	// the same on every machine.
	args := []string{"build", "-buildvcs=false", "-o", dir + string(os.PathSeparator)}
	if raceEnabled {
		args = append(args, "-race")
	}
	args = append(args, "./cmd/...")
	cmd := exec.Command("go", args...)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building the tools:", err)
		return 1
	}
	binDir = dir
	return m.Run()
}

func TestScripts(t *testing.T) {
	shared, _ := filepath.Abs("../shared")
	repo, _ := filepath.Abs(".")
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			env.Setenv("PATH", binDir+string(os.PathListSeparator)+os.Getenv("PATH"))
			env.Setenv("SHARED", shared)
			env.Setenv("REPO", repo)
			env.Setenv("PIPESAT_REQUIRE_SOLVERS", os.Getenv("PIPESAT_REQUIRE_SOLVERS"))
			env.Setenv("PIPESAT_SOLVER", "")
			if raceEnabled {
				// The tools are race builds, several times slower: scripts
				// that bound wall time allow for it.
				env.Setenv("RACE", "1")
			}
			return nil
		},
		Condition: func(cond string) (bool, error) {
			if name, ok := strings.CutPrefix(cond, "solver:"); ok {
				if _, err := exec.LookPath(name); err == nil {
					return true, nil
				}
				if testenv.Required(name) {
					return false, fmt.Errorf("solver %s is required by PIPESAT_REQUIRE_SOLVERS but not installed", name)
				}
				return false, nil
			}
			if cond == "shared" {
				_, err := os.Stat(filepath.Join(shared, "puzzles"))
				if err != nil && testenv.SharedRequired() {
					return false, fmt.Errorf("PIPESAT_REQUIRE_SHARED is set but the shared puzzles are missing: %v", err)
				}
				return err == nil, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exitcode": cmdExitcode,
		},
	})
}

// cmdExitcode runs args[1:] and requires exit status args[0]. Its stdout and
// stderr become the script's stdout and stderr, as with exec.
func cmdExitcode(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! exitcode")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: exitcode N cmd args...")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exitcode: %q is not a number", args[0])
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			ts.Fatalf("exitcode: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited %d, want %d\nstderr: %s", args[1], got, want, bytes.TrimSpace([]byte(ts.ReadFile("stderr"))))
	}
}
