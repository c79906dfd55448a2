//go:build !linux

package outfile

import "strings"

// onProcFS reports whether dir is in a proc file system (or /dev/fd, its
// counterpart on the BSDs).
func onProcFS(dir string) bool {
	return strings.HasPrefix(dir, "/proc/") || strings.HasPrefix(dir, "/dev/fd/")
}
