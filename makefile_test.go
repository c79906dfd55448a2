package pipesat_test

// This file is the one place where the tests build a tool (issue 19): the
// version a tool reports is stamped by the linker (make's -ldflags -X) or
// recorded by go install, so only a tool built those ways can show it.
// Every other test runs the tools in-process (testscript.Main, testenv.Main).

import (
	"archive/zip"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/testenv"
)

// TestMakefileStampsVersion builds a tool with the Makefile's own build
// command (make -n build) on a build that records no VCS information
// (-buildvcs=false, as some machines set in GOFLAGS), and checks that
// --version and the "c pipesat tool" line name the checkout's git
// describe, not "(devel)" (issue 22). The install target passes the same
// flags. A wrong -X name is ignored by the linker without a word: only
// running the stamped tool catches it.
func TestMakefileStampsVersion(t *testing.T) {
	if testing.Short() {
		t.Skip("links a tool: not with -short")
	}
	for _, p := range []string{"make", "git"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s not installed", p)
		}
	}
	describe, err := exec.Command("git", "describe", "--tags", "--always", "--dirty").Output()
	if err != nil {
		t.Skipf("not a git checkout: git describe: %v", err)
	}
	want := strings.TrimSpace(string(describe))
	bin := t.TempDir()
	dry := func(target string) string {
		out, err := exec.Command("make", "-s", "-n", target, "BIN="+bin).Output()
		if err != nil {
			t.Fatalf("make -n %s: %v", target, err)
		}
		return strings.TrimSpace(string(out))
	}
	stamp := "-ldflags '-X github.com/pipesat/pipesat/internal/cmdio.stamped=" + want + "'"
	build := dry("build")
	if !strings.Contains(build, stamp) || !strings.HasSuffix(build, " ./cmd/...") {
		t.Fatalf("make -n build = %q\nwant a go build with %s of ./cmd/...", build, stamp)
	}
	if install := dry("install"); !strings.Contains(install, stamp) {
		t.Errorf("make -n install = %q\nwant %s", install, stamp)
	}

	// Make's command for one tool, run as make would run it.
	cmd := exec.Command("sh", "-c", strings.TrimSuffix(build, "./cmd/...")+"./cmd/queens2cnf")
	cmd.Env = append(os.Environ(), "GOFLAGS=-buildvcs=false")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cmd, err, out)
	}
	tool := filepath.Join(bin, "queens2cnf")
	if out, err := exec.Command(tool, "--version").Output(); err != nil || string(out) != "queens2cnf "+want+"\n" {
		t.Errorf("queens2cnf --version = %q, %v; want %q", out, err, "queens2cnf "+want+"\n")
	}
	out, err := exec.Command(tool, "4").Output()
	if first, _, _ := strings.Cut(string(out), "\n"); err != nil || first != "c pipesat tool queens2cnf "+want {
		t.Errorf("queens2cnf 4 starts %q, %v; want %q", first, err, "c pipesat tool queens2cnf "+want)
	}
}

// TestGoInstallKeepsVersion installs a tool as a user does, "go install
// github.com/pipesat/pipesat/cmd/queens2cnf@VERSION", from a module proxy
// in a folder (the checkout's files zipped as that version; the
// dependencies from the module cache's own download folder, so nothing
// goes to the network) on a build that records no VCS information, and
// checks that --version and the "c pipesat tool" line name VERSION: the
// module version go install fetched (issue 22). The build is -trimpath:
// the module cache is a new folder each run, and without it every
// package's file paths would differ from the last run's, so the go
// command would compile all 27 of them again (4 s of CPU); the version
// comes from the build information, which -trimpath leaves alone.
//
// It runs only with PIPESAT_TEST_FULL (testenv.Full): with a cold module
// or build cache it takes minutes (340 s at load 11-35 on 2 cores). In the
// default run, internal/cmdio's TestVersion checks the same property from
// the build information go install records (Main.Version "v1.2.3" with
// VCS settings gives "v1.2.3"), and TestMakefileStampsVersion a real
// build.
func TestGoInstallKeepsVersion(t *testing.T) {
	if !testenv.Full() {
		t.Skip("go install from a module zip: only with PIPESAT_TEST_FULL (cmdio's TestVersion checks the version it records)")
	}
	t.Parallel() // mostly waits for the go command
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	files, err := exec.Command("git", "ls-files", "-z").Output()
	if err != nil {
		t.Skipf("not a git checkout: git ls-files: %v", err)
	}
	gomodcache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	const module, version = "github.com/pipesat/pipesat", "v0.0.1-installtest"
	tmp := t.TempDir()
	at := filepath.Join(tmp, "proxy", module, "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	for _, f := range strings.Split(strings.TrimSuffix(string(files), "\x00"), "\x00") {
		b, err := os.ReadFile(f)
		if os.IsNotExist(err) {
			continue // deleted in the work tree, not yet committed
		}
		if err != nil {
			t.Fatal(err)
		}
		w, err := zw.Create(module + "@" + version + "/" + f)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(b)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string][]byte{
		"list":            []byte(version + "\n"),
		version + ".info": []byte(`{"Version":"` + version + `","Time":"2026-01-01T00:00:00Z"}`),
		version + ".mod":  gomod,
		version + ".zip":  zb.Bytes(),
	} {
		if err := os.WriteFile(filepath.Join(at, name), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(tmp, "bin")
	cmd := exec.Command("go", "install", "-tags", "urfave_cli_no_docs", module+"/cmd/queens2cnf@"+version)
	cmd.Dir = tmp // outside the checkout: go install m@v ignores it anyway
	cmd.Env = append(os.Environ(), "GOBIN="+bin, "GOMODCACHE="+filepath.Join(tmp, "modcache"),
		"GOPROXY=file://"+filepath.Join(tmp, "proxy")+",file://"+filepath.Join(strings.TrimSpace(string(gomodcache)), "cache", "download"),
		"GOSUMDB=off", "GONOSUMDB=", "GOPRIVATE=", "GONOPROXY=", "GOTOOLCHAIN=local", "GOFLAGS=-modcacherw -buildvcs=false -trimpath")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go install %s/cmd/queens2cnf@%s: %v\n%s", module, version, err, out)
	}
	tool := filepath.Join(bin, "queens2cnf")
	if out, err := exec.Command(tool, "--version").Output(); err != nil || string(out) != "queens2cnf "+version+"\n" {
		t.Errorf("queens2cnf --version = %q, %v; want %q", out, err, "queens2cnf "+version+"\n")
	}
	out, err := exec.Command(tool, "4").Output()
	if first, _, _ := strings.Cut(string(out), "\n"); err != nil || first != "c pipesat tool queens2cnf "+version {
		t.Errorf("queens2cnf 4 starts %q, %v; want %q", first, err, "c pipesat tool queens2cnf "+version)
	}
}
