package cmdio

import "runtime/debug"

// Version returns the version of the running program from its build
// information: the module's version when built by "go install m@v", else
// the VCS revision it was built from (12 digits, "+dirty" if the tree had
// changes), else "(devel)".
func Version() string { return version(debug.ReadBuildInfo()) }

// version returns Version for the build information bi, if ok.
func version(bi *debug.BuildInfo, ok bool) string {
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
