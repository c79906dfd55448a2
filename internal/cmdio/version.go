package cmdio

import "runtime/debug"

// stamped is the version the Makefile's build and install stamp into the
// tools, "git describe --tags --always --dirty" of the checkout, with
//
//	-ldflags "-X github.com/pipesat/pipesat/internal/cmdio.stamped=VERSION"
//
// so that a machine that builds with -buildvcs=false (no VCS information
// in the binary) still has a version. It is "" in any other build: go
// build, go install m@v, go test (whose output therefore stays
// "(devel)").
var stamped string

// Version returns the version of the running program: the one the
// Makefile stamped in; else the module's version from its build
// information (go install m@v1.2.3; go build's own pseudo-version from
// VCS tags); else the VCS revision it was built from (12 digits, "+dirty"
// if the tree had changes); else "(devel)".
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	return version(stamped, bi, ok)
}

// version returns Version for the stamped version and the build
// information bi, if ok.
func version(stamped string, bi *debug.BuildInfo, ok bool) string {
	if stamped != "" {
		return stamped
	}
	if !ok {
		return "(devel)"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "(devel)"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	return rev
}
