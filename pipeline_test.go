package pipesat_test

// Pipeline tests: every testdata/script/*.txtar runs with the 15 tools of
// cmd/* on PATH, so scripts can chain them as users do:
//
//	exec sh -c 'nono2cnf $WORK/p.non | satrun | cnf2grid'
//
// TestMain registers each tool's Main with testscript.Main (through
// testenv.MainBuilt), which puts a copy of this test binary under each
// tool's name on PATH. The scripts run the tools built from cmd/... by go
// build instead (testenv.Built, first on PATH): a 6 to 15 MB tool starts
// with less work than the 22 MB test binary, thousands of times. Under
// make cover and race builds they run the test binary's copies, so that
// the scripts count towards coverage and the tools are race builds.
//
// Custom commands and conditions:
//
//	exitcode N cmd args...   run cmd, require exit status exactly N
//	[solver:NAME]            NAME is installed; when it is not and
//	                         PIPESAT_REQUIRE_SOLVERS names it, the script fails
//	[full]                   PIPESAT_TEST_FULL is set (CI): a slow check whose
//	                         property a quicker one of the script shows too
//
// $SHARED is ../shared when it exists (scripts that need it use [shared];
// with PIPESAT_REQUIRE_SHARED set, as in CI, a missing ../shared/puzzles fails them).
// $RACE is 1 when the tools are race builds (make check).

import (
	"bytes"
	"embed"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/pipesat/pipesat/internal/testenv/lrattest"
	"github.com/pipesat/pipesat/internal/tools"
	"github.com/rogpeppe/go-internal/testscript"
)

// mains are the Mains of the commands of cmd/*, by name (TestToolsListed
// checks that none is missing).
var mains = func() map[string]func(doc string) int {
	m := map[string]func(doc string) int{}
	for name, tool := range tools.All {
		m[name] = func(doc string) int { return cmdio.Main(tool(doc)) }
	}
	return m
}()

// manuals are the tools' doc.go files, which their main.go embeds.
//
//go:embed cmd/*/doc.go
var manuals embed.FS

// -update rewrites the files a failing "cmp" compares with, inside the
// scripts: go test . -run TestScripts -update, then read the diff.
var update = flag.Bool("update", false, "update the scripts' cmp files from the tools' output")

func TestMain(m *testing.M) {
	// The scripts often wait: on a solver's --timeout, a sleep of satbench's
	// fake solvers, a pipe. With -parallel at its default, GOMAXPROCS, a
	// waiting script holds one of the few slots; twice as many keep the
	// cores busy (the root test on 2 cores, medians of 3: 34.5 s -> 29.5
	// s). Set before the flags are parsed: go test -parallel N still
	// decides.
	if f := flag.Lookup("test.parallel"); f != nil {
		f.Value.Set(strconv.Itoa(2 * runtime.GOMAXPROCS(0)))
	}
	docs, err := fs.Sub(manuals, "cmd")
	if err != nil {
		panic(err)
	}
	testenv.MainBuilt(m, docs, mains)
}

// TestToolsListed: every cmd/* is in tools.
func TestToolsListed(t *testing.T) {
	dirs, err := filepath.Glob("cmd/*/main.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if name := filepath.Base(filepath.Dir(d)); tools.All[name] == nil {
			t.Errorf("cmd/%s is not in internal/tools' All", name)
		}
	}
	if len(dirs) != len(tools.All) {
		t.Errorf("%d commands in cmd/*, %d tools", len(dirs), len(tools.All))
	}
}

// TestScripts runs the scripts in parallel with each other and with the
// root's other long tests: the scripts are most of the module's test time,
// on every core.
func TestScripts(t *testing.T) {
	t.Parallel()
	shared, _ := filepath.Abs("../shared")
	repo, _ := filepath.Abs(".")
	bin := testenv.Built(t)
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			if bin != "" {
				env.Setenv("PATH", bin+string(filepath.ListSeparator)+env.Getenv("PATH"))
			}
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
			if cond == "full" {
				return testenv.Full(), nil
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
			"exitcode":  cmdExitcode,
			"lratcheck": cmdLRATCheck,
		},
	})
}

// toolsEnviron returns os.Environ() with the built tools (testenv.Built),
// if any, first on PATH, as the scripts have them.
func toolsEnviron(t *testing.T) []string {
	env := os.Environ()
	if bin := testenv.Built(t); bin != "" {
		env = append(env, "PATH="+bin+string(filepath.ListSeparator)+os.Getenv("PATH"))
	}
	return env
}

// TestBuiltTools: the folder of built tools the scripts put first on PATH
// holds every tool, which answers --version as a tool the test binary
// runs does.
func TestBuiltTools(t *testing.T) {
	bin := testenv.Built(t)
	if bin == "" {
		t.Skip("the tools run as copies of the test binary (coverage or race build)")
	}
	for name := range tools.All {
		out, err := exec.Command(filepath.Join(bin, name), "--version").CombinedOutput()
		if want := name + " (devel)\n"; err != nil || string(out) != want {
			t.Errorf("%s --version: %q, %v; want %q", name, out, err, want)
		}
	}
}

// cmdLRATCheck checks the LRAT file args[1], as satrun --lrat writes it,
// against the CNF args[0] (lrattest.Verify: drat's reader, the tests'
// second checker, lrat-check where installed).
func cmdLRATCheck(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: lratcheck CNF LRAT")
	}
	if err := lrattest.Verify(ts.ReadFile(args[0]), ts.ReadFile(args[1])); err != nil {
		ts.Fatalf("lratcheck: %v", err)
	}
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
