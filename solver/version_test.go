package solver

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/testenv"
)

// TestVersionFake runs fake programs outside the system folders (so no
// Debian package is asked about): the first line of their version flag's
// answer, without "c ", or nothing when there is no such flag or the answer
// is an error.
func TestVersionFake(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, script, want string }{
		{"cadical", "echo sc2021", "sc2021"},
		{"cryptominisat5", `printf '\n c CryptoMiniSat version 5.11.4\nc more\n'`, "CryptoMiniSat version 5.11.4"},
		{"minisat", "echo should not be asked", ""}, // no version flag: only dpkg's
		{"mysolver", `[ "$1" = --version ] && echo mysolver 2.0`, "mysolver 2.0"},
		{"picosat", `echo 'ERROR! Unknown flag "-version"'; exit 1`, ""},
		{"lingeling", "echo 'usage: lingeling [option ...]'", ""},
		{"kissat", "exit 3", ""},
	} {
		p := filepath.Join(dir, tc.name)
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+tc.script+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		if got := Version(context.Background(), p); got != tc.want {
			t.Errorf("%s: Version = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestVersionMinisat: minisat has no --version, so its version is its
// Debian package's, the same in satrun --list-solvers (List) as in
// satbench's rows (which call Version).
func TestVersionMinisat(t *testing.T) {
	p := testenv.Solver(t, "minisat")
	got := Version(context.Background(), p)
	if real, err := filepath.EvalSymlinks(p); err == nil && strings.HasPrefix(real, "/usr/") {
		out, err := exec.Command("dpkg-query", "-W", "-f=${Version}", "minisat").Output()
		if err != nil {
			t.Skipf("minisat at %s, but not from the Debian package minisat: %v", real, err)
		}
		if want := "minisat " + string(out) + " dpkg"; got != want {
			t.Errorf("Version(%s) = %q, want %q", p, got, want)
		}
	}
	for _, in := range List(context.Background()) {
		if in.Name == "minisat" && in.Version != got {
			t.Errorf("List: minisat version %q, Version says %q", in.Version, got)
		}
	}
}

// TestGiniModule: giniModule, the version the tests' gini reports, is the
// one go.mod requires, which a built tool reports from its build
// information.
func TestGiniModule(t *testing.T) {
	b, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	want := ""
	for l := range strings.Lines(string(b)) {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "github.com/go-air/gini" {
			want = f[1]
		}
	}
	if want == "" || giniModule != want || giniVersion() != want {
		t.Errorf("giniModule %q, giniVersion() %q; go.mod requires gini %q", giniModule, giniVersion(), want)
	}
}

// TestDebPackage finds the package whose file list names a path, as
// dpkg-query -S does, in a made-up dpkg database: the list named like the
// program, one named without its trailing digits, a multi-arch one, one
// found only by reading every list, and paths no list names on a line of
// its own.
func TestDebPackage(t *testing.T) {
	info := t.TempDir()
	for name, text := range map[string]string{
		"cadical.list":              "/.\n/usr\n/usr/bin\n/usr/bin/cadical\n/usr/share/doc/cadical\n",
		"cryptominisat.list":        "/.\n/usr/bin/cryptominisat5\n/usr/bin/cryptominisat5_simple\n",
		"libsolve1:amd64.list":      "/.\n/usr/lib/x86_64-linux-gnu/libsolve.so.1\n",
		"satsuite.list":             "/.\n/usr/bin/glucose\n/usr/bin/glucose-syrup", // no final newline
		"minisat.md5sums":           "/usr/bin/kissat\n",
		"picosat-extra.list":        "/usr/bin/picosat2\n",
		"cadical.conffiles":         "/usr/bin/lingeling\n",
		"zz-last-in-the-glob.list":  "/usr/bin/picosat\n",
		"aa-first-in-the-glob.list": "/usr/bin/picosat/\n/usr/bin/picosat.sh\n",
	} {
		if err := os.WriteFile(filepath.Join(info, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for path, want := range map[string]string{
		"/usr/bin/cadical":                        "cadical",
		"/usr/bin/cryptominisat5":                 "cryptominisat",
		"/usr/bin/cryptominisat5_simple":          "cryptominisat",
		"/usr/lib/x86_64-linux-gnu/libsolve.so.1": "libsolve1",
		"/usr/bin/glucose":                        "satsuite",
		"/usr/bin/glucose-syrup":                  "satsuite",
		"/usr/bin/picosat":                        "zz-last-in-the-glob",
		"/usr/bin/picosat2":                       "picosat-extra",
		"/usr/bin/kissat":                         "", // a .md5sums file is not a list
		"/usr/bin/lingeling":                      "",
		"/usr/bin/cadica":                         "",
		"/usr/bin":                                "cadical",
		"/usr/bin/glucose-syru":                   "",
	} {
		if got := debPackage(info, path); got != want {
			t.Errorf("debPackage(%s) = %q, want %q", path, got, want)
		}
	}
}

// TestDebPackageAsDpkg: on a Debian system, debPackage names the same
// package as dpkg-query -S, and debInstalledVersion reads the same version
// as dpkg-query -W prints, for every installed solver from a package.
func TestDebPackageAsDpkg(t *testing.T) {
	if _, err := exec.LookPath("dpkg-query"); err != nil {
		t.Skip("no dpkg-query")
	}
	status, err := os.ReadFile(filepath.Join(dpkgAdmin(), "status"))
	if err != nil {
		t.Fatal(err)
	}
	asked := 0
	for _, k := range KnownSolvers {
		p, err := exec.LookPath(k.Name)
		if err != nil {
			continue
		}
		if r, err := filepath.EvalSymlinks(p); err == nil {
			p = r
		}
		out, err := exec.Command("dpkg-query", "-S", p).Output()
		want, _, _ := strings.Cut(string(out), ":")
		if err != nil {
			want = ""
		}
		pkg := debPackage(dpkgInfo(), p)
		if pkg != want {
			t.Errorf("debPackage(%s) = %q; dpkg-query -S says %q", p, pkg, want)
		}
		asked++
		if pkg == "" {
			continue
		}
		version, err := exec.Command("dpkg-query", "-W", "-f=${Version}", pkg).Output()
		if err != nil {
			t.Fatalf("dpkg-query -W %s: %v", pkg, err)
		}
		if got := debInstalledVersion(bytes.NewReader(status), pkg); got != string(version) {
			t.Errorf("debInstalledVersion(%s) = %q; dpkg-query -W says %q", pkg, got, version)
		}
	}
	t.Logf("%d installed solvers asked about", asked)
}

// TestDebInstalledVersion reads a package's version from a made-up dpkg
// status file: a package named like the start of another, a field name
// inside a description, a description line longer than the reader's
// buffer, a multi-arch package whose first stanza is not installed, a
// removed package, and a last stanza without a final newline.
func TestDebInstalledVersion(t *testing.T) {
	long := "Package: glucose\nStatus: install ok installed\nDescription: " + strings.Repeat("x", 40<<10) +
		"\n " + strings.Repeat("Version: 0 ", 4<<10) + "\nVersion: 4.2.1-1\n\n"
	status := []byte(long + `Package: cadical-extra
Status: install ok installed
Version: 9.9

Package: cadical
Status: install ok installed
Priority: optional
Description: a solver
 Version: 0.0 in a description
Version: 1.5.3-2

Package: libsolve1
Status: deinstall ok config-files
Architecture: i386
Version: 1.0

Package: libsolve1
Status: install ok installed
Architecture: amd64
Version: 1.1

Package: minisat
Status: deinstall ok config-files
Version: 1:2.2.1-5

Package: picosat
Version: 965-2
Status: install ok installed`)
	for pkg, want := range map[string]string{
		"cadical":       "1.5.3-2",
		"cadical-extra": "9.9",
		"libsolve1":     "1.1",
		"minisat":       "",
		"picosat":       "965-2",
		"kissat":        "",
		"cadica":        "",
		"glucose":       "4.2.1-1",
	} {
		if got := debInstalledVersion(bytes.NewReader(status), pkg); got != want {
			t.Errorf("debInstalledVersion(%s) = %q, want %q", pkg, got, want)
		}
	}
}
