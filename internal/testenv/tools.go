package testenv

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// registered are the tools Main registered.
var registered map[string]bool

// Main is the TestMain of a package whose tests run pipesat tools as
// programs: tools maps a tool's name to its Main (internal/tools/NAME),
// manuals holds each tool's manual as NAME/doc.go (Manuals). Main runs
// the tests with every tool on PATH as a copy of the test binary that runs
// that tool (testscript.Main), so that no test builds one and the tools'
// coverage counts; Tool returns a tool's path. Main never returns.
func Main(m *testing.M, manuals fs.FS, tools map[string]func(doc string) int) {
	main(m, manuals, tools)
}

// main is Main for MainBuilt too.
func main(m testscript.TestingM, manuals fs.FS, tools map[string]func(doc string) int) {
	registered = map[string]bool{}
	cmds := map[string]func(){}
	for name, main := range tools {
		registered[name] = true
		cmds[name] = func() {
			if err := limitAddressSpace(); err != nil {
				fmt.Fprintf(os.Stderr, "%s: %s: %v\n", name, AddressSpaceEnv, err)
				os.Exit(1)
			}
			doc, err := fs.ReadFile(manuals, name+"/doc.go")
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s: the test binary has no manual: %v\n", name, err)
				os.Exit(1)
			}
			os.Exit(main(string(doc)))
		}
	}
	testscript.Main(m, cmds)
}

// AddressSpaceEnv names the environment variable that, set to a number of
// KiB, makes a tool that Main runs limit its own address space to that
// (RLIMIT_AS, as "ulimit -v" would, inherited by whatever it starts)
// before it does anything else: a test bounds the memory of many tool runs
// without starting a shell for each.
const AddressSpaceEnv = "PIPESAT_TEST_ULIMIT_V"

// limitAddressSpace sets the limit AddressSpaceEnv asks for, if any.
func limitAddressSpace() error {
	v := os.Getenv(AddressSpaceEnv)
	if v == "" {
		return nil
	}
	kb, err := strconv.ParseUint(v, 10, 64)
	if err != nil || kb == 0 || kb > 1<<40 {
		return fmt.Errorf("%q is not a number of KiB", v)
	}
	return syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: kb << 10, Max: kb << 10})
}

// Manuals returns the folder cmd of the module's source, where each tool's
// manual is NAME/doc.go, for Main. It is found from this file's path as
// the compiler recorded it (not under -trimpath), since a tool may run in
// any folder.
func Manuals() fs.FS {
	_, file, _, _ := runtime.Caller(0)
	return os.DirFS(filepath.Join(filepath.Dir(file), "..", "..", "cmd"))
}

// Tool returns the path of the tool name, which the package's TestMain
// registered with Main: a copy of the test binary, first on PATH, that
// runs the tool. It fails t if TestMain registered no such tool.
func Tool(t testing.TB, name string) string {
	t.Helper()
	if !registered[name] {
		t.Fatalf("testenv.Tool(%q): TestMain registers no such tool with testenv.Main", name)
	}
	p, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("testenv.Tool(%q): %v", name, err)
	}
	return p
}
