package solver

import (
	"context"
	"os/exec"
	"path/filepath"
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
// asked about: dpkg-query takes a while to say no.
func debVersion(path string) string {
	if p, err := filepath.EvalSymlinks(path); err == nil {
		path = p
	}
	if !strings.HasPrefix(path, "/usr/") && !strings.HasPrefix(path, "/bin/") && !strings.HasPrefix(path, "/sbin/") {
		return ""
	}
	out, err := exec.Command("dpkg-query", "-S", path).Output()
	if err != nil {
		return ""
	}
	pkg, _, ok := strings.Cut(string(out), ":")
	if !ok {
		return ""
	}
	v, err := exec.Command("dpkg-query", "-W", "-f=${Version}", pkg).Output()
	if err != nil || len(v) == 0 {
		return ""
	}
	return pkg + " " + string(v) + " dpkg"
}
