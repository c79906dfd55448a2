package pipesat_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
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
