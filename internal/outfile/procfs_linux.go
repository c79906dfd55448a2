package outfile

import "golang.org/x/sys/unix"

// onProcFS reports whether dir is in a proc file system.
func onProcFS(dir string) bool {
	var sfs unix.Statfs_t
	return unix.Statfs(dir, &sfs) == nil && sfs.Type == unix.PROC_SUPER_MAGIC
}
