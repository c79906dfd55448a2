package solver

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Version returns what the solver program at path says its version is, as
// satrun --list-solvers and satbench's rows both show it: the first line
// it prints for its version flag (the VersionArgs of the KnownSolvers entry
// named like the program, else --version; a leading "c " dropped),
// followed by its Debian package's version when it comes from one
// ("sc2021 (cadical 1.9.5-1 dpkg)": some solvers print only a nickname).
// A program that has no version flag (minisat, glucose), or answers it
// with an error or a usage text, gets only the package's version
// ("minisat 1:2.2.1-5+b3 dpkg"). Empty if neither works. Asking the
// program takes at most 3 s.
func Version(ctx context.Context, path string) string {
	args := []string{"--version"}
	for _, k := range KnownSolvers {
		if k.Name == filepath.Base(path) {
			args = k.VersionArgs
		}
	}
	line, ok := "", false
	if args != nil {
		ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		defer cancel()
		out, err := exec.CommandContext(ctx, path, args...).CombinedOutput()
		line = firstLine(string(out))
		low := strings.ToLower(line)
		ok = err == nil && line != "" && !strings.Contains(low, "error") &&
			!strings.Contains(low, "unknown") && !strings.Contains(low, "usage")
	}
	deb := debVersion(path)
	switch {
	case !ok:
		return deb
	case deb != "":
		return line + " (" + deb + ")"
	}
	return line
}

// firstLine returns the first non-blank line of out, without a leading
// "c ", at most 60 bytes of it.
func firstLine(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "c ")); l != "" {
			if len(l) > 60 {
				l = l[:60]
			}
			return l
		}
	}
	return ""
}

// debVersion returns "PACKAGE VERSION dpkg" for the Debian package that
// installed the program at path, "" if none did. Only system folders are
// asked about (Debian installs nothing under /usr/local).
func debVersion(path string) string {
	if p, err := filepath.EvalSymlinks(path); err == nil {
		path = p
	}
	if !strings.HasPrefix(path, "/usr/") && !strings.HasPrefix(path, "/bin/") && !strings.HasPrefix(path, "/sbin/") ||
		strings.HasPrefix(path, "/usr/local/") {
		return ""
	}
	pkg := debPackage(dpkgInfo(), path)
	if pkg == "" {
		return ""
	}
	status, err := os.Open(filepath.Join(dpkgAdmin(), "status"))
	if err != nil {
		return ""
	}
	defer status.Close()
	v := debInstalledVersion(status, pkg)
	if v == "" {
		return ""
	}
	return pkg + " " + v + " dpkg"
}

// dpkgAdmin returns dpkg's database folder: the one DPKG_ADMINDIR names,
// as for dpkg-query, else /var/lib/dpkg.
func dpkgAdmin() string {
	if d := os.Getenv("DPKG_ADMINDIR"); d != "" {
		return d
	}
	return "/var/lib/dpkg"
}

// dpkgInfo returns the folder of dpkg's file lists.
func dpkgInfo() string { return filepath.Join(dpkgAdmin(), "info") }

// debPackage returns the Debian package whose file list in the folder
// info (PKG.list, or PKG:ARCH.list for a multi-arch package) names path
// on a line of its own, as "dpkg-query -S path" finds it; "" if none
// does. It reads the lists itself: dpkg-query loads its whole database
// first, 50 ms of CPU per call, which satbench and satrun --list-solvers
// paid for every solver. The lists named like the program come first
// (cryptominisat5's package is cryptominisat), then all the others.
func debPackage(info, path string) string {
	base := filepath.Base(path)
	var first []string
	for i, name := range []string{base, strings.TrimRight(base, "0123456789-_.")} {
		if name == "" || i > 0 && name == base || strings.ContainsAny(name, "*?[\\") {
			continue
		}
		first = append(first, filepath.Join(info, name+".list"))
	}
	line := []byte("\n" + path + "\n")
	holds := func(list string) bool {
		b, err := os.ReadFile(list)
		return err == nil && (bytes.Contains(b, line) || bytes.HasPrefix(b, line[1:]) || bytes.HasSuffix(b, line[:len(line)-1]))
	}
	name := func(list string) string {
		pkg, _, _ := strings.Cut(strings.TrimSuffix(filepath.Base(list), ".list"), ":")
		return pkg
	}
	// The plain names first: a glob for the multi-arch ones reads the
	// whole folder (thousands of names).
	for _, l := range first {
		if holds(l) {
			return name(l)
		}
	}
	plain := len(first)
	for _, l := range first[:plain] {
		m, _ := filepath.Glob(strings.TrimSuffix(l, ".list") + ":*.list")
		first = append(first, m...)
	}
	for _, l := range first[plain:] {
		if holds(l) {
			return name(l)
		}
	}
	all, _ := filepath.Glob(filepath.Join(info, "*.list"))
	for _, l := range all {
		if !slices.Contains(first, l) && holds(l) {
			return name(l)
		}
	}
	return ""
}

// debInstalledVersion returns the Version field of the installed package
// pkg in status, dpkg's status file, as "dpkg-query -W -f='${Version}'
// pkg" prints it; "" if pkg is not installed or status cannot be read. It
// reads the file itself, a stanza at a time through a small buffer:
// dpkg-query costs about 8 ms a call, and the tests ask it hundreds of
// times; reading the whole file (0.7 MB here) into memory cost satbench a
// quarter of its page faults at start. Of the stanzas of a multi-arch
// package the first installed one counts.
func debInstalledVersion(status io.Reader, pkg string) string {
	br := bufio.NewReaderSize(status, 16<<10)
	var name, version string
	installed := false
	for {
		line, err := br.ReadSlice('\n')
		long := false
		for err == bufio.ErrBufferFull { // a long line: no field read here is long
			_, err = br.ReadSlice('\n')
			long = true
		}
		text := bytes.TrimRight(line, "\r\n")
		if !long && len(text) > 0 && text[0] != ' ' && text[0] != '\t' {
			key, value, _ := bytes.Cut(text, []byte(":"))
			switch value = bytes.TrimSpace(value); string(key) {
			case "Package":
				name = string(value)
			case "Version":
				version = string(value)
			case "Status":
				installed = bytes.HasSuffix(value, []byte(" installed"))
			}
		}
		if !long && len(text) == 0 || err != nil { // a stanza ends
			if name == pkg && installed && version != "" {
				return version
			}
			name, version, installed = "", "", false
		}
		if err != nil {
			return ""
		}
	}
}
